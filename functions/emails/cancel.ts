/** POST /api/v1/emails/{id}/cancel — cancels an email not yet handed to SES; answers the email. */
import { cancelEmail } from '../../shared/domain/email-cancel.ts';
import { apiHandler } from '../../shared/http/api-handler.ts';
import { ok } from '../../shared/http/response.ts';
import { idPath } from '../../shared/http/schemas.ts';

export const handler = apiHandler({ path: idPath }, async ({ caller, path }) =>
  ok(await cancelEmail(caller.organizationId, path.id)),
);
