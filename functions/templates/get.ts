/** GET /api/v1/templates/{id} */
import { getTemplateView } from '../../shared/domain/templates.ts';
import { apiHandler } from '../../shared/http/api-handler.ts';
import { ok } from '../../shared/http/response.ts';
import { idPath } from '../../shared/http/schemas.ts';

export const handler = apiHandler({ path: idPath }, async ({ caller, path }) =>
  ok(await getTemplateView(caller.organizationId, path.id)),
);
