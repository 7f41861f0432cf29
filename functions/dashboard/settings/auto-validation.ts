/** GET /dashboard/settings/auto-validation — the organization's auto-validation threshold, as a form. */
import { memberPage } from '#dashboard/page-handler.ts';
import { autoValidationFormPage } from '#dashboard/settings/settings.data.ts';
import { settingsInputs } from '#dashboard/settings/settings.schemas.ts';

export const handler = memberPage(settingsInputs.autoValidation, async ({ member, query }) =>
  autoValidationFormPage(member, { notice: query.notice }),
);
