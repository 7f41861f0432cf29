/**
 * Producer side of the webhook queue (the fan-out, the delivery consumer's retries, manual
 * retries). Its own queue, so a slow endpoint never delays sending. Messages carry ids only.
 */
import { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import { changeVisibility, type VisibilityChange } from '#adapters/queue-visibility.ts';
import type { DeliveryMessage } from '#adapters/webhook-queue-message.ts';
import { awsClient } from '#core/aws-client.ts';
import { requiredEnv } from '#core/config.ts';
import { queueUrlEnvName } from '#platform/queues.ts';

const queueUrl = requiredEnv(queueUrlEnvName('webhooks'));
const sqs = awsClient(new SQSClient(process.env.SQS_ENDPOINT ? { endpoint: process.env.SQS_ENDPOINT } : {}));

/** The module's client (the fault-injecting tests add a middleware to it). */
export { sqs as webhookQueueClient };

/** SQS's longest message delay: a later retry hops through the queue (DeliveryMessage.not_before). */
export const MAX_QUEUE_DELAY_SECONDS = 900;
const BATCH = 10;

/** Queues the messages (10 per SendMessageBatch, in parallel); throws if SQS refuses any twice. */
export async function enqueueDeliveries(
  entries: ReadonlyArray<{ message: DeliveryMessage; delaySeconds: number }>,
): Promise<void> {
  const calls: Array<typeof entries> = [];
  for (let start = 0; start < entries.length; start += BATCH) calls.push(entries.slice(start, start + BATCH));
  await Promise.all(
    calls.map(async (call) => {
      let pending = call;
      for (let attempt = 1; pending.length > 0; attempt += 1) {
        const { Failed } = await sqs.send(
          new SendMessageBatchCommand({
            QueueUrl: queueUrl,
            Entries: pending.map((entry, index) => ({
              Id: String(index),
              MessageBody: JSON.stringify(entry.message),
              ...(entry.delaySeconds > 0
                ? { DelaySeconds: Math.min(MAX_QUEUE_DELAY_SECONDS, Math.ceil(entry.delaySeconds)) }
                : {}),
            })),
          }),
        );
        const failed = new Set((Failed ?? []).map((failure) => Number(failure.Id)));
        if (failed.size > 0 && attempt >= 2) throw new Error(`SQS refused ${failed.size} webhook messages`);
        pending = pending.filter((_, index) => failed.has(index));
      }
    }),
  );
}

/** changeVisibility on the webhook queue: a record the consumer failed on comes back after a backoff. */
export function changeWebhookQueueVisibility(changes: VisibilityChange[]): Promise<number> {
  return changeVisibility(sqs, queueUrl, changes);
}
