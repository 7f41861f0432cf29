/** POST /api/v1/webhooks — the secret is in this answer only (never cached: `Cache-Control: no-store`). */
import { apiHandler } from '#http/api-handler.ts';
import { created } from '#http/response.ts';
import { createWebhook as operation } from '#webhooks/webhooks.contract.ts';
import { createWebhook } from '#webhooks/webhooks.service.ts';

export const handler = apiHandler(operation, async ({ caller, body }) =>
  created(await createWebhook(caller.organizationId, body), { holdsSecret: true }),
);
