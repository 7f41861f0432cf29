/** PUT /api/v1/templates/{id} */
import { updateTemplateBody } from '../../shared/domain/template-request.ts';
import { updateTemplate } from '../../shared/domain/templates.ts';
import { apiHandler } from '../../shared/http/api-handler.ts';
import { ok } from '../../shared/http/response.ts';
import { idPath } from '../../shared/http/schemas.ts';

export const handler = apiHandler({ path: idPath, body: updateTemplateBody }, async ({ caller, path, body }) =>
  ok(await updateTemplate(caller.organizationId, path.id, body)),
);
