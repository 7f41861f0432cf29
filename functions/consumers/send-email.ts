/**
 * Send queue consumer (SQS event source with ReportBatchItemFailures): delivers each record's
 * email through SES. Records are processed concurrently; the ones that must come back are
 * reported in batchItemFailures, every other record is acknowledged (deleted) by Lambda.
 */
import type { SQSBatchItemFailure, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { type DeliveryOutcome, deliverEmail, errorLogFields } from '../../shared/domain/delivery.ts';
import { parseSendQueueMessage } from '../../shared/domain/send-queue-message.ts';
import { logger } from '../../shared/logger.ts';
import { queueDefinitions } from '../../shared/queues.ts';

type RecordOutcome = DeliveryOutcome | 'poison';

async function processRecord(record: SQSRecord): Promise<RecordOutcome> {
  const fields = {
    message_id: record.messageId,
    receive_count: Number(record.attributes?.ApproximateReceiveCount ?? 0) || undefined,
  };
  const message = parseSendQueueMessage(record.body);
  if (!message) {
    // It can never succeed, but it is reported as failed rather than dropped: after
    // maxReceiveCount the queue moves it to the DLQ, where it can be inspected. The body is
    // not logged (it is not ours to trust); its size is.
    logger.error('poison message', { ...fields, body_length: record.body.length });
    return 'poison';
  }
  const ids = { ...fields, organization_id: message.organization_id, email_id: message.email_id };
  try {
    const finalAttempt = (fields.receive_count ?? 0) >= queueDefinitions.send.maxReceiveCount;
    const outcome = await deliverEmail(message, { finalAttempt });
    logger.info('email delivery', { ...ids, outcome });
    return outcome;
  } catch (error) {
    logger.error('email delivery failed; the message will be retried', { ...ids, ...errorLogFields(error) });
    throw error;
  }
}

export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const results = await Promise.allSettled(event.Records.map(processRecord));
  const batchItemFailures: SQSBatchItemFailure[] = [];
  results.forEach((result, index) => {
    const record = event.Records[index];
    if (!record) return;
    const mustReturn = result.status === 'rejected' || result.value === 'retry' || result.value === 'poison';
    if (mustReturn) batchItemFailures.push({ itemIdentifier: record.messageId });
  });
  return { batchItemFailures };
}
