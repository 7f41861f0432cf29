/** POST /api/v1/webhooks/{id}/rotate-secret — the new secret, shown once; the previous one signs for 24 h more. */
import { apiHandler } from '#http/api-handler.ts';
import { ok } from '#http/response.ts';
import { rotateWebhookSecret as operation } from '#webhooks/webhooks.contract.ts';
import { rotateWebhookSecret } from '#webhooks/webhooks.service.ts';

export const handler = apiHandler(operation, async ({ caller, path }) =>
  ok(await rotateWebhookSecret(caller.organizationId, path.id), { holdsSecret: true }),
);
