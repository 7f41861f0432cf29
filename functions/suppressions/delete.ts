/** DELETE /api/v1/suppressions/{id} */
import { removeSuppression } from '../../shared/domain/suppressions.ts';
import { apiHandler } from '../../shared/http/api-handler.ts';
import { ok } from '../../shared/http/response.ts';
import { idPath } from '../../shared/http/schemas.ts';

export const handler = apiHandler({ path: idPath }, async ({ caller, path }) => {
  await removeSuppression(caller.organizationId, path.id);
  return ok({ id: path.id, deleted: true });
});
