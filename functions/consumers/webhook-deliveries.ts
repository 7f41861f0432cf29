/**
 * Webhook queue consumer: one attempt per record (shared/webhooks/webhook-queue-consumer.service.ts), the
 * records in parallel. A record it fails on (the table or the queue unavailable, not the endpoint's
 * answer: that is recorded) is reported and comes back after 10 s, not the visibility timeout.
 */
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { changeWebhookQueueVisibility } from '#adapters/webhook-queue.ts';
import { type DeliveryMessage, parseDeliveryMessage } from '#adapters/webhook-queue-message.ts';
import { withLambdaLogging } from '#core/lambda-logging.ts';
import { logger } from '#core/logger.ts';
import { processDeliveryMessages } from '#webhooks/webhook-queue-consumer.service.ts';

const FAILED_RECORD_BACKOFF_SECONDS = 10;

export const handler = withLambdaLogging(async (event: SQSEvent): Promise<SQSBatchResponse> => {
  const failed: SQSEvent['Records'] = [];
  const readable: Array<{ record: SQSEvent['Records'][number]; message: DeliveryMessage }> = [];
  for (const record of event.Records) {
    const message = parseDeliveryMessage(record.body);
    // Not ours (never written by Postbox): dropped rather than retried forever.
    if (message) readable.push({ record, message });
    else logger.error('Unreadable webhook queue message dropped', { message_id: record.messageId });
  }
  const steps = await processDeliveryMessages(readable.map((entry) => entry.message));
  steps.forEach((step, index) => {
    const record = readable[index]?.record;
    if (step.status === 'fulfilled' || !record) return;
    logger.error('Webhook delivery failed; the message comes back', {
      message_id: record.messageId,
      error: step.reason instanceof Error ? step.reason.name : 'unknown',
    });
    failed.push(record);
  });
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
