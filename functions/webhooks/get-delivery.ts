/** GET /api/v1/webhooks/:id/deliveries/:delivery_id — with its payload and attempts. */
import { apiHandler } from '#http/api-handler.ts';
import { ok } from '#http/response.ts';
import { getDeliveryView } from '#webhooks/webhook-delivery-log.service.ts';
import { getWebhookDelivery as operation } from '#webhooks/webhooks.contract.ts';

export const handler = apiHandler(operation, async ({ caller, path }) =>
  ok(await getDeliveryView(caller.organizationId, path.id, path.delivery_id)),
);
