/** GET /api/v1/emails?page&limit&status&from_date&to_date&to&tag&environment — newest first. */
import { listEmails as operation } from '#emails/emails.contract.ts';
import { listEmails } from '#emails/list.service.ts';
import { apiHandler } from '#http/api-handler.ts';
import { paginated } from '#http/response.ts';

export const handler = apiHandler(operation, async ({ caller, query }) =>
  paginated(await listEmails(caller.organizationId, query, caller.environment)),
);
