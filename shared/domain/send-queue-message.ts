/**
 * The send queue's message: ids only. Shared by the producer (shared/aws/send-queue.ts) and
 * the consumer, which must not load the producer (it has no queue URL to send to).
 */
export interface SendQueueMessage {
  organization_id: string;
  email_id: string;
}

export function parseSendQueueMessage(body: string): SendQueueMessage | undefined {
  try {
    const value = JSON.parse(body) as Partial<SendQueueMessage>;
    return typeof value.organization_id === 'string' && typeof value.email_id === 'string'
      ? { organization_id: value.organization_id, email_id: value.email_id }
      : undefined;
  } catch {
    return undefined;
  }
}
