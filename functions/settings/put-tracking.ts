/** PUT /api/v1/settings/tracking */
import { putTracking as operation } from '#accounts/settings.contract.ts';
import { setTrackingDefaults } from '#accounts/settings.service.ts';
import { apiHandler } from '#http/api-handler.ts';
import { ok } from '#http/response.ts';

export const handler = apiHandler(operation, async ({ caller, body }) =>
  ok(await setTrackingDefaults(caller.organizationId, body)),
);
