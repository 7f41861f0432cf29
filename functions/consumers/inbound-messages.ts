/**
 * Inbound queue consumer: each record is SES receiving's notification of a stored message (the local
 * SMTP server sends the same); shared/inbound/receive.service.ts stores it. The records one after another
 * (a 30 MB message is parsed in memory); a record it fails on comes back and, after five tries, waits in
 * the dead-letter queue with SES's copy of the message still in the bucket.
 */
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { withLambdaLogging } from '#core/lambda-logging.ts';
import { logger } from '#core/logger.ts';
import { parseReceipt } from '#inbound/receipt.ts';
import { receiveMessage } from '#inbound/receive.service.ts';

export const handler = withLambdaLogging(async (event: SQSEvent): Promise<SQSBatchResponse> => {
  const failed: string[] = [];
  for (const record of event.Records) {
    const receipt = parseReceipt(record.body);
    if ('error' in receipt) {
      // Not a notification of SES receiving (nothing else sends here): dropped rather than retried forever.
      logger.error('Unreadable inbound queue message dropped', { message_id: record.messageId, reason: receipt.error });
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
