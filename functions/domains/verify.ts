/** GET /api/v1/domains/{id}/verify — checks the DNS records now. */
import { verifyDomain } from '#domains/domains.service.ts';
import { apiHandler } from '#http/api-handler.ts';
import { ok } from '#http/response.ts';
import { idPath } from '#http/schemas.ts';

export const handler = apiHandler({ path: idPath }, async ({ caller, path }) =>
  ok(await verifyDomain(caller.organizationId, path.id)),
);
