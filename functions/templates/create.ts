/** POST /api/v1/templates */
import { apiHandler } from '#http/api-handler.ts';
import { created } from '#http/response.ts';
import { createTemplate } from '#templates/template-edit.service.ts';
import { createTemplate as operation } from '#templates/templates.contract.ts';

export const handler = apiHandler(operation, async ({ caller, body }) =>
  created(await createTemplate(caller.organizationId, body)),
);
