/** GET /api/v1/inbound?page&limit&to&from&from_date&to_date */
import { apiHandler } from '#http/api-handler.ts';
import { paginated } from '#http/response.ts';
import { listInbound as operation } from '#inbound/inbound.contract.ts';
import { listInbound } from '#inbound/inbound-list.service.ts';

export const handler = apiHandler(operation, async ({ caller, query }) =>
  paginated(await listInbound(caller.organizationId, query)),
);
