/**
 * GET /dashboard/settings/webhooks/{id}?page&limit&status — an endpoint: its details, the test,
 * rotate and delete actions, the edit form and its deliveries (newest first, paginated, by status).
 * Another organization's endpoint, or an id that is not an endpoint's, is 404.
 */
import { memberPage } from '#dashboard/page-handler.ts';
import { webhookDetailPage } from '#dashboard/webhooks/webhooks.data.ts';
import { webhookInputs } from '#dashboard/webhooks/webhooks.schemas.ts';

export const handler = memberPage(webhookInputs.detail, async ({ member, path, query }) => {
  const { notice, ...deliveries } = query;
  return webhookDetailPage(member, path.id, { query: deliveries, notice });
});
