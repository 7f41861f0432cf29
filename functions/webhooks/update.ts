/** PATCH /api/v1/webhooks/{id} — changes the fields given. */
import { apiHandler } from '#http/api-handler.ts';
import { ok } from '#http/response.ts';
import { updateWebhook as operation } from '#webhooks/webhooks.contract.ts';
import { updateWebhookFields } from '#webhooks/webhooks.service.ts';

export const handler = apiHandler(operation, async ({ caller, path, body }) =>
  ok(await updateWebhookFields(caller.organizationId, path.id, body)),
);
