/** POST /api/v1/emails/batch */
import { batchSendBody } from '../../shared/domain/batch-request.ts';
import { acceptBatch } from '../../shared/domain/batch-send.ts';
import { withIdempotency } from '../../shared/domain/idempotency.ts';
import { apiHandler } from '../../shared/http/api-handler.ts';
import { created } from '../../shared/http/response.ts';

/** 1,000 recipients with their data; below Lambda's 6 MB invoke payload (the event wraps the body). */
const MAX_BATCH_BODY_BYTES = 5 * 1024 * 1024;

export const handler = apiHandler(
  { body: batchSendBody, deferRateLimit: true, maxBodyBytes: MAX_BATCH_BODY_BYTES },
  async ({ caller, body, event, admission }) =>
    withIdempotency(caller, event, 'batch', body, admission, async (reservedId, resumed) =>
      created(await acceptBatch(caller, body, { batchId: reservedId, resumed, admission })),
    ),
);
