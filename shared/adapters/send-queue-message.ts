/**
 * The send queue's message: ids only. Shared by the producer (send-queue.ts) and the consumer
 * (emails/delivery/), which must not load the producer (it has no queue URL to send to).
 *
 * A message names one email (`email_id`, single sends and the scheduler) or up to
 * MAX_EMAILS_PER_MESSAGE emails of one organization (`email_ids`, batch sends: a 1,000-recipient
 * batch is 40 messages, 4 SendMessageBatch calls, instead of 1,000 messages).
 */
export interface SendQueueMessage {
  organization_id: string;
  email_id: string;
}

export interface SendQueueMultiMessage {
  organization_id: string;
  email_ids: string[];
}

export const MAX_EMAILS_PER_MESSAGE = 25;

/** The emails a message names, one SendQueueMessage each; undefined for anything else (poison). */
export function parseSendQueueMessage(body: string): SendQueueMessage[] | undefined {
  try {
    const value = JSON.parse(body) as Partial<SendQueueMessage & SendQueueMultiMessage>;
    const organizationId = value.organization_id;
    if (typeof organizationId !== 'string') return undefined;
    if (typeof value.email_id === 'string') return [{ organization_id: organizationId, email_id: value.email_id }];
    const ids = value.email_ids;
    if (
      !Array.isArray(ids) ||
      ids.length === 0 ||
      ids.length > MAX_EMAILS_PER_MESSAGE ||
      !ids.every((id) => typeof id === 'string')
    ) {
      return undefined;
    }
    return [...new Set(ids)].map((id) => ({ organization_id: organizationId, email_id: id }));
  } catch {
    return undefined;
  }
}
