/** GET /api/v1/templates?page&limit&is_active&search */
import { templateListQuery } from '../../shared/domain/template-request.ts';
import { listTemplates } from '../../shared/domain/templates.ts';
import { apiHandler } from '../../shared/http/api-handler.ts';
import { paginated } from '../../shared/http/response.ts';

export const handler = apiHandler({ query: templateListQuery }, async ({ caller, query }) =>
  paginated(await listTemplates(caller.organizationId, query)),
);
