/**
 * POST /dashboard/settings/auto-validation — saves the threshold (the same service as
 * PUT /api/v1/settings/auto-validation) and goes back to the form. Another value: the form again, 400.
 */
import { setAutoValidationThreshold } from '#accounts/settings.service.ts';
import { memberPage } from '#dashboard/page-handler.ts';
import { AUTO_VALIDATION_PATH } from '#dashboard/settings/auto-validation.view.ts';
import { autoValidationFormPage } from '#dashboard/settings/settings.data.ts';
import { settingsInputs } from '#dashboard/settings/settings.schemas.ts';

export const handler = memberPage(
  settingsInputs.saveAutoValidation,
  async ({ member, form }) => {
    await setAutoValidationThreshold(member.organizationId, form.threshold);
    return { redirect: `${AUTO_VALIDATION_PATH}?notice=saved` };
  },
  { onInvalid: async ({ member }, error) => autoValidationFormPage(member, { error, status: error.statusCode }) },
);
