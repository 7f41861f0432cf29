/**
 * POST /dashboard/settings/tracking — saves the tracking defaults (the same service as
 * PUT /api/v1/settings/tracking) and goes back to the form. A checkbox is on when posted, off when absent.
 */
import * as z from 'zod';
import { setTrackingDefaults } from '#accounts/settings.service.ts';
import { memberPage } from '#dashboard/page-handler.ts';
import { TRACKING_PATH } from '#dashboard/pages/settings.ts';

const checkbox = z
  .literal('on')
  .optional()
  .transform((value) => value === 'on');
const form = z.object({ opens: checkbox, clicks: checkbox });

export const handler = memberPage({ form }, async ({ member, form }) => {
  await setTrackingDefaults(member.organizationId, form);
  return { redirect: `${TRACKING_PATH}?notice=saved` };
});
