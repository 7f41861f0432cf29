/**
 * GET /dashboard/settings/api-keys/{id}/revoke — asks before revoking. Only the member's own
 * organization's keys are found: any other id is 404.
 */
import { memberPage } from '../../../shared/dashboard/page-handler.ts';
import { confirmRevokePage } from '../../../shared/dashboard/pages/settings.ts';
import { getApiKey } from '../../../shared/domain/accounts.ts';
import { idPath } from '../../../shared/http/schemas.ts';

export const handler = memberPage({ path: idPath }, async ({ member, path }) =>
  confirmRevokePage(member, await getApiKey(member.organizationId, path.id)),
);
