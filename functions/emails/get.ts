/** GET /api/v1/emails/{id} — the email (by id or message_id) with its events, oldest first. */
import { getEmail as operation } from '#emails/emails.contract.ts';
import { getEmail } from '#emails/get.service.ts';
import { apiHandler } from '#http/api-handler.ts';
import { ok } from '#http/response.ts';

export const handler = apiHandler(operation, async ({ caller, path }) =>
  ok(await getEmail(caller.organizationId, path.id)),
);
