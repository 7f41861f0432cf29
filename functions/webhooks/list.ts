/** GET /api/v1/webhooks — every endpoint, oldest first (at most 20). */
import { apiHandler } from '#http/api-handler.ts';
import { ok } from '#http/response.ts';
import { listWebhooks as operation } from '#webhooks/webhooks.contract.ts';
import { listWebhooks } from '#webhooks/webhooks.service.ts';

export const handler = apiHandler(operation, async ({ caller }) => ok(await listWebhooks(caller.organizationId)));
