/**
 * GET /dashboard/settings/api-keys/{id}/revoke — asks before revoking. Only the member's own
 * organization's keys are found: any other id is 404.
 */
import { z } from 'zod';
import { memberPage } from '../../../shared/dashboard/page-handler.ts';
import { confirmRevokePage } from '../../../shared/dashboard/pages/settings.ts';
import { listApiKeys } from '../../../shared/domain/accounts.ts';
import { notFound } from '../../../shared/errors.ts';

const path = z.object({ id: z.string() });

export const handler = memberPage({ path }, async ({ member, path }) => {
  const key = (await listApiKeys(member.organizationId)).find((candidate) => candidate.id === path.id);
  if (!key) throw notFound('API key');
  return confirmRevokePage(member, key);
});
