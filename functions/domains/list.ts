/** GET /api/v1/domains — every domain of the organization, not paginated. */
import { listDomains } from '#domains/domains.service.ts';
import { apiHandler } from '#http/api-handler.ts';
import { ok } from '#http/response.ts';

export const handler = apiHandler({}, async ({ caller }) => ok(await listDomains(caller.organizationId)));
