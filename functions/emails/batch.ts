/** POST /api/v1/emails/batch */

import { acceptBatch } from '#emails/batch.service.ts';
import { batchSendBody } from '#emails/batch-request.ts';
import { apiHandler } from '#http/api-handler.ts';
import { withIdempotency } from '#http/idempotency.ts';
import { created } from '#http/response.ts';

/** 1,000 recipients with their data; below Lambda's 6 MB invoke payload (the event wraps the body). */
const MAX_BATCH_BODY_BYTES = 5 * 1024 * 1024;

export const handler = apiHandler(
  { body: batchSendBody, deferRateLimit: true, maxBodyBytes: MAX_BATCH_BODY_BYTES },
  async ({ caller, body, event, admission }) =>
    withIdempotency(caller, event, 'batch', body, admission, async (reservedId, resumed) =>
      created(await acceptBatch(caller, body, { batchId: reservedId, resumed, admission })),
    ),
);
