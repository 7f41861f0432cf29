/**
 * Producer side of the send queue (the functions that accept emails). Messages carry ids
 * only (the email itself is in DynamoDB), so a message is tiny and never holds customer
 * content. The queue URL is required when this module loads.
 */

import { SendMessageBatchCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { changeVisibility, type VisibilityChange } from '#adapters/queue-visibility.ts';
import {
  MAX_EMAILS_PER_MESSAGE,
  type SendQueueMessage,
  type SendQueueMultiMessage,
} from '#adapters/send-queue-message.ts';
import { awsClient } from '#core/aws-client.ts';
import { requiredEnv } from '#core/config.ts';
import { queueUrlEnvName } from '#platform/queues.ts';

const queueUrl = requiredEnv(queueUrlEnvName('send'));
// Locally the queue URL names a *.localhost host that does not resolve: use the endpoint.
const sqs = awsClient(new SQSClient(process.env.SQS_ENDPOINT ? { endpoint: process.env.SQS_ENDPOINT } : {}));

/** changeVisibility on the send queue. */
export function changeSendQueueVisibility(changes: VisibilityChange[]): Promise<number> {
  return changeVisibility(sqs, queueUrl, changes);
}

/** The module's client (the fault-injecting tests add a middleware to it). */
export { sqs as sendQueueClient };

export async function enqueueEmail(message: SendQueueMessage, delaySeconds = 0): Promise<void> {
  await sqs.send(
    new SendMessageCommand({
      QueueUrl: queueUrl,
      MessageBody: JSON.stringify(message),
      ...(delaySeconds > 0 ? { DelaySeconds: delaySeconds } : {}),
    }),
  );
}

/** Sends a received message's body again as a new message (its receive count starts over). */
export async function requeueSendMessage(body: string, delaySeconds: number): Promise<void> {
  await sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: body, DelaySeconds: delaySeconds }));
}

/** At most 10 messages per SendMessageBatch (the SQS limit). */
export const SEND_BATCH_SIZE = 10;

/**
 * Sends up to SEND_BATCH_SIZE messages in one call; returns the indexes of the entries SQS did not
 * take (the caller tries them again later).
 */
export async function enqueueEmails(
  entries: ReadonlyArray<{ message: SendQueueMessage | SendQueueMultiMessage; delaySeconds: number }>,
): Promise<Set<number>> {
  if (entries.length === 0) return new Set();
  if (entries.length > SEND_BATCH_SIZE) throw new RangeError(`at most ${SEND_BATCH_SIZE} messages per batch`);
  const { Failed } = await sqs.send(
    new SendMessageBatchCommand({
      QueueUrl: queueUrl,
      Entries: entries.map((entry, index) => ({
        Id: String(index),
        MessageBody: JSON.stringify(entry.message),
        ...(entry.delaySeconds > 0 ? { DelaySeconds: entry.delaySeconds } : {}),
      })),
    }),
  );
  return new Set((Failed ?? []).map((failure) => Number(failure.Id)));
}

/**
 * Queues many emails of one organization now: MAX_EMAILS_PER_MESSAGE ids a message, 10 messages a
 * SendMessageBatch, the batches in parallel; entries SQS refused are tried once more. Throws if
 * some still fail (the emails stay stored with their due deadline, and the sweeper queues them).
 */
export async function enqueueEmailBatches(organizationId: string, emailIds: readonly string[]): Promise<void> {
  const messages: SendQueueMultiMessage[] = [];
  for (let start = 0; start < emailIds.length; start += MAX_EMAILS_PER_MESSAGE) {
    messages.push({
      organization_id: organizationId,
      email_ids: emailIds.slice(start, start + MAX_EMAILS_PER_MESSAGE),
    });
  }
  const calls: SendQueueMultiMessage[][] = [];
  for (let start = 0; start < messages.length; start += SEND_BATCH_SIZE) {
    calls.push(messages.slice(start, start + SEND_BATCH_SIZE));
  }
  const failures = await Promise.all(
    calls.map(async (call) => {
      let pending = call;
      for (let attempt = 1; attempt <= 2 && pending.length > 0; attempt += 1) {
        const failed = await enqueueEmails(pending.map((message) => ({ message, delaySeconds: 0 })));
        pending = pending.filter((_, index) => failed.has(index));
      }
      return pending.reduce((sum, message) => sum + message.email_ids.length, 0);
    }),
  );
  const left = failures.reduce((sum, count) => sum + count, 0);
  if (left > 0) throw new Error(`${left} of ${emailIds.length} emails could not be queued`);
}
