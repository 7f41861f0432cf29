/** GET /api/v1/settings/auto-validation */
import { getAutoValidation as operation } from '#accounts/settings.contract.ts';
import { getAutoValidationThreshold } from '#accounts/settings.service.ts';
import { apiHandler } from '#http/api-handler.ts';
import { ok } from '#http/response.ts';

export const handler = apiHandler(operation, async ({ caller }) =>
  ok({ auto_validation_threshold: await getAutoValidationThreshold(caller.organizationId) }),
);
