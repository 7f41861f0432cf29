/** POST /api/v1/emails/send */

import { sendEmail } from '#emails/emails.contract.ts';
import { acceptEmail } from '#emails/send.service.ts';
import { apiHandler } from '#http/api-handler.ts';
import { withIdempotency } from '#http/idempotency.ts';
import { created } from '#http/response.ts';

export const handler = apiHandler(
  sendEmail,
  async ({ caller, body, event, admission }) =>
    withIdempotency(caller, event, 'send', body, admission, async (reservedId) =>
      created(await acceptEmail(caller, body, { emailId: reservedId, admission })),
    ),
  { deferRateLimit: true },
);
