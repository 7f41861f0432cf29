/**
 * POST /dashboard/settings/api-keys/{id}/revoke — revokes a key of the member's organization (the
 * service finds keys within that organization only: another's, or an id that is not a key id, is
 * 404) and goes back to the list.
 */

import { revokeApiKey } from '#accounts/accounts.service.ts';
import { memberPage } from '#dashboard/page-handler.ts';
import { API_KEYS_PATH } from '#dashboard/settings/api-keys.view.ts';
import { settingsInputs } from '#dashboard/settings/settings.schemas.ts';

export const handler = memberPage(settingsInputs.revokeApiKey, async ({ member, path }) => {
  await revokeApiKey(member.organizationId, path.id);
  return { redirect: `${API_KEYS_PATH}?notice=revoked` };
});
