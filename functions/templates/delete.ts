/** DELETE /api/v1/templates/{id} — soft delete (is_active false). */
import { deleteTemplate } from '../../shared/domain/templates.ts';
import { apiHandler } from '../../shared/http/api-handler.ts';
import { ok } from '../../shared/http/response.ts';
import { idPath } from '../../shared/http/schemas.ts';

export const handler = apiHandler({ path: idPath }, async ({ caller, path }) =>
  ok(await deleteTemplate(caller.organizationId, path.id)),
);
