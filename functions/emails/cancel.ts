/** POST /api/v1/emails/{id}/cancel — cancels an email not yet handed to SES; answers the email. */
import { cancelEmail } from '#emails/cancel.service.ts';
import { cancelEmail as operation } from '#emails/emails.contract.ts';
import { apiHandler } from '#http/api-handler.ts';
import { ok } from '#http/response.ts';

export const handler = apiHandler(operation, async ({ caller, path }) =>
  ok(await cancelEmail(caller.organizationId, path.id)),
);
