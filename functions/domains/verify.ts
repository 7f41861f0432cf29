/** GET /api/v1/domains/{id}/verify — checks the DNS records now. */
import { verifyDomain } from '../../shared/domain/domains.ts';
import { apiHandler } from '../../shared/http/api-handler.ts';
import { ok } from '../../shared/http/response.ts';
import { idPath } from '../../shared/http/schemas.ts';

export const handler = apiHandler({ path: idPath }, async ({ caller, path }) =>
  ok(await verifyDomain(caller.organizationId, path.id)),
);
