/**
 * Reading an email back (GET /emails/:id, the dashboard's email detail). Kept apart from the send
 * service so a read-only function does not load the send queue (and its required queue URL).
 */
import { notFound } from '#core/errors.ts';
import { isUuid } from '#core/ids.ts';
import { getEmailWithEvents } from '#emails/email.store.ts';
import type { EmailEvent } from '#emails/email.ts';
import { toListItem } from '#emails/email-view.ts';
import { internetMessageId } from '#emails/internet-message-id.ts';
import { trackingOfEmail } from '#unsubscribe/tracking.ts';

/** SES's region: the domain of the Message-ID it gives each email. */
const sesRegion = process.env.AWS_REGION || 'us-east-1';

/** GET /emails/:id — `id` and `message_id` are the same value. */
export async function getEmail(organizationId: string, emailId: string) {
  const found = isUuid(emailId) ? await getEmailWithEvents(organizationId, emailId) : undefined;
  if (!found) throw notFound('Email');
  const { email, events } = found;
  return {
    ...toListItem(email),
    subject: email.subject,
    html: email.html,
    text: email.text,
    scheduled_at: email.scheduled_at,
    attachments: email.attachments ?? [],
    tracking: trackingOfEmail(email),
    list_unsubscribe: email.list_unsubscribe ?? null,
    internet_message_id: internetMessageId(email.ses_message_id, sesRegion),
    events: events.map((event: EmailEvent) => ({
      id: event.id,
      type: event.type,
      recipient: event.recipient,
      smtp_code: event.smtp_code,
      smtp_message: event.smtp_message,
      created_at: event.created_at,
      ...(event.detail ? { detail: event.detail } : {}),
    })),
  };
}
