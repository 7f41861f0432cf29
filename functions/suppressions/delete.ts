/** DELETE /api/v1/suppressions/{id} */

import { apiHandler } from '#http/api-handler.ts';
import { ok } from '#http/response.ts';
import { idPath } from '#http/schemas.ts';
import { removeSuppression } from '#suppressions/suppressions.service.ts';

export const handler = apiHandler({ path: idPath }, async ({ caller, path }) => {
  await removeSuppression(caller.organizationId, path.id);
  return ok({ id: path.id, deleted: true });
});
