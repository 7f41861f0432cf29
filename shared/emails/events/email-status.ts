/**
 * An email's status, derived from the full set of its events (docs/api.md, "Emails").
 *
 * Events arrive late, twice and out of order, so the status is never "the last event": it is a
 * function of the SET of events seen so far, the same whatever their order or duplication. That
 * makes it move forward only as events are added:
 *
 *   opened     an `opened` or `clicked` event (a click means the reader had the email open);
 *              nothing takes an email out of `opened`.
 *   delivered  a recipient was delivered (a `delivered` or `complained` event — a complaint proves
 *              the email arrived), unless every recipient bounced.
 *   bounced    every recipient the email was sent to bounced, and no recipient was delivered
 *              without bouncing afterwards (SES can report a delivery and then an asynchronous
 *              bounce for the same recipient: for that recipient the bounce wins).
 *   failed     a `failed` event (SES rejected it, rendering failed, nothing could be sent) or a
 *              `cancelled` one, and neither of the above.
 *   queued     otherwise (sent or not, nothing decisive yet).
 *
 * So `bounced` and `failed` are left only for `delivered`/`opened`, when a delivery for another
 * recipient (or an open) arrives; `queued` never comes back once anything decisive was seen.
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
