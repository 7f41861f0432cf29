/** POST /api/v1/emails/validate — an invalid address is a result (undeliverable), not an error. */
import { apiHandler } from '#http/api-handler.ts';
import { ok } from '#http/response.ts';
import { validateAddress } from '#validation/auto-validation.service.ts';
import { validateAddress as operation } from '#validation/validation.contract.ts';

export const handler = apiHandler(operation, async ({ caller, body }) =>
  ok(await validateAddress(caller.organizationId, body.email)),
);
