/**
 * POST /dashboard/settings/webhooks/{id} — saves the edit form (URL, description, events, enabled:
 * the same service as PATCH /api/v1/webhooks/{id}) and goes back to the endpoint. A refused URL or
 * description shows the form again (400) with the message and what was typed.
 */
import { apiErrorPage } from '#dashboard/error-page.ts';
import { memberPage } from '#dashboard/page-handler.ts';
import { webhookPath } from '#dashboard/webhooks/webhook-paths.ts';
import { editFormAgain } from '#dashboard/webhooks/webhooks.data.ts';
import { webhookInputs } from '#dashboard/webhooks/webhooks.schemas.ts';
import { updateWebhookFields } from '#webhooks/webhooks.service.ts';

export const handler = memberPage(
  webhookInputs.update,
  async ({ member, path, form }) => {
    await updateWebhookFields(member.organizationId, path.id, {
      url: form.url,
      description: form.description || null,
      events: form.events,
      enabled: form.enabled,
    });
    return { redirect: `${webhookPath(path.id)}?notice=saved` };
  },
  {
    onInvalid: async ({ member, form, event }, error) => {
      const webhookId = event.pathParameters?.id;
      return webhookId ? editFormAgain(member, webhookId, form, error) : apiErrorPage(error, member);
    },
  },
);
