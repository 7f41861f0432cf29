/** POST /api/v1/domains */
import { addDomain as operation } from '#domains/domains.contract.ts';
import { addDomain } from '#domains/domains.service.ts';
import { apiHandler } from '#http/api-handler.ts';
import { created } from '#http/response.ts';

export const handler = apiHandler(operation, async ({ caller, body }) =>
  created(await addDomain(caller.organizationId, body.domain)),
);
