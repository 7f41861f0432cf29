/**
 * Queue definitions shared by the CDK stack and the local runner.
 * The visibility timeout is six times the consumer's timeout, as AWS recommends for
 * Lambda event source mappings, so a slow batch is not redelivered while it still runs.
 */
export const SEND_CONSUMER_TIMEOUT_SECONDS = 30;
/** The webhook consumer's timeout: a 10 s attempt per record, records in parallel, and its writes. */
export const WEBHOOK_CONSUMER_TIMEOUT_SECONDS = 30;

/** The inbound parser's timeout: a 30 MB message read, parsed and stored takes a few seconds. */
export const INBOUND_CONSUMER_TIMEOUT_SECONDS = 30;

export interface QueueDefinition {
  /** Logical name; the deployed and local queue names derive from it. */
  name: string;
  visibilityTimeoutSeconds: number;
  /** Deliveries before SQS moves a message to the dead-letter queue. */
  maxReceiveCount: number;
  messageRetentionSeconds: number;
  deadLetterRetentionSeconds: number;
}

/**
 * A queue with its consumer: visible again after six of its consumer's timeouts, dead-lettered after 5
 * receives, messages kept 4 days, dead letters 14.
 */
const consumedQueue = (name: string, consumerTimeoutSeconds: number): QueueDefinition => ({
  name,
  visibilityTimeoutSeconds: 6 * consumerTimeoutSeconds,
  maxReceiveCount: 5,
  messageRetentionSeconds: 4 * 24 * 3600,
  deadLetterRetentionSeconds: 14 * 24 * 3600,
});

export const queueDefinitions = {
  send: consumedQueue('send', SEND_CONSUMER_TIMEOUT_SECONDS),
  /**
   * Webhook deliveries (shared/webhooks/webhook-queue-consumer.service.ts): their own queue, so a slow or
   * failing endpoint never delays sending. Retries are new messages (with DelaySeconds), so the
   * receive count only grows when the consumer itself fails on a message.
   */
  webhooks: consumedQueue('webhooks', WEBHOOK_CONSUMER_TIMEOUT_SECONDS),
  /**
   * Received messages (shared/inbound): SES receiving's notification of a stored message (through SNS
   * in AWS, from the local SMTP server locally). A message the parser keeps failing on (S3 or DynamoDB
   * down) waits in the dead-letter queue, its raw message still in the bucket, for a redrive.
   */
  inbound: consumedQueue('inbound', INBOUND_CONSUMER_TIMEOUT_SECONDS),
} as const satisfies Record<string, QueueDefinition>;

export type QueueName = keyof typeof queueDefinitions;

/** Environment variable through which a function learns a queue's URL. */
export function queueUrlEnvName(queue: QueueName): string {
  return `${queue.toUpperCase()}_QUEUE_URL`;
}
