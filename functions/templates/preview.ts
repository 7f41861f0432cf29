/** POST /api/v1/templates/{id}/preview — renders with `data`, sends nothing. */
import { apiHandler } from '#http/api-handler.ts';
import { ok } from '#http/response.ts';
import { previewTemplate } from '#templates/template-preview.service.ts';
import { previewTemplate as operation } from '#templates/templates.contract.ts';

export const handler = apiHandler(operation, async ({ caller, path, body }) =>
  ok(await previewTemplate(caller.organizationId, path.id, body.data)),
);
