/**
 * GET /dashboard/settings/webhooks/{id}/deliveries/{delivery_id} — one delivery: event type, status,
 * `webhook-id`, its attempts (time, status code, duration, error, the answer's first 1 KB), the
 * payload, and a Retry button unless it is pending. Another organization's is 404.
 */
import * as z from 'zod';
import { memberPage } from '#dashboard/page-handler.ts';
import { webhookDeliveryPage } from '#dashboard/webhook-pages.ts';

const deliveryPathParameters = z.strictObject({ id: z.string(), delivery_id: z.string() });

// `notice` selects a fixed message; its text is never shown.
const query = z.object({ notice: z.string().max(50).optional() });

export const handler = memberPage({ path: deliveryPathParameters, query }, async ({ member, path, query }) =>
  webhookDeliveryPage(member, path.id, path.delivery_id, { notice: query.notice }),
);
