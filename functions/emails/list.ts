/** GET /api/v1/emails?page&limit&status&from_date&to_date&to&tag&environment — newest first. */
import { emailListQuery, listEmails } from '../../shared/domain/email-list.ts';
import { apiHandler } from '../../shared/http/api-handler.ts';
import { paginated } from '../../shared/http/response.ts';

export const handler = apiHandler({ query: emailListQuery }, async ({ caller, query }) =>
  paginated(await listEmails(caller.organizationId, query, caller.environment)),
);
