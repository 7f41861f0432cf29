/**
 * GET /dashboard/settings/webhooks/{id}?page&limit&status — an endpoint: its details, the test,
 * rotate and delete actions, the edit form and its deliveries (newest first, paginated, by status).
 * Another organization's endpoint, or an id that is not an endpoint's, is 404.
 */
import * as z from 'zod';
import { pageQuery } from '#core/pages.ts';
import { memberPage } from '#dashboard/page-handler.ts';
import { webhookDetailPage } from '#dashboard/webhook-pages.ts';
import { idPath } from '#platform/api-schemas.ts';
import { DELIVERY_STATUSES } from '#webhooks/webhook-delivery.ts';

const query = z.object({
  ...pageQuery.shape,
  // The filter's "All" sends an empty status.
  status: z
    .enum([...DELIVERY_STATUSES, ''], { message: `status must be one of ${DELIVERY_STATUSES.join(', ')}` })
    .optional()
    .transform((status) => status || undefined),
  // `notice` selects a fixed message; its text is never shown.
  notice: z.string().max(50).optional(),
});

export const handler = memberPage({ path: idPath, query }, async ({ member, path, query }) => {
  const { notice, ...deliveries } = query;
  return webhookDetailPage(member, path.id, { query: deliveries, notice });
});
