/** GET /api/v1/suppressions?page&limit */

import { pageQuery } from '#core/pages.ts';
import { apiHandler } from '#http/api-handler.ts';
import { paginated } from '#http/response.ts';
import { listSuppressions } from '#suppressions/suppressions.service.ts';

export const handler = apiHandler({ query: pageQuery }, async ({ caller, query }) =>
  paginated(await listSuppressions(caller.organizationId, query)),
);
