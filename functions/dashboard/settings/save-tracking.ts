/**
 * POST /dashboard/settings/tracking — saves the tracking defaults (the same service as
 * PUT /api/v1/settings/tracking) and goes back to the form. A checkbox is on when posted, off when absent.
 */
import { setTrackingDefaults } from '#accounts/settings.service.ts';
import { memberPage } from '#dashboard/page-handler.ts';
import { settingsInputs } from '#dashboard/settings/settings.schemas.ts';
import { TRACKING_PATH } from '#dashboard/settings/tracking.view.ts';

export const handler = memberPage(settingsInputs.saveTracking, async ({ member, form }) => {
  await setTrackingDefaults(member.organizationId, form);
  return { redirect: `${TRACKING_PATH}?notice=saved` };
});
