/** POST /api/v1/templates/{id}/preview — renders with `data`, sends nothing. */

import { apiHandler } from '#http/api-handler.ts';
import { ok } from '#http/response.ts';
import { idPath } from '#http/schemas.ts';
import { previewTemplate } from '#templates/template-preview.service.ts';
import { previewBody } from '#templates/template-request.ts';

export const handler = apiHandler({ path: idPath, body: previewBody }, async ({ caller, path, body }) =>
  ok(await previewTemplate(caller.organizationId, path.id, body.data)),
);
