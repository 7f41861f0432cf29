/** GET /api/v1/settings/auto-validation */
import { getAutoValidationThreshold } from '../../shared/domain/settings.ts';
import { apiHandler } from '../../shared/http/api-handler.ts';
import { ok } from '../../shared/http/response.ts';

export const handler = apiHandler({}, async ({ caller }) =>
  ok({ auto_validation_threshold: await getAutoValidationThreshold(caller.organizationId) }),
);
