/** GET /api/v1/templates/{id} */

import { apiHandler } from '#http/api-handler.ts';
import { ok } from '#http/response.ts';
import { idPath } from '#http/schemas.ts';
import { getTemplateView } from '#templates/templates.service.ts';

export const handler = apiHandler({ path: idPath }, async ({ caller, path }) =>
  ok(await getTemplateView(caller.organizationId, path.id)),
);
