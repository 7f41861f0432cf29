/** PUT /api/v1/settings/auto-validation */
import { putAutoValidation as operation } from '#accounts/settings.contract.ts';
import { setAutoValidationThreshold } from '#accounts/settings.service.ts';
import { apiHandler } from '#http/api-handler.ts';
import { ok } from '#http/response.ts';

export const handler = apiHandler(operation, async ({ caller, body }) =>
  ok({ auto_validation_threshold: await setAutoValidationThreshold(caller.organizationId, body.threshold) }),
);
