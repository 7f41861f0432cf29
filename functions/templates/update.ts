/** PUT /api/v1/templates/{id} */
import { apiHandler } from '#http/api-handler.ts';
import { ok } from '#http/response.ts';
import { updateTemplate } from '#templates/template-edit.service.ts';
import { updateTemplate as operation } from '#templates/templates.contract.ts';

export const handler = apiHandler(operation, async ({ caller, path, body }) =>
  ok(await updateTemplate(caller.organizationId, path.id, body)),
);
