/** POST /api/v1/emails/validate/batch — one result per address, in order (at most 1,000). */
import { apiHandler } from '#http/api-handler.ts';
import { ok } from '#http/response.ts';
import { validateAddresses } from '#validation/auto-validation.service.ts';
import { validateAddresses as operation } from '#validation/validation.contract.ts';

export const handler = apiHandler(operation, async ({ caller, body }) =>
  ok(await validateAddresses(caller.organizationId, body.emails)),
);
