/** GET /api/v1/emails/{id} — the email (by id or message_id) with its events, oldest first. */
import { getEmail } from '../../shared/domain/email-view.ts';
import { apiHandler } from '../../shared/http/api-handler.ts';
import { ok } from '../../shared/http/response.ts';
import { idPath } from '../../shared/http/schemas.ts';

export const handler = apiHandler({ path: idPath }, async ({ caller, path }) =>
  ok(await getEmail(caller.organizationId, path.id)),
);
