/** PATCH /api/v1/domains/{id} — sets or removes the domain's custom MAIL FROM subdomain. */
import { updateDomain as operation } from '#domains/domains.contract.ts';
import { updateDomain } from '#domains/domains.service.ts';
import { apiHandler } from '#http/api-handler.ts';
import { ok } from '#http/response.ts';

export const handler = apiHandler(operation, async ({ caller, path, body }) =>
  ok(await updateDomain(caller.organizationId, path.id, body)),
);
