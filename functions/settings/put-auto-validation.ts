/** PUT /api/v1/settings/auto-validation */
import * as z from 'zod';
import { AUTO_VALIDATION_THRESHOLDS } from '#accounts/organization.ts';
import { setAutoValidationThreshold } from '#accounts/settings.service.ts';
import { apiHandler } from '#http/api-handler.ts';
import { ok } from '#http/response.ts';

const body = z.strictObject({ threshold: z.enum(AUTO_VALIDATION_THRESHOLDS) });

export const handler = apiHandler({ body }, async ({ caller, body }) =>
  ok({ auto_validation_threshold: await setAutoValidationThreshold(caller.organizationId, body.threshold) }),
);
