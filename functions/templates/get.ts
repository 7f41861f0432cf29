/** GET /api/v1/templates/{id} */
import { apiHandler } from '#http/api-handler.ts';
import { ok } from '#http/response.ts';
import { getTemplate as operation } from '#templates/templates.contract.ts';
import { getTemplateView } from '#templates/templates.service.ts';

export const handler = apiHandler(operation, async ({ caller, path }) =>
  ok(await getTemplateView(caller.organizationId, path.id)),
);
