/**
 * Webhook queue consumer: one attempt per record (shared/webhooks/webhook-delivery.service.ts), the
 * records in parallel. A record it fails on (the table or the queue unavailable, not the endpoint's
 * answer: that is recorded) is reported and comes back after 10 s, not the visibility timeout.
 */
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { changeWebhookQueueVisibility } from '#adapters/webhook-queue.ts';
import { withLambdaLogging } from '#core/lambda-logging.ts';
import { logger } from '#core/logger.ts';
import { isDeliveryMessage } from '#webhooks/delivery-message.ts';
import { processDeliveryMessage } from '#webhooks/webhook-delivery.service.ts';

const FAILED_RECORD_BACKOFF_SECONDS = 10;

export const handler = withLambdaLogging(async (event: SQSEvent): Promise<SQSBatchResponse> => {
  const failed: SQSEvent['Records'] = [];
  await Promise.all(
    event.Records.map(async (record) => {
      let message: unknown;
      try {
        message = JSON.parse(record.body);
      } catch {
        message = undefined;
      }
      // Not ours (never written by Postbox): dropped rather than retried forever.
      if (!isDeliveryMessage(message)) {
        logger.error('Unreadable webhook queue message dropped', { message_id: record.messageId });
        return;
      }
      try {
        await processDeliveryMessage(message);
      } catch (error) {
        logger.error('Webhook delivery failed; the message comes back', {
          message_id: record.messageId,
          error: error instanceof Error ? error.name : 'unknown',
        });
        failed.push(record);
      }
    }),
  );
  if (failed.length > 0) {
    await changeWebhookQueueVisibility(
      failed.map((record) => ({
        receiptHandle: record.receiptHandle,
        visibilityTimeoutSeconds: FAILED_RECORD_BACKOFF_SECONDS,
      })),
    ).catch(() => 0);
  }
  return { batchItemFailures: failed.map((record) => ({ itemIdentifier: record.messageId })) };
});
