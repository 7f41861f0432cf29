/** GET /dashboard/settings/auto-validation — the organization's auto-validation threshold, as a form. */
import * as z from 'zod';
import { getAutoValidationThreshold } from '#accounts/settings.service.ts';
import { memberPage } from '#dashboard/page-handler.ts';
import { autoValidationPage } from '#dashboard/pages/settings.ts';

// `notice` selects a fixed message; its text is never shown.
const query = z.object({ notice: z.string().optional() });

export const handler = memberPage({ query }, async ({ member, query }) =>
  autoValidationPage({
    member,
    threshold: await getAutoValidationThreshold(member.organizationId),
    notice: query.notice,
  }),
);
