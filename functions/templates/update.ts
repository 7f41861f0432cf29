/** PUT /api/v1/templates/{id} */

import { apiHandler } from '#http/api-handler.ts';
import { ok } from '#http/response.ts';
import { idPath } from '#http/schemas.ts';
import { updateTemplate } from '#templates/template-edit.service.ts';
import { updateTemplateBody } from '#templates/template-request.ts';

export const handler = apiHandler({ path: idPath, body: updateTemplateBody }, async ({ caller, path, body }) =>
  ok(await updateTemplate(caller.organizationId, path.id, body)),
);
