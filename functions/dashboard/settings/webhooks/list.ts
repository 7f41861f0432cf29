/** GET /dashboard/settings/webhooks — the organization's webhook endpoints and the form to add one. */
import { memberPage } from '#dashboard/page-handler.ts';
import { webhooksListPage } from '#dashboard/webhooks/webhooks.data.ts';
import { webhookInputs } from '#dashboard/webhooks/webhooks.schemas.ts';

export const handler = memberPage(webhookInputs.list, async ({ member, query }) =>
  webhooksListPage(member, { notice: query.notice }),
);
