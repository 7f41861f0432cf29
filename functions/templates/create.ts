/** POST /api/v1/templates */
import { createTemplateBody } from '../../shared/domain/template-request.ts';
import { createTemplate } from '../../shared/domain/templates.ts';
import { apiHandler } from '../../shared/http/api-handler.ts';
import { created } from '../../shared/http/response.ts';

export const handler = apiHandler({ body: createTemplateBody }, async ({ caller, body }) =>
  created(await createTemplate(caller.organizationId, body)),
);
