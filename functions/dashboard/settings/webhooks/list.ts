/** GET /dashboard/settings/webhooks — the organization's webhook endpoints and the form to add one. */
import * as z from 'zod';
import { memberPage } from '#dashboard/page-handler.ts';
import { webhooksListPage } from '#dashboard/webhook-pages.ts';

// `notice` selects a fixed message; its text is never shown.
const query = z.object({ notice: z.string().max(50).optional() });

export const handler = memberPage({ query }, async ({ member, query }) =>
  webhooksListPage(member, { notice: query.notice }),
);
