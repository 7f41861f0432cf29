/** POST /api/v1/emails/batch */

import { acceptBatch } from '#emails/batch.service.ts';
import { sendBatch } from '#emails/emails.contract.ts';
import { apiHandler } from '#http/api-handler.ts';
import { withIdempotency } from '#http/idempotency.ts';
import { created } from '#http/response.ts';

export const handler = apiHandler(
  sendBatch,
  async ({ caller, body, event, admission }) =>
    withIdempotency(caller, event, 'batch', body, admission, async (reservedId, resumed) =>
      created(await acceptBatch(caller, body, { batchId: reservedId, resumed, admission })),
    ),
  { deferRateLimit: true },
);
