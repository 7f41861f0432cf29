/** POST /api/v1/domains */
import * as z from 'zod';
import { addDomain } from '#domains/domains.service.ts';
import { apiHandler } from '#http/api-handler.ts';
import { created } from '#http/response.ts';

const body = z.strictObject({ domain: z.string().min(1).max(1000) });

export const handler = apiHandler({ body }, async ({ caller, body }) =>
  created(await addDomain(caller.organizationId, body.domain)),
);
