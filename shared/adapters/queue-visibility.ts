/**
 * Hiding received messages for longer (ChangeMessageVisibility): how a consumer spaces out the
 * retries of the records it reports as failed. Each queue's producer module binds it to its queue
 * (send-queue.ts, webhook-queue.ts); tests pass their own.
 */

import { ChangeMessageVisibilityBatchCommand, type SQSClient } from '@aws-sdk/client-sqs';

export interface VisibilityChange {
  receiptHandle: string;
  /** From now; 0 makes the message visible at once. */
  visibilityTimeoutSeconds: number;
}

/** SQS takes at most 10 entries per batch request. */
const MAX_BATCH = 10;

/**
 * Applies the changes, 10 per request. Resolves with how many could not be applied (the message
 * then simply returns after the queue's own visibility timeout); rejects only if a request fails.
 */
export async function changeVisibility(sqs: SQSClient, queueUrl: string, changes: VisibilityChange[]): Promise<number> {
  let failed = 0;
  for (let start = 0; start < changes.length; start += MAX_BATCH) {
    const entries = changes.slice(start, start + MAX_BATCH).map((change, index) => ({
      Id: `r${start + index}`,
      ReceiptHandle: change.receiptHandle,
      VisibilityTimeout: change.visibilityTimeoutSeconds,
    }));
    const output = await sqs.send(new ChangeMessageVisibilityBatchCommand({ QueueUrl: queueUrl, Entries: entries }));
    failed += output.Failed?.length ?? 0;
  }
  return failed;
}
