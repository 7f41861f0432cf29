/**
 * POST /dashboard/settings/webhooks — adds an endpoint (the same service as POST /api/v1/webhooks)
 * and answers 201 with the list and the endpoint's signing secret, this once. A refused URL or
 * description, or a 21st endpoint (409), shows the form again with the message and what was typed.
 */
import { memberPage } from '#dashboard/page-handler.ts';
import { webhookForm, webhookFormValues } from '#dashboard/pages/webhooks.ts';
import { webhooksListPage } from '#dashboard/webhook-pages.ts';
import { createWebhook } from '#webhooks/webhooks.service.ts';

export const handler = memberPage(
  {
    form: webhookForm,
    onInvalid: ({ member, form }, error) =>
      webhooksListPage(member, { form: { values: webhookFormValues(form), error }, status: error.statusCode }),
  },
  async ({ member, form }) => {
    const { secret, ...webhook } = await createWebhook(member.organizationId, {
      url: form.url,
      events: form.events,
      ...(form.description ? { description: form.description } : {}),
    });
    return webhooksListPage(member, { created: { webhook, secret } });
  },
);
