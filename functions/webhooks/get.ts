/** GET /api/v1/webhooks/{id} — never the secret. */
import { apiHandler } from '#http/api-handler.ts';
import { ok } from '#http/response.ts';
import { getWebhook as operation } from '#webhooks/webhooks.contract.ts';
import { getWebhookView } from '#webhooks/webhooks.service.ts';

export const handler = apiHandler(operation, async ({ caller, path }) =>
  ok(await getWebhookView(caller.organizationId, path.id)),
);
