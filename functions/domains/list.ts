/** GET /api/v1/domains — every domain of the organization, not paginated. */
import { listDomains } from '../../shared/domain/domains.ts';
import { apiHandler } from '../../shared/http/api-handler.ts';
import { ok } from '../../shared/http/response.ts';

export const handler = apiHandler({}, async ({ caller }) => ok(await listDomains(caller.organizationId)));
