/**
 * POST /dashboard/settings/webhooks — adds an endpoint (the same service as POST /api/v1/webhooks)
 * and answers 201 with the list and the endpoint's signing secret, this once. A refused URL or
 * description, or a 21st endpoint (409), shows the form again with the message and what was typed.
 */
import { memberPage } from '#dashboard/page-handler.ts';
import { webhooksListPage } from '#dashboard/webhooks/webhooks.data.ts';
import { webhookFormValues, webhookInputs } from '#dashboard/webhooks/webhooks.schemas.ts';
import { createWebhook } from '#webhooks/webhooks.service.ts';

export const handler = memberPage(
  webhookInputs.create,
  async ({ member, form }) => {
    const { secret, ...webhook } = await createWebhook(member.organizationId, {
      url: form.url,
      events: form.events,
      ...(form.description ? { description: form.description } : {}),
    });
    return webhooksListPage(member, { created: { webhook, secret } });
  },
  {
    onInvalid: ({ member, form }, error) =>
      webhooksListPage(member, { form: { values: webhookFormValues(form), error }, status: error.statusCode }),
  },
);
