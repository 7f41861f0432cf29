/** DELETE /api/v1/webhooks/{id} */
import { apiHandler } from '#http/api-handler.ts';
import { ok } from '#http/response.ts';
import { deleteWebhook as operation } from '#webhooks/webhooks.contract.ts';
import { removeWebhook } from '#webhooks/webhooks.service.ts';

export const handler = apiHandler(operation, async ({ caller, path }) =>
  ok(await removeWebhook(caller.organizationId, path.id)),
);
