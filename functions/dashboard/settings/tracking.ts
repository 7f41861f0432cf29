/** GET /dashboard/settings/tracking — the organization's open and click tracking defaults, as a form. */
import * as z from 'zod';
import { getTrackingDefaults } from '#accounts/settings.service.ts';
import { memberPage } from '#dashboard/page-handler.ts';
import { trackingPage } from '#dashboard/pages/settings.ts';

// `notice` selects a fixed message; its text is never shown.
const query = z.object({ notice: z.string().optional() });

export const handler = memberPage({ query }, async ({ member, query }) =>
  trackingPage({ member, tracking: await getTrackingDefaults(member.organizationId), notice: query.notice }),
);
