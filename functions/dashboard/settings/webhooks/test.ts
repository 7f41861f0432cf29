/**
 * POST /dashboard/settings/webhooks/{id}/test — posts a signed `webhook.test` event to the endpoint
 * now (the same service as POST /api/v1/webhooks/{id}/test) and shows its page with the answer:
 * status code, error, duration, and a link to the delivery. It counts in the API route's window of
 * webhook tests (10 a minute per organization): a 429 page past it.
 */
import { memberPage } from '#dashboard/page-handler.ts';
import { webhookDetailPage } from '#dashboard/webhooks/webhooks.data.ts';
import { webhookInputs } from '#dashboard/webhooks/webhooks.schemas.ts';
import { admitInRouteWindow } from '#http/middleware/rate-limit.ts';
import { webhookTestLimit } from '#http/route-limits.ts';
import { sendTestEvent } from '#webhooks/webhook-delivery-log.service.ts';

export const handler = memberPage(webhookInputs.test, async ({ member, path }) => {
  await admitInRouteWindow(member.organizationId, webhookTestLimit);
  const testResult = await sendTestEvent(member.organizationId, path.id);
  return webhookDetailPage(member, path.id, { testResult });
});
