/** DELETE /api/v1/suppressions/{id} */
import { apiHandler } from '#http/api-handler.ts';
import { ok } from '#http/response.ts';
import { removeSuppression as operation } from '#suppressions/suppressions.contract.ts';
import { removeSuppression } from '#suppressions/suppressions.service.ts';

export const handler = apiHandler(operation, async ({ caller, path }) => {
  await removeSuppression(caller.organizationId, path.id);
  return ok({ id: path.id, deleted: true as const });
});
