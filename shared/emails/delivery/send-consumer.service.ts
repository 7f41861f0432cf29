/**
 * The send queue consumer's work, with its dependencies injectable (functions/consumers/send-email.ts
 * is the Lambda handler built from it). Fed by an SQS event source with ReportBatchItemFailures, it
 * delivers each record's emails through SES. Records are processed concurrently; the ones that must
 * come back are reported in batchItemFailures, every other record is acknowledged (deleted) by Lambda.
 * A record to retry (SES throttled us or failed in a way that may pass) is first hidden for an
 * exponential backoff, so it returns in seconds rather than after the whole visibility timeout.
 */

import type { SQSBatchItemFailure, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import type { VisibilityChange } from '#adapters/queue-visibility.ts';
import { changeSendQueueVisibility, requeueSendMessage } from '#adapters/send-queue.ts';
import { parseSendQueueMessage } from '#adapters/send-queue-message.ts';
import { errorLogFields } from '#core/log-fields.ts';
import { logger } from '#core/logger.ts';
import { type DeliveryDependencies, deliverEmail } from '#emails/delivery/deliver-email.service.ts';
import type { DeliveryOutcome } from '#emails/delivery/delivery-outcome.ts';
import { type RetryBackoff, retryDelaySeconds, SEND_RETRY_BACKOFF } from '#emails/delivery/retry-backoff.ts';
import { queueDefinitions } from '#platform/queues.ts';

/** Emails of one multi-email message delivered at once. */
const DELIVERIES_IN_PARALLEL = 5;

type RecordOutcome = DeliveryOutcome | 'poison';

/** What the handler works with; each defaults to the real one (tests scale time or inject faults). */
export interface SendEmailConsumerDependencies {
  delivery?: DeliveryDependencies;
  /** Hides the records to retry; resolves with how many changes failed. The send queue's by default. */
  changeVisibility?: (changes: VisibilityChange[]) => Promise<number>;
  backoff?: RetryBackoff;
  random?: () => number;
  /** Queues a record's body afresh after `delaySeconds` (a deferred record). The send queue's by default. */
  requeue?: (body: string, delaySeconds: number) => Promise<void>;
}

/**
 * How long a deferred record waits before it is delivered again: the account's send rate was in use
 * for the whole wait (MAX_WAIT_MS), so the backlog is at least that long.
 */
export const DEFERRED_DELAY_SECONDS = 15;

const receiveCountOf = (record: SQSRecord) => Number(record.attributes?.ApproximateReceiveCount ?? 0) || undefined;

export function createSendEmailHandler(dependencies: SendEmailConsumerDependencies = {}) {
  const {
    delivery = {},
    changeVisibility = changeSendQueueVisibility,
    backoff = SEND_RETRY_BACKOFF,
    random = Math.random,
    requeue = requeueSendMessage,
  } = dependencies;

  async function processRecord(record: SQSRecord): Promise<RecordOutcome> {
    const fields = { message_id: record.messageId, receive_count: receiveCountOf(record) };
    const messages = parseSendQueueMessage(record.body);
    if (!messages) {
      // It can never succeed, but it is reported as failed rather than dropped: after
      // maxReceiveCount the queue moves it to the DLQ, where it can be inspected. The body is
      // not logged (it is not ours to trust); its size is.
      logger.error('poison message', { ...fields, body_length: record.body.length });
      return 'poison';
    }
    const finalAttempt = (fields.receive_count ?? 0) >= queueDefinitions.send.maxReceiveCount;
    const sentAt = Number(record.attributes?.SentTimestamp) || undefined;
    // A batch message names up to 25 emails: delivered a few at a time, so one invocation never has
    // more SES calls in flight than a batch of single messages would.
    const outcomes: PromiseSettledResult<DeliveryOutcome>[] = [];
    for (let start = 0; start < messages.length; start += DELIVERIES_IN_PARALLEL) {
      const chunk = messages.slice(start, start + DELIVERIES_IN_PARALLEL);
      outcomes.push(
        ...(await Promise.allSettled(
          chunk.map(async (message) => {
            const ids = { ...fields, organization_id: message.organization_id, email_id: message.email_id };
            try {
              const outcome = await deliverEmail(message, { finalAttempt, sentAt }, delivery);
              logger.info('email delivery', { ...ids, outcome });
              return outcome;
            } catch (error) {
              logger.error('email delivery failed; the message will be retried', { ...ids, ...errorLogFields(error) });
              throw error;
            }
          }),
        )),
      );
    }
    // The message comes back if any of its emails must: those already sent are skipped then.
    const thrown = outcomes.find((outcome) => outcome.status === 'rejected');
    if (thrown) throw thrown.reason;
    const values = outcomes.map((outcome) => (outcome as PromiseFulfilledResult<DeliveryOutcome>).value);
    if (values.includes('retry')) return 'retry';
    return values.includes('deferred') ? 'deferred' : (values[0] ?? 'skipped');
  }

  /** Never throws: a record whose backoff could not be set still returns, after the visibility timeout. */
  async function backOff(records: SQSRecord[]): Promise<void> {
    if (records.length === 0) return;
    const changes = records.map((record) => ({
      receiptHandle: record.receiptHandle,
      visibilityTimeoutSeconds: retryDelaySeconds(receiveCountOf(record) ?? 1, backoff, random),
    }));
    try {
      const failed = await changeVisibility(changes);
      if (failed > 0) logger.warn('some retry backoffs were not set', { failed, records: records.length });
    } catch (error) {
      logger.warn('could not set the retry backoff', { records: records.length, ...errorLogFields(error) });
    }
  }

  return async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
    const results = await Promise.allSettled(event.Records.map(processRecord));
    const batchItemFailures: SQSBatchItemFailure[] = [];
    const toBackOff: SQSRecord[] = [];
    const deferred: SQSRecord[] = [];
    results.forEach((result, index) => {
      const record = event.Records[index];
      if (!record) return;
      if (result.status === 'fulfilled' && result.value === 'deferred') {
        deferred.push(record);
        return;
      }
      const mustReturn = result.status === 'rejected' || result.value === 'retry' || result.value === 'poison';
      if (mustReturn) batchItemFailures.push({ itemIdentifier: record.messageId });
      if (result.status === 'fulfilled' && result.value === 'retry') toBackOff.push(record);
    });
    // A deferred record is queued afresh (its receive count starts again) and this one acknowledged;
    // if that fails it comes back like a retry. Sent twice at worst: the next pass skips what is sent.
    await Promise.all(
      deferred.map(async (record) => {
        try {
          await requeue(record.body, DEFERRED_DELAY_SECONDS);
        } catch (error) {
          logger.warn('could not queue a deferred message again; it will be retried', {
            message_id: record.messageId,
            ...errorLogFields(error),
          });
          batchItemFailures.push({ itemIdentifier: record.messageId });
          toBackOff.push(record);
        }
      }),
    );
    await backOff(toBackOff);
    return { batchItemFailures };
  };
}
