/** POST /api/v1/templates */

import { apiHandler } from '#http/api-handler.ts';
import { created } from '#http/response.ts';
import { createTemplate } from '#templates/template-edit.service.ts';
import { createTemplateBody } from '#templates/template-request.ts';

export const handler = apiHandler({ body: createTemplateBody }, async ({ caller, body }) =>
  created(await createTemplate(caller.organizationId, body)),
);
