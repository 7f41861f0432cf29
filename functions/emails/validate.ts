/** POST /api/v1/emails/validate — an invalid address is a result (undeliverable), not an error. */
import { z } from 'zod';
import { validateAddress } from '../../shared/domain/validation.ts';
import { apiHandler } from '../../shared/http/api-handler.ts';
import { ok } from '../../shared/http/response.ts';

const body = z.strictObject({ email: z.string().max(1024, 'Must be at most 1024 characters') });

export const handler = apiHandler({ body }, async ({ caller, body }) =>
  ok(await validateAddress(caller.organizationId, body.email)),
);
