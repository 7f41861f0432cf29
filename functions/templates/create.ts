/** POST /api/v1/templates */

import { apiHandler } from '#http/api-handler.ts';
import { created } from '#http/response.ts';
import { createTemplateBody } from '#templates/template-request.ts';
import { createTemplate } from '#templates/templates.service.ts';

export const handler = apiHandler({ body: createTemplateBody }, async ({ caller, body }) =>
  created(await createTemplate(caller.organizationId, body)),
);
