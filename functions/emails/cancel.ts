/** POST /api/v1/emails/{id}/cancel — cancels an email not yet handed to SES; answers the email. */
import { cancelEmail } from '#emails/cancel.service.ts';
import { apiHandler } from '#http/api-handler.ts';
import { ok } from '#http/response.ts';
import { idPath } from '#http/schemas.ts';

export const handler = apiHandler({ path: idPath }, async ({ caller, path }) =>
  ok(await cancelEmail(caller.organizationId, path.id)),
);
