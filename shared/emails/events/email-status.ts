/**
 * An email's status, derived from the SET of its events, never from the last one: events arrive late,
 * twice and out of order, and a function of the set ends the same whatever their order and only moves
 * forward as events are added (a click implies an open, a complaint a delivery; a bounce after a
 * recipient's delivery wins for that recipient). The rules: docs/api.md, "Emails" (Delivery events and
 * status).
 */
import type { EmailEvent, EmailStatus, EventType } from '#emails/email.ts';

export type StatusEvent = Pick<EmailEvent, 'type' | 'recipient'>;

const normalize = (recipient: string | null) => (recipient ?? '').trim().toLowerCase();

const OPENED: ReadonlySet<EventType> = new Set(['opened', 'clicked']);
const DELIVERED: ReadonlySet<EventType> = new Set(['delivered', 'complained']);
const FAILED: ReadonlySet<EventType> = new Set(['failed', 'cancelled']);

/**
 * The status of an email sent to `recipientCount` recipients (after suppressed ones were
 * dropped) that has these events, in any order and with any duplicates.
 */
export function deriveStatus(recipientCount: number, events: readonly StatusEvent[]): EmailStatus {
  const delivered = new Set<string>();
  const bounced = new Set<string>();
  let opened = false;
  let failed = false;
  for (const event of events) {
    if (OPENED.has(event.type)) opened = true;
    else if (DELIVERED.has(event.type)) delivered.add(normalize(event.recipient));
    else if (event.type === 'bounced' && event.recipient) bounced.add(normalize(event.recipient));
    else if (FAILED.has(event.type)) failed = true;
  }
  if (opened) return 'opened';
  for (const recipient of delivered) if (!bounced.has(recipient)) return 'delivered';
  if (recipientCount > 0 && bounced.size >= recipientCount) return 'bounced';
  // Delivered recipients that bounced afterwards, while others have not bounced (yet): still
  // delivered — going back to queued would move the status backwards.
  if (delivered.size > 0) return 'delivered';
  if (failed) return 'failed';
  return 'queued';
}

/**
 * How many recipients an email was handed to SES for: its distinct to/cc/bcc addresses, less
 * those dropped at send time (a `suppressed` event each).
 */
export function sentRecipientCount(
  email: { to: { email: string }[]; cc: { email: string }[]; bcc: { email: string }[] },
  events: readonly StatusEvent[],
): number {
  const recipients = new Set([...email.to, ...email.cc, ...email.bcc].map((mailbox) => normalize(mailbox.email)));
  for (const event of events) if (event.type === 'suppressed') recipients.delete(normalize(event.recipient));
  return recipients.size;
}
