/** POST /api/v1/templates/{id}/preview — renders with `data`, sends nothing. */
import { previewBody } from '../../shared/domain/template-request.ts';
import { previewTemplate } from '../../shared/domain/templates.ts';
import { apiHandler } from '../../shared/http/api-handler.ts';
import { ok } from '../../shared/http/response.ts';
import { idPath } from '../../shared/http/schemas.ts';

export const handler = apiHandler({ path: idPath, body: previewBody }, async ({ caller, path, body }) =>
  ok(await previewTemplate(caller.organizationId, path.id, body.data)),
);
