/** GET /api/v1/settings/tracking */
import { getTracking as operation } from '#accounts/settings.contract.ts';
import { getTrackingDefaults } from '#accounts/settings.service.ts';
import { apiHandler } from '#http/api-handler.ts';
import { ok } from '#http/response.ts';

export const handler = apiHandler(operation, async ({ caller }) =>
  ok(await getTrackingDefaults(caller.organizationId)),
);
