/**
 * POST /api/v1/webhooks/:id/test — a signed webhook.test event now, answered with the attempt. Each is
 * a synchronous outbound POST, so besides the organization's rate it has a small window of its own:
 * 10 per minute per organization (WEBHOOK_TEST_RATE_LIMIT_PER_MINUTE; shared with the dashboard's
 * test button), 429 RATE_LIMITED beyond.
 */
import { apiHandler } from '#http/api-handler.ts';
import { ok } from '#http/response.ts';
import { webhookTestLimit } from '#http/route-limits.ts';
import { sendTestEvent } from '#webhooks/webhook-delivery-log.service.ts';
import { testWebhook as operation } from '#webhooks/webhooks.contract.ts';

export const handler = apiHandler(
  operation,
  async ({ caller, path }) => ok(await sendTestEvent(caller.organizationId, path.id)),
  { routeRateLimit: webhookTestLimit },
);
