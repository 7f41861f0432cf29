/** GET /dashboard/settings/api-keys — the organization's keys and the form to create one. */
import { memberPage } from '#dashboard/page-handler.ts';
import { apiKeysListPage } from '#dashboard/settings/settings.data.ts';
import { settingsInputs } from '#dashboard/settings/settings.schemas.ts';

export const handler = memberPage(settingsInputs.apiKeys, async ({ member, query }) =>
  apiKeysListPage(member, { notice: query.notice }),
);
