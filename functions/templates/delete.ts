/** DELETE /api/v1/templates/{id} — soft delete (is_active false). */
import { apiHandler } from '#http/api-handler.ts';
import { ok } from '#http/response.ts';
import { deleteTemplate as operation } from '#templates/templates.contract.ts';
import { deleteTemplate } from '#templates/templates.service.ts';

export const handler = apiHandler(operation, async ({ caller, path }) =>
  ok(await deleteTemplate(caller.organizationId, path.id)),
);
