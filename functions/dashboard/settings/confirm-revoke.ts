/**
 * GET /dashboard/settings/api-keys/{id}/revoke — asks before revoking. Only the member's own
 * organization's keys are found: any other id is 404.
 */

import { getApiKey } from '#accounts/accounts.service.ts';
import { memberPage } from '#dashboard/page-handler.ts';
import { confirmRevokePage } from '#dashboard/settings/api-keys.view.ts';
import { settingsInputs } from '#dashboard/settings/settings.schemas.ts';

export const handler = memberPage(settingsInputs.confirmRevoke, async ({ member, path }) =>
  confirmRevokePage(member, await getApiKey(member.organizationId, path.id)),
);
