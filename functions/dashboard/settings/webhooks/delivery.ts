/**
 * GET /dashboard/settings/webhooks/{id}/deliveries/{delivery_id} — one delivery: event type, status,
 * `webhook-id`, its attempts (time, status code, duration, error, the answer's first 1 KB), the
 * payload, and a Retry button unless it is pending. Another organization's is 404.
 */
import { memberPage } from '#dashboard/page-handler.ts';
import { webhookDeliveryPage } from '#dashboard/webhooks/webhooks.data.ts';
import { webhookInputs } from '#dashboard/webhooks/webhooks.schemas.ts';

export const handler = memberPage(webhookInputs.delivery, async ({ member, path, query }) =>
  webhookDeliveryPage(member, path.id, path.delivery_id, { notice: query.notice }),
);
