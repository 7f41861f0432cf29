/** POST /api/v1/emails/validate/batch — one result per address, in order (at most 1,000). */
import * as z from 'zod';
import { apiHandler } from '#http/api-handler.ts';
import { ok } from '#http/response.ts';
import { MAX_ADDRESSES_PER_VALIDATION } from '#validation/address-validation.service.ts';
import { validateAddresses } from '#validation/auto-validation.service.ts';

const body = z.strictObject({
  emails: z
    .array(z.string().max(1024, 'Must be at most 1024 characters'))
    .min(1, 'At least one address is required')
    .max(MAX_ADDRESSES_PER_VALIDATION, `At most ${MAX_ADDRESSES_PER_VALIDATION} addresses`),
});

export const handler = apiHandler({ body }, async ({ caller, body }) =>
  ok(await validateAddresses(caller.organizationId, body.emails)),
);
