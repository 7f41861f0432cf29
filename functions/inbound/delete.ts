/** DELETE /api/v1/inbound/{id} */
import { apiHandler } from '#http/api-handler.ts';
import { ok } from '#http/response.ts';
import { deleteInbound as operation } from '#inbound/inbound.contract.ts';
import { deleteInbound } from '#inbound/inbound.service.ts';

export const handler = apiHandler(operation, async ({ caller, path }) => {
  await deleteInbound(caller.organizationId, path.id);
  return ok({ id: path.id, deleted: true as const });
});
