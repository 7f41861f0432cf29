/** GET /api/v1/suppressions?page&limit */
import { listSuppressions } from '../../shared/domain/suppressions.ts';
import { apiHandler } from '../../shared/http/api-handler.ts';
import { pageQuery } from '../../shared/http/pagination.ts';
import { paginated } from '../../shared/http/response.ts';

export const handler = apiHandler({ query: pageQuery }, async ({ caller, query }) =>
  paginated(await listSuppressions(caller.organizationId, query)),
);
