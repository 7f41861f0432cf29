/**
 * An email and its events as Postbox models them (types and the pure rules of their events); stored by
 * email.store.ts, moved through delivery by delivery/delivery-state.store.ts. The hand-over's events
 * (`sent`, and `suppressed` for the recipients dropped at send time) are not stored items: they are
 * derived from the email's own `ses_message_id`, `sent_at` and `suppressed_recipients`
 * (handOverEvents), which recordSent writes in one UpdateItem; its `delivered` events live on the email
 * item too (deliveredEvents), written with the status they move. Every other event is an item.
 */
import { uuidv7 } from 'uuidv7';
import type { TrackingSettings } from '#accounts/organization.ts';
import type { StoredAttachment } from '#attachments/attachment.ts';
import type { Mailbox } from '#core/email-address.ts';
import type { Environment } from '#core/environment.ts';
import { deterministicId, nowIso } from '#core/ids.ts';
import {
  type DeliveredEventAttributes,
  type DeliveredEventMap,
  deliveredEntries,
  deliveredEntriesAdded,
} from '#platform/delivered-events.ts';
import type { EMAIL_LIST_ATTRIBUTES } from '#platform/table.ts';
import type { ListUnsubscribe } from '#unsubscribe/list-unsubscribe.ts';

export const EMAIL_STATUSES = ['queued', 'delivered', 'bounced', 'failed', 'opened'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];
export const EVENT_TYPES = [
  'sent',
  'delivered',
  'delivery_delayed',
  'bounced',
  'complained',
  'opened',
  'clicked',
  'failed',
  'suppressed',
  'cancelled',
  'unsubscribed',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export interface EmailRecord {
  id: string;
  organization_id: string;
  environment: Environment;
  status: EmailStatus;
  priority: 'high' | 'normal' | 'low';
  from: Mailbox;
  to: Mailbox[];
  cc: Mailbox[];
  bcc: Mailbox[];
  reply_to: string[];
  subject: string;
  html: string | null;
  text: string | null;
  headers: Record<string, string>;
  tags: Record<string, string>;
  template_id: string | null;
  /** What the email carries besides its bodies (references to stored bytes only); absent: none. */
  attachments?: StoredAttachment[];
  /** The List-Unsubscribe headers it carries: Postbox's one-click link (`true`) or the customer's own. */
  list_unsubscribe?: ListUnsubscribe;
  /** Open and click tracking it was accepted with (absent on emails accepted before tracking had switches: off). */
  tracking?: TrackingSettings;
  /**
   * Indexed by its SES message id at the hand-over (GSI5), so a received reply finds it: set at accept
   * when the organization receives email (absent: not indexed, one write unit less).
   */
  threaded?: true;
  /** The batch send that made this email, if any. */
  batch_id?: string;
  scheduled_at: string | null;
  created_at: string;
  updated_at: string;
  /** Set once SES accepted the email: the proof it must never be sent again. */
  ses_message_id?: string;
  sent_at?: string;
  /** Recipients left out at the hand-over because they were suppressed (a `suppressed` event each). */
  suppressed_recipients?: string[];
  /**
   * Its `delivered` events, by id (deliveredEvents): stored on the email with the status they move, so
   * a delivery costs one write, not an event item and a status update.
   */
  delivered_events?: DeliveredEventMap;
  /** A consumer holds the email until this time while it talks to SES. */
  lease_until?: number;
  delivery_attempts?: number;
}

export interface EmailEvent {
  id: string;
  type: EventType;
  recipient: string | null;
  smtp_code: number | null;
  smtp_message: string | null;
  created_at: string;
  detail?: string;
}

/** Event types kept on the email item (its `delivered_events`) rather than as items of their own. */
export const EVENTS_ON_EMAIL: ReadonlySet<EventType> = new Set(['delivered']);

/** The map entry of a `delivered` event (null fields left out: they cost bytes on every later write). */
export function deliveredEventAttributes(event: EmailEvent): DeliveredEventAttributes {
  return {
    at: event.created_at,
    ...(event.recipient !== null ? { rcpt: event.recipient } : {}),
    ...(event.smtp_code !== null ? { code: event.smtp_code } : {}),
    ...(event.smtp_message !== null ? { reply: event.smtp_message } : {}),
    ...(event.detail ? { detail: event.detail } : {}),
  };
}

/** An entry of the email item's `delivered_events` as the event it is. */
const deliveredEvent = ({ id, ...stored }: DeliveredEventAttributes & { id: string }): EmailEvent => ({
  id,
  type: 'delivered',
  recipient: stored.rcpt ?? null,
  smtp_code: stored.code ?? null,
  smtp_message: stored.reply ?? null,
  created_at: stored.at,
  ...(stored.detail ? { detail: stored.detail } : {}),
});

/** The `delivered` events an email item keeps (`delivered_events`), oldest first. */
export function deliveredEvents(email: Pick<EmailRecord, 'delivered_events'>): EmailEvent[] {
  return deliveredEntries(email.delivered_events).map(deliveredEvent);
}

/** The `delivered` events a change of an email item added (its images before and after; a stream's). */
export function deliveredEventsAdded(
  before: Readonly<Record<string, unknown>> | undefined,
  after: Readonly<Record<string, unknown>> | undefined,
): EmailEvent[] {
  return deliveredEntriesAdded(before, after).map(deliveredEvent);
}

const byTime = (a: EmailEvent, b: EmailEvent) =>
  a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0;

/** A time-ordered UUID (v7): the email's `id` and `message_id`. */
export const newEmailId = (): string => uuidv7();

export function newEvent(type: EventType, fields: Partial<Omit<EmailEvent, 'id' | 'type'>> = {}): EmailEvent {
  return {
    id: uuidv7(),
    type,
    recipient: fields.recipient ?? null,
    smtp_code: fields.smtp_code ?? null,
    smtp_message: fields.smtp_message ?? null,
    created_at: fields.created_at ?? nowIso(),
    ...(fields.detail ? { detail: fields.detail } : {}),
  };
}

const SUPPRESSED_DETAIL = 'The address is on the suppression list';

/** The `suppressed` event of a recipient dropped at send time: its id depends on the email and address only. */
export function suppressedEvent(emailId: string, address: string, createdAt: string): EmailEvent {
  return {
    id: deterministicId(['suppressed', emailId, address]),
    type: 'suppressed',
    recipient: address,
    smtp_code: null,
    smtp_message: null,
    created_at: createdAt,
    detail: SUPPRESSED_DETAIL,
  };
}

/**
 * The events of the hand-over, derived from the email item (no items of their own, so recording the
 * hand-over is one atomic write): `sent` (id from the SES message id, at `sent_at`) and one
 * `suppressed` per recipient dropped at send time. None before the hand-over.
 */
export function handOverEvents(
  email: Pick<EmailRecord, 'id' | 'ses_message_id' | 'sent_at' | 'suppressed_recipients'>,
): EmailEvent[] {
  if (!email.ses_message_id || !email.sent_at) return [];
  return [
    {
      id: deterministicId(['sent', email.ses_message_id]),
      type: 'sent',
      recipient: null,
      smtp_code: null,
      smtp_message: null,
      created_at: email.sent_at,
    },
    ...(email.suppressed_recipients ?? []).map((address) => suppressedEvent(email.id, address, email.sent_at ?? '')),
  ];
}

/**
 * Every event of an email in time order: the stored items (in key order: time, then id) with the
 * events the email item holds among them — the hand-over's (first among events of the same time) and
 * its `delivered` ones. A stored `sent` event (or a stored `suppressed` one of the same recipient)
 * wins over a derived one, so none shows twice.
 */
export function eventsOfEmail(
  email: Pick<EmailRecord, 'id' | 'ses_message_id' | 'sent_at' | 'suppressed_recipients' | 'delivered_events'>,
  stored: readonly EmailEvent[],
): EmailEvent[] {
  const storedSent = stored.some((event) => event.type === 'sent');
  const storedSuppressed = new Set(stored.filter((event) => event.type === 'suppressed').map((e) => e.recipient));
  const storedIds = new Set(stored.map((event) => event.id));
  const derived = handOverEvents(email).filter((event) =>
    event.type === 'sent' ? !storedSent : !storedSuppressed.has(event.recipient) && !storedIds.has(event.id),
  );
  const delivered = deliveredEvents(email).filter((event) => !storedIds.has(event.id));
  if (derived.length === 0 && delivered.length === 0) return [...stored];
  // A stable sort: the stored events keep their key order among themselves.
  return [...derived, ...stored, ...delivered].sort(byTime);
}

/** An email as the list indexes project it. */
export type ListedEmail = Pick<EmailRecord, (typeof EMAIL_LIST_ATTRIBUTES)[number]>;
