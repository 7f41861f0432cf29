/**
 * GET /dashboard/settings/webhooks/{id}/delete — asks before deleting. Only the member's own
 * organization's endpoints are found: any other id is 404.
 */
import { memberPage } from '#dashboard/page-handler.ts';
import { confirmDeleteWebhookPage } from '#dashboard/webhooks/endpoints.view.ts';
import { webhookInputs } from '#dashboard/webhooks/webhooks.schemas.ts';
import { getWebhookView } from '#webhooks/webhooks.service.ts';

export const handler = memberPage(webhookInputs.confirmDelete, async ({ member, path }) =>
  confirmDeleteWebhookPage(member, await getWebhookView(member.organizationId, path.id)),
);
