/** POST /api/v1/emails/validate/batch — one result per address, in order (at most 1,000). */
import { z } from 'zod';
import { MAX_ADDRESSES_PER_VALIDATION } from '../../shared/domain/address-validation.ts';
import { validateAddresses } from '../../shared/domain/validation.ts';
import { apiHandler } from '../../shared/http/api-handler.ts';
import { ok } from '../../shared/http/response.ts';

const body = z.strictObject({
  emails: z
    .array(z.string().max(1024, 'Must be at most 1024 characters'))
    .min(1, 'At least one address is required')
    .max(MAX_ADDRESSES_PER_VALIDATION, `At most ${MAX_ADDRESSES_PER_VALIDATION} addresses`),
});

export const handler = apiHandler({ body }, async ({ caller, body }) =>
  ok(await validateAddresses(caller.organizationId, body.emails)),
);
