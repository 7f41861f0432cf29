/**
 * POST /dashboard/settings/webhooks/{id}/rotate-secret — a new signing secret (the same service as
 * POST /api/v1/webhooks/{id}/rotate-secret), shown on the endpoint's page this once; the previous one
 * keeps signing alongside it for 24 hours.
 */
import { memberPage } from '#dashboard/page-handler.ts';
import { webhookDetailPage } from '#dashboard/webhooks/webhooks.data.ts';
import { webhookInputs } from '#dashboard/webhooks/webhooks.schemas.ts';
import { rotateWebhookSecret } from '#webhooks/webhooks.service.ts';

export const handler = memberPage(webhookInputs.rotateSecret, async ({ member, path }) => {
  const { secret } = await rotateWebhookSecret(member.organizationId, path.id);
  return webhookDetailPage(member, path.id, { rotatedSecret: secret });
});
