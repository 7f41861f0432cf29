/**
 * POST /dashboard/settings/auto-validation — saves the threshold (the same service as
 * PUT /api/v1/settings/auto-validation) and goes back to the form. Another value: the form again, 400.
 */
import * as z from 'zod';
import { AUTO_VALIDATION_THRESHOLDS } from '#accounts/organization.ts';
import { getAutoValidationThreshold, setAutoValidationThreshold } from '#accounts/settings.service.ts';
import { memberPage } from '#dashboard/page-handler.ts';
import { AUTO_VALIDATION_PATH, autoValidationPage } from '#dashboard/pages/settings.ts';

const form = z.object({
  threshold: z.enum(AUTO_VALIDATION_THRESHOLDS, { error: 'Choose one of off, managed, medium or high' }),
});

export const handler = memberPage(
  {
    form,
    onInvalid: async ({ member }, error) =>
      autoValidationPage({
        member,
        threshold: await getAutoValidationThreshold(member.organizationId),
        error,
        status: error.statusCode,
      }),
  },
  async ({ member, form }) => {
    await setAutoValidationThreshold(member.organizationId, form.threshold);
    return { redirect: `${AUTO_VALIDATION_PATH}?notice=saved` };
  },
);
