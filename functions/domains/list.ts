/** GET /api/v1/domains — every domain of the organization, not paginated. */
import { listDomains as operation } from '#domains/domains.contract.ts';
import { listDomains } from '#domains/domains.service.ts';
import { apiHandler } from '#http/api-handler.ts';
import { ok } from '#http/response.ts';

export const handler = apiHandler(operation, async ({ caller }) => ok(await listDomains(caller.organizationId)));
