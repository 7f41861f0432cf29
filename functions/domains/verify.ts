/** GET /api/v1/domains/{id}/verify — checks the DNS records now. */
import { verifyDomain as operation } from '#domains/domains.contract.ts';
import { verifyDomain } from '#domains/domains.service.ts';
import { apiHandler } from '#http/api-handler.ts';
import { ok } from '#http/response.ts';

export const handler = apiHandler(operation, async ({ caller, path }) =>
  ok(await verifyDomain(caller.organizationId, path.id)),
);
