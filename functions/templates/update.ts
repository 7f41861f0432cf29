/** PUT /api/v1/templates/{id} */

import { apiHandler } from '#http/api-handler.ts';
import { ok } from '#http/response.ts';
import { idPath } from '#http/schemas.ts';
import { updateTemplateBody } from '#templates/template-request.ts';
import { updateTemplate } from '#templates/templates.service.ts';

export const handler = apiHandler({ path: idPath, body: updateTemplateBody }, async ({ caller, path, body }) =>
  ok(await updateTemplate(caller.organizationId, path.id, body)),
);
