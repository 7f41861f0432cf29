/** GET /api/v1/templates?page&limit&is_active&search */

import { apiHandler } from '#http/api-handler.ts';
import { paginated } from '#http/response.ts';
import { templateListQuery } from '#templates/template-request.ts';
import { listTemplates } from '#templates/templates.service.ts';

export const handler = apiHandler({ query: templateListQuery }, async ({ caller, query }) =>
  paginated(await listTemplates(caller.organizationId, query)),
);
