/** GET /api/v1/inbound/{id} */
import { apiHandler } from '#http/api-handler.ts';
import { ok } from '#http/response.ts';
import { getInbound as operation } from '#inbound/inbound.contract.ts';
import { getInbound } from '#inbound/inbound.service.ts';

export const handler = apiHandler(operation, async ({ caller, path }) =>
  ok(await getInbound(caller.organizationId, path.id)),
);
