/**
 * Inbound queue consumer: each record is SES receiving's notification of a stored message (the local
 * SMTP server sends the same); shared/inbound/receive.service.ts stores it. The records one after another
 * (a 30 MB message is parsed in memory); a record it fails on comes back and, after five tries, waits in
 * the dead-letter queue with SES's copy of the message still in the bucket.
 */
import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { withLambdaLogging } from '#core/lambda-logging.ts';
import { logger } from '#core/logger.ts';
import { parseReceipt } from '#inbound/receipt.ts';
import { receiveMessage } from '#inbound/receive.service.ts';

/** A record is started only with this much time left: a 30 MB message takes about a second (bench). */
const RECORD_TIME_MS = 8_000;

/** What SES publishes once when a rule's topic is set up: not a message. */
const isSetupNotice = (body: string): boolean => body.includes('"AMAZON_SES_SETUP_NOTIFICATION"');

export const handler = withLambdaLogging(async (event: SQSEvent, context: Context): Promise<SQSBatchResponse> => {
  const failed: string[] = [];
  let outOfTime = false;
  for (const record of event.Records) {
    // Out of time: the rest come back (reported, not timed out, so the ones done stay done).
    outOfTime ||= (context.getRemainingTimeInMillis?.() ?? Number.POSITIVE_INFINITY) < RECORD_TIME_MS;
    if (outOfTime) {
      failed.push(record.messageId);
      continue;
    }
    if (isSetupNotice(record.body)) continue;
    const receipt = parseReceipt(record.body);
    if ('error' in receipt) {
      // Not what SES receiving sends (a changed format?): to the dead-letter queue and its alarm, never dropped.
      logger.error('Unreadable inbound queue message', { message_id: record.messageId, reason: receipt.error });
      failed.push(record.messageId);
      continue;
    }
    try {
      const outcome = await receiveMessage(receipt);
      logger.info('Received message stored', { message_id: record.messageId, ...outcome });
    } catch (error) {
      logger.error('Storing a received message failed; it comes back', {
        message_id: record.messageId,
        error: error instanceof Error ? error.name : 'unknown',
      });
      failed.push(record.messageId);
    }
  }
  return { batchItemFailures: failed.map((itemIdentifier) => ({ itemIdentifier })) };
});
