/**
 * The webhook queue's message: which attempt of which delivery, and not before when. Ids only. Shared
 * by the producer (webhook-queue.ts) and the consumer (webhooks/webhook-queue-consumer.service.ts).
 */
export interface DeliveryMessage {
  organization_id: string;
  webhook_id: string;
  delivery_id: string;
  /** Attempts made before this one: the attempt this message makes is number `attempt_count + 1`. */
  attempt_count: number;
  /** A retry due later than SQS's 15-minute delay allows hops through the queue until then. */
  not_before?: string;
}

export function isDeliveryMessage(value: unknown): value is DeliveryMessage {
  if (typeof value !== 'object' || value === null) return false;
  const message = value as Record<string, unknown>;
  return (
    typeof message.organization_id === 'string' &&
    typeof message.webhook_id === 'string' &&
    typeof message.delivery_id === 'string' &&
    Number.isInteger(message.attempt_count) &&
    (message.not_before === undefined || typeof message.not_before === 'string')
  );
}

/** The message a queue record's body holds, or undefined when it is not one of Postbox's. */
export function parseDeliveryMessage(body: string): DeliveryMessage | undefined {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return undefined;
  }
  return isDeliveryMessage(value) ? value : undefined;
}
