/**
 * GET /dashboard/settings/api-keys/{id}/revoke — asks before revoking. Only the member's own
 * organization's keys are found: any other id is 404.
 */

import { getApiKey } from '#accounts/accounts.service.ts';
import { memberPage } from '#dashboard/page-handler.ts';
import { confirmRevokePage } from '#dashboard/pages/settings.ts';
import { idPath } from '#platform/api-schemas.ts';

export const handler = memberPage({ path: idPath }, async ({ member, path }) =>
  confirmRevokePage(member, await getApiKey(member.organizationId, path.id)),
);
