/** POST /api/v1/webhooks/:id/deliveries/:delivery_id/retry — one attempt now, same webhook-id. */
import { apiHandler } from '#http/api-handler.ts';
import { accepted } from '#http/response.ts';
import { retryDelivery } from '#webhooks/webhook-retry.service.ts';
import { retryWebhookDelivery as operation } from '#webhooks/webhooks.contract.ts';

export const handler = apiHandler(operation, async ({ caller, path }) =>
  accepted(await retryDelivery(caller.organizationId, path.id, path.delivery_id)),
);
