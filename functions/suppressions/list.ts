/** GET /api/v1/suppressions?page&limit */
import { apiHandler } from '#http/api-handler.ts';
import { paginated } from '#http/response.ts';
import { listSuppressions as operation } from '#suppressions/suppressions.contract.ts';
import { listSuppressions } from '#suppressions/suppressions.service.ts';

export const handler = apiHandler(operation, async ({ caller, query }) =>
  paginated(await listSuppressions(caller.organizationId, query)),
);
