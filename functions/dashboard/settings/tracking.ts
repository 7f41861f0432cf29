/** GET /dashboard/settings/tracking — the organization's open and click tracking defaults, as a form. */
import { memberPage } from '#dashboard/page-handler.ts';
import { trackingFormPage } from '#dashboard/settings/settings.data.ts';
import { settingsInputs } from '#dashboard/settings/settings.schemas.ts';

export const handler = memberPage(settingsInputs.tracking, async ({ member, query }) =>
  trackingFormPage(member, { notice: query.notice }),
);
