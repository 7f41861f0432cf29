/**
 * POST /dashboard/settings/webhooks/{id}/delete — deletes an endpoint of the member's organization
 * (the same service as DELETE /api/v1/webhooks/{id}: another's, or an unknown id, is 404) and goes
 * back to the list.
 */
import { memberPage } from '#dashboard/page-handler.ts';
import { WEBHOOKS_PATH } from '#dashboard/webhooks/webhook-paths.ts';
import { webhookInputs } from '#dashboard/webhooks/webhooks.schemas.ts';
import { removeWebhook } from '#webhooks/webhooks.service.ts';

export const handler = memberPage(webhookInputs.delete, async ({ member, path }) => {
  await removeWebhook(member.organizationId, path.id);
  return { redirect: `${WEBHOOKS_PATH}?notice=deleted` };
});
