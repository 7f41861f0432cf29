/** POST /api/v1/emails/send */
import { withIdempotency } from '../../shared/domain/idempotency.ts';
import { sendEmailBody } from '../../shared/domain/send-request.ts';
import { acceptEmail } from '../../shared/domain/sending.ts';
import { apiHandler } from '../../shared/http/api-handler.ts';
import { created } from '../../shared/http/response.ts';

export const handler = apiHandler(
  { body: sendEmailBody, deferRateLimit: true },
  async ({ caller, body, event, admission }) =>
    withIdempotency(caller, event, 'send', body, admission, async (reservedId) =>
      created(await acceptEmail(caller, body, { emailId: reservedId, admission })),
    ),
);
