/** GET /api/v1/settings/auto-validation */
import { getAutoValidationThreshold } from '#accounts/settings.service.ts';
import { apiHandler } from '#http/api-handler.ts';
import { ok } from '#http/response.ts';

export const handler = apiHandler({}, async ({ caller }) =>
  ok({ auto_validation_threshold: await getAutoValidationThreshold(caller.organizationId) }),
);
