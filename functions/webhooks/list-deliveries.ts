/** GET /api/v1/webhooks/:id/deliveries?page&limit&status */
import { apiHandler } from '#http/api-handler.ts';
import { paginated } from '#http/response.ts';
import { listDeliveries } from '#webhooks/webhook-delivery-log.service.ts';
import { listWebhookDeliveries as operation } from '#webhooks/webhooks.contract.ts';

export const handler = apiHandler(operation, async ({ caller, path, query }) =>
  paginated(await listDeliveries(caller.organizationId, path.id, query)),
);
