/** POST /api/v1/domains */
import { z } from 'zod';
import { addDomain } from '../../shared/domain/domains.ts';
import { apiHandler } from '../../shared/http/api-handler.ts';
import { created } from '../../shared/http/response.ts';

const body = z.strictObject({ domain: z.string().min(1).max(1000) });

export const handler = apiHandler({ body }, async ({ caller, body }) =>
  created(await addDomain(caller.organizationId, body.domain)),
);
