/** POST /api/v1/emails/validate — an invalid address is a result (undeliverable), not an error. */
import * as z from 'zod';
import { apiHandler } from '#http/api-handler.ts';
import { ok } from '#http/response.ts';
import { validateAddress } from '#validation/auto-validation.service.ts';

const body = z.strictObject({ email: z.string().max(1024, 'Must be at most 1024 characters') });

export const handler = apiHandler({ body }, async ({ caller, body }) =>
  ok(await validateAddress(caller.organizationId, body.email)),
);
