/** POST /api/v1/webhooks/:id/test — a signed webhook.test event now, answered with the attempt. */
import { apiHandler } from '#http/api-handler.ts';
import { ok } from '#http/response.ts';
import { sendTestEvent } from '#webhooks/webhook-deliveries.service.ts';
import { testWebhook as operation } from '#webhooks/webhooks.contract.ts';

export const handler = apiHandler(operation, async ({ caller, path }) =>
  ok(await sendTestEvent(caller.organizationId, path.id)),
);
