/**
 * POST /dashboard/settings/api-keys/{id}/revoke — revokes a key of the member's organization (the
 * service finds keys within that organization only: another's is 404) and goes back to the list.
 */
import { z } from 'zod';
import { memberPage } from '../../../shared/dashboard/page-handler.ts';
import { API_KEYS_PATH } from '../../../shared/dashboard/pages/settings.ts';
import { revokeApiKey } from '../../../shared/domain/accounts.ts';
import { isResourceId } from '../../../shared/domain/ids.ts';
import { notFound } from '../../../shared/errors.ts';

const path = z.object({ id: z.string() });

export const handler = memberPage({ path }, async ({ member, path }) => {
  // Not an id of ours (it could even be too long for a table key): not found, without a read.
  if (!isResourceId('key', path.id)) throw notFound('API key');
  await revokeApiKey(member.organizationId, path.id);
  return { redirect: `${API_KEYS_PATH}?notice=revoked` };
});
