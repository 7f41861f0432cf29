/** DELETE /api/v1/templates/{id} — soft delete (is_active false). */

import { apiHandler } from '#http/api-handler.ts';
import { ok } from '#http/response.ts';
import { idPath } from '#http/schemas.ts';
import { deleteTemplate } from '#templates/templates.service.ts';

export const handler = apiHandler({ path: idPath }, async ({ caller, path }) =>
  ok(await deleteTemplate(caller.organizationId, path.id)),
);
