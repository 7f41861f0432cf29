/** GET /api/v1/templates?page&limit&is_active&search */
import { apiHandler } from '#http/api-handler.ts';
import { paginated } from '#http/response.ts';
import { listTemplates as operation } from '#templates/templates.contract.ts';
import { listTemplates } from '#templates/templates.service.ts';

export const handler = apiHandler(operation, async ({ caller, query }) =>
  paginated(await listTemplates(caller.organizationId, query)),
);
