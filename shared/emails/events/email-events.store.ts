/**
 * Delivery events written back to an email (SES notifications, the outcome simulator), and the status
 * they imply. An event is an item (written twice: a plain overwrite; deterministic ids), except a
 * `delivered` one, kept on the email item in the write that moves its status (EVENTS_ON_EMAIL). Each
 * status write names what it was derived from and is conditioned on it (writeStatus), so a writer that
 * saw less never moves the status back. Items and the access pattern: docs/data-model.md, "Email
 * event" and pattern 29.
 */

import { PutCommand, type PutCommandInput, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { TrackingSettings } from '#accounts/organization.ts';
import { type Backoff, waitBackoff } from '#core/backoff.ts';
import type { Mailbox } from '#core/email-address.ts';
import { nowIso } from '#core/ids.ts';
import { countEmails, metricOfEvent } from '#core/metrics.ts';
import { db, tableName } from '#dynamo/client.ts';
import { keys, statusesOutOfStatusIndex } from '#dynamo/keys.ts';
import { queryAll } from '#dynamo/reads.ts';
import { conditionalWrite } from '#dynamo/writes.ts';
import { eventPut } from '#emails/email.store.ts';
import {
  deliveredEventAttributes,
  deliveredEvents,
  type EmailEvent,
  type EmailStatus,
  EVENTS_ON_EMAIL,
  type EventType,
  handOverEvents,
} from '#emails/email.ts';
import { deriveStatus, sentRecipientCount } from '#emails/events/email-status.ts';
import type { DeliveredEventMap } from '#platform/delivered-events.ts';
import type { ListUnsubscribe } from '#unsubscribe/list-unsubscribe.ts';

/** What applying events needs to know about an email: no bodies. */
export interface EmailEventsSnapshot {
  email: {
    id: string;
    organization_id: string;
    status: EmailStatus;
    to: Mailbox[];
    cc: Mailbox[];
    bcc: Mailbox[];
    from?: Mailbox;
    ses_message_id?: string;
    sent_at?: string;
    /** Recipients dropped as suppressed at the hand-over (their `suppressed` events are derived). */
    suppressed_recipients?: string[];
    /** How many event items the stored status was derived from (absent until events are applied). */
    status_event_count?: number;
    /** Its `delivered` events by id (absent until the first; the stored status always counts them all). */
    delivered_events?: DeliveredEventMap;
    /** For the status index key (GSI4PK) and the counts; absent only in hand-made snapshots. */
    environment?: string;
    /** The switches it was sent with (the simulator obeys them when it runs again). */
    tracking?: TrackingSettings;
    /** Whether it carries Postbox's one-click link (`true`) or the customer's own. */
    list_unsubscribe?: ListUnsubscribe;
    /** Indexed by SES id at the hand-over (a hand-over recorded from SES's report needs it). */
    threaded?: true;
  };
  /** Its recorded events: the event items, then the `delivered` events the email item holds. */
  events: EmailEvent[];
  /** How many of `events` are items (the rest are on the email item). */
  eventItemCount: number;
}

const EMAIL_ATTRIBUTES = [
  'id',
  'organization_id',
  'environment',
  'status',
  'to',
  'cc',
  'bcc',
  'from',
  'ses_message_id',
  'sent_at',
  'suppressed_recipients',
  'status_event_count',
  'delivered_events',
  'tracking',
  'list_unsubscribe',
  'threaded',
];
const EVENT_ATTRIBUTES = ['id', 'event_type', 'recipient', 'smtp_code', 'smtp_message', 'created_at', 'detail'];

/** The email item and its event items (consistent, all pages), with only the named attributes. */
async function queryCollection(
  organizationId: string,
  emailId: string,
  attributes: readonly string[],
): Promise<Record<string, unknown>[]> {
  const names = Object.fromEntries(
    [...new Set(['PK', 'SK', ...attributes])].map((name, index) => [`#a${index}`, name]),
  );
  return queryAll({
    // From `EMAIL` on: the email and its events, never its content item (keys.emailContent), which
    // would be billed by its size for bodies nobody here reads.
    KeyConditionExpression: 'PK = :pk AND SK >= :email',
    ExpressionAttributeValues: {
      ':pk': keys.emailCollection(organizationId, emailId).PK,
      ':email': keys.email(organizationId, emailId).SK,
    },
    // Saves bytes on the wire (the email's bodies); DynamoDB still bills the whole items.
    ProjectionExpression: Object.keys(names).join(', '),
    ExpressionAttributeNames: names,
    ConsistentRead: true,
  });
}

function toEvent(item: Record<string, unknown>): EmailEvent {
  return {
    id: String(item.id),
    type: item.event_type as EventType,
    recipient: (item.recipient as string | null | undefined) ?? null,
    smtp_code: (item.smtp_code as number | null | undefined) ?? null,
    smtp_message: (item.smtp_message as string | null | undefined) ?? null,
    created_at: String(item.created_at),
    ...(typeof item.detail === 'string' ? { detail: item.detail } : {}),
  };
}

/**
 * The email (without bodies) and its recorded events, in one strongly consistent Query. The hand-over's
 * derived events are not among them (email.ts eventsOfEmail adds them for display).
 */
export async function readEmailEvents(
  organizationId: string,
  emailId: string,
): Promise<EmailEventsSnapshot | undefined> {
  const items = await queryCollection(organizationId, emailId, [...EMAIL_ATTRIBUTES, ...EVENT_ATTRIBUTES]);
  const emailItem = items.find((item) => item.SK === keys.email(organizationId, emailId).SK);
  if (!emailItem) return undefined;
  const { PK: _pk, SK: _sk, ...stored } = emailItem;
  const email = stored as unknown as EmailEventsSnapshot['email'];
  const eventItems = items.filter((item) => String(item.SK).startsWith('EVENT#')).map(toEvent);
  return { email, events: [...eventItems, ...deliveredEvents(email)], eventItemCount: eventItems.length };
}

export interface AppliedEvents {
  /** False when the email does not exist (nothing was written). */
  found: boolean;
  /** Events that were not recorded yet and were written now. */
  written: EmailEvent[];
  previousStatus?: EmailStatus;
  /** The status derived from every event seen (what is stored, unless a newer writer got there first). */
  status?: EmailStatus;
  statusChanged: boolean;
}

/** Status writes tried before giving up (each conflict is another writer's event on the same email). */
const MAX_STATUS_ATTEMPTS = 16;
const STATUS_CONFLICT_BACKOFF: Backoff = { base: 10, max: 320, jitter: 'full' };

/**
 * Records the events (idempotent: events already recorded are skipped) and brings the email's status
 * up to date with every event it has. `snapshot` is a fresh readEmailEvents result when the caller
 * already has one (saves a read).
 *
 * Cost of a delivery: one consistent Query of the collection (unless given) and one conditional
 * UpdateItem (its event and status). Another event: one PutItem each, a second Query (the view must
 * include them), the UpdateItem (only if its status write is due). A conflict re-reads and writes again.
 */
export async function applyEmailEvents(
  organizationId: string,
  emailId: string,
  events: readonly EmailEvent[],
  snapshot?: EmailEventsSnapshot,
): Promise<AppliedEvents> {
  let current = snapshot ?? (await readEmailEvents(organizationId, emailId));
  if (!current) return { found: false, written: [], statusChanged: false };

  const known = new Set(current.events.map((event) => event.id));
  const fresh: EmailEvent[] = [];
  for (const event of events) {
    if (known.has(event.id)) continue;
    known.add(event.id);
    fresh.push(event);
  }
  const freshItems = fresh.filter((event) => !EVENTS_ON_EMAIL.has(event.type));
  const onEmail = fresh.filter((event) => EVENTS_ON_EMAIL.has(event.type));
  await Promise.all(
    freshItems.map((event) => db.send(new PutCommand(eventPut(organizationId, emailId, event).Put as PutCommandInput))),
  );
  for (const event of fresh) {
    const metric = metricOfEvent(event.type);
    if (metric) countEmails(metric);
  }

  const previousStatus = current.email.status;
  // The status must be derived from every event item stored, including those written just now.
  if (freshItems.length > 0) current = await readEmailEvents(organizationId, emailId);
  for (let attempt = 1; current; attempt++) {
    const outcome = await writeStatus(organizationId, emailId, current, onEmail);
    if (outcome !== 'conflict') {
      const statusChanged = outcome.status !== previousStatus;
      return { found: true, written: fresh, previousStatus, status: outcome.status, statusChanged };
    }
    if (attempt >= MAX_STATUS_ATTEMPTS) throw new Error('The email kept changing while its events were recorded');
    await waitBackoff(attempt, STATUS_CONFLICT_BACKOFF);
    current = await readEmailEvents(organizationId, emailId);
  }
  return { found: false, written: [], statusChanged: false };
}

/**
 * Writes the status derived from `current` and the `delivered` events not on the email yet, in one
 * conditional UpdateItem. The stored status names what it was derived from: `status_event_count` event
 * items (a snapshot: items are only added) and the whole `delivered_events` map (every write of the map
 * or the status requires the map as read). The write requires the stored view not to hold more items
 * than this one and the map as read; anything else is a `conflict` (read again and retry). No write
 * when the stored status already covers this view.
 */
async function writeStatus(
  organizationId: string,
  emailId: string,
  current: EmailEventsSnapshot,
  onEmail: readonly EmailEvent[],
): Promise<{ status: EmailStatus } | 'conflict'> {
  const { email } = current;
  const added = onEmail.filter((event) => !email.delivered_events?.[event.id]);
  const events = [...current.events, ...added];
  const status = deriveStatus(sentRecipientCount(email, [...handOverEvents(email), ...events]), events);
  if (added.length === 0 && current.eventItemCount <= (email.status_event_count ?? -1)) return { status };

  const statusKey = email.environment
    ? keys.emailStatusEntry(organizationId, email.environment, status, emailId).GSI4PK
    : undefined;
  const touch = status !== email.status;
  const set = ['#status = :status', 'status_event_count = :items'];
  const names: Record<string, string> = { '#status': 'status' };
  const values: Record<string, unknown> = { ':status': status, ':items': current.eventItemCount };
  if (touch) {
    set.push('updated_at = :now');
    values[':now'] = nowIso();
  }
  if (statusKey) {
    set.push('GSI4PK = :statusKey');
    values[':statusKey'] = statusKey;
  }
  let mapCondition = 'attribute_not_exists(delivered_events)';
  if (email.delivered_events) {
    mapCondition = 'size(delivered_events) = :mapSize';
    values[':mapSize'] = Object.keys(email.delivered_events).length;
    added.forEach((event, index) => {
      set.push(`delivered_events.#d${index} = :d${index}`);
      names[`#d${index}`] = event.id;
      values[`:d${index}`] = deliveredEventAttributes(event);
    });
  } else if (added.length > 0) {
    set.push('delivered_events = :delivered');
    values[':delivered'] = Object.fromEntries(added.map((event) => [event.id, deliveredEventAttributes(event)]));
  }
  // Out of the due index once not queued; out of the status index for a status it leaves out.
  const removed = [
    ...(status === 'queued' ? [] : ['GSI2PK', 'GSI2SK']),
    ...(statusesOutOfStatusIndex.has(status) ? ['GSI4PK'] : []),
  ];
  const written = await conditionalWrite(
    new UpdateCommand({
      TableName: tableName,
      Key: keys.email(organizationId, emailId),
      UpdateExpression: `SET ${set.join(', ')}${removed.length > 0 ? ` REMOVE ${removed.join(', ')}` : ''}`,
      ConditionExpression: `attribute_exists(PK) AND ${mapCondition} AND (attribute_not_exists(status_event_count) OR status_event_count <= :items)`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    }),
  );
  // The list's counts follow from the stream (the change's old and new status: list-index.service.ts).
  return written ? { status } : 'conflict';
}
