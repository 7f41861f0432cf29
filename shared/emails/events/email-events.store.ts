/**
 * Delivery events written back to an email (SES notifications, the outcome simulator), and the status
 * they imply. Writing an event twice is a plain overwrite (deterministic ids), and the status update is
 * ordered by how many events its writer saw (`status_event_count < :seen`): events are only added, so a
 * writer that saw fewer can never move the status back. Items and the access pattern:
 * docs/data-model.md, "Email event" and pattern 29.
 */

import { PutCommand, type PutCommandInput, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { TrackingSettings } from '#accounts/organization.ts';
import type { Mailbox } from '#core/email-address.ts';
import { nowIso } from '#core/ids.ts';
import { countEmails, metricOfEvent } from '#core/metrics.ts';
import { db, tableName } from '#dynamo/client.ts';
import { keys, statusesOutOfStatusIndex } from '#dynamo/keys.ts';
import { queryAll } from '#dynamo/reads.ts';
import { conditionalUpdate } from '#dynamo/writes.ts';
import { eventPut } from '#emails/email.store.ts';
import { type EmailEvent, type EmailStatus, type EventType, handOverEvents } from '#emails/email.ts';
import { deriveStatus, sentRecipientCount } from '#emails/events/email-status.ts';
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
    /** How many events the stored status was derived from (absent until events are applied). */
    status_event_count?: number;
    /** For the status index key (GSI4PK) and the counts; absent only in hand-made snapshots. */
    environment?: string;
    /** The switches it was sent with (the simulator obeys them when it runs again). */
    tracking?: TrackingSettings;
    /** Whether it carries Postbox's one-click link (`true`) or the customer's own. */
    list_unsubscribe?: ListUnsubscribe;
    /** Indexed by SES id at the hand-over (a hand-over recorded from SES's report needs it). */
    threaded?: true;
  };
  events: EmailEvent[];
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
  'tracking',
  'list_unsubscribe',
  'threaded',
];
const EVENT_ATTRIBUTES = ['id', 'event_type', 'recipient', 'smtp_code', 'smtp_message', 'created_at', 'detail'];

/** Every item of the collection (consistent, all pages), with only the named attributes. */
async function queryCollection(
  organizationId: string,
  emailId: string,
  attributes: readonly string[],
  eventsOnly: boolean,
): Promise<Record<string, unknown>[]> {
  const names = Object.fromEntries(
    [...new Set(['PK', 'SK', ...attributes])].map((name, index) => [`#a${index}`, name]),
  );
  return queryAll({
    // From `EMAIL` on: the email and its events, never its content item (keys.emailContent), which
    // would be billed by its size for bodies nobody here reads.
    KeyConditionExpression: eventsOnly ? 'PK = :pk AND begins_with(SK, :event)' : 'PK = :pk AND SK >= :email',
    ExpressionAttributeValues: {
      ':pk': keys.emailCollection(organizationId, emailId).PK,
      ...(eventsOnly ? { ':event': 'EVENT#' } : { ':email': keys.email(organizationId, emailId).SK }),
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
 * The email (without bodies) and its stored events, in one strongly consistent Query. The hand-over's
 * derived events are not among them (emails.ts eventsWithHandOver adds them for display).
 */
export async function readEmailEvents(
  organizationId: string,
  emailId: string,
): Promise<EmailEventsSnapshot | undefined> {
  const items = await queryCollection(organizationId, emailId, [...EMAIL_ATTRIBUTES, ...EVENT_ATTRIBUTES], false);
  const emailItem = items.find((item) => item.SK === keys.email(organizationId, emailId).SK);
  if (!emailItem) return undefined;
  const { PK: _pk, SK: _sk, ...email } = emailItem;
  return {
    email: email as unknown as EmailEventsSnapshot['email'],
    events: items.filter((item) => String(item.SK).startsWith('EVENT#')).map(toEvent),
  };
}

export interface AppliedEvents {
  /** False when the email does not exist (nothing was written). */
  found: boolean;
  /** Events that were not stored yet and were written now. */
  written: EmailEvent[];
  previousStatus?: EmailStatus;
  /** The status derived from every event seen (what is stored, unless a newer writer got there first). */
  status?: EmailStatus;
  statusChanged: boolean;
}

/**
 * Writes the events (idempotent Puts; events already stored are skipped) and brings the email's
 * status up to date with every event it has. `snapshot` is a fresh readEmailEvents result when
 * the caller already has one (saves a read).
 *
 * Cost: one consistent Query of the collection (unless given), one PutItem per new event, one
 * consistent Query of the events (only if something was written), one conditional UpdateItem (only
 * if there are more events than the stored status was derived from).
 */
export async function applyEmailEvents(
  organizationId: string,
  emailId: string,
  events: readonly EmailEvent[],
  snapshot?: EmailEventsSnapshot,
): Promise<AppliedEvents> {
  const current = snapshot ?? (await readEmailEvents(organizationId, emailId));
  if (!current) return { found: false, written: [], statusChanged: false };

  const known = new Set(current.events.map((event) => event.id));
  const fresh: EmailEvent[] = [];
  for (const event of events) {
    if (known.has(event.id)) continue;
    known.add(event.id);
    fresh.push(event);
  }
  await Promise.all(
    fresh.map((event) => db.send(new PutCommand(eventPut(organizationId, emailId, event).Put as PutCommandInput))),
  );
  for (const event of fresh) {
    const metric = metricOfEvent(event.type);
    if (metric) countEmails(metric);
  }

  // After writing, the status must be derived from every event stored, including those that
  // other writers added meanwhile.
  const all =
    fresh.length > 0
      ? (await queryCollection(organizationId, emailId, ['id', 'event_type', 'recipient'], true)).map((item) => ({
          type: item.event_type as EventType,
          recipient: (item.recipient as string | null | undefined) ?? null,
        }))
      : current.events;
  // The recipients dropped at send time are on the email item (derived `suppressed` events).
  const status = deriveStatus(sentRecipientCount(current.email, [...handOverEvents(current.email), ...all]), all);
  const previousStatus = current.email.status;
  const derivedFrom = current.email.status_event_count ?? -1;
  if (all.length <= derivedFrom) {
    // The stored status already reflects at least these events.
    return { found: true, written: fresh, previousStatus, status, statusChanged: false };
  }
  const statusChanged = status !== previousStatus;
  const changed = await updateStatus(
    organizationId,
    emailId,
    status,
    all.length,
    statusChanged,
    current.email.environment,
  );
  return { found: true, written: fresh, previousStatus, status, statusChanged: changed && statusChanged };
}

/**
 * Stores the status derived from `eventCount` events, unless a writer that saw more events stored
 * its status first. Returns false when that happened (or the email is gone). The status index key
 * (GSI4PK) is set in the same write. A status
 * other than `queued` also removes the due entry (GSI2) in the same write.
 */
async function updateStatus(
  organizationId: string,
  emailId: string,
  status: EmailStatus,
  eventCount: number,
  touch: boolean,
  environment: string | undefined,
): Promise<boolean> {
  const statusKey = environment
    ? keys.emailStatusEntry(organizationId, environment, status, emailId).GSI4PK
    : undefined;
  // Out of the due index once not queued; out of the status index for a status it leaves out.
  const removed = [
    ...(status === 'queued' ? [] : ['GSI2PK', 'GSI2SK']),
    ...(statusesOutOfStatusIndex.has(status) ? ['GSI4PK'] : []),
  ];
  const before = await conditionalUpdate(
    new UpdateCommand({
      TableName: tableName,
      Key: keys.email(organizationId, emailId),
      UpdateExpression: `SET #status = :status, status_event_count = :count${touch ? ', updated_at = :now' : ''}${statusKey ? ', GSI4PK = :statusKey' : ''}${removed.length > 0 ? ` REMOVE ${removed.join(', ')}` : ''}`,
      ConditionExpression:
        'attribute_exists(PK) AND (attribute_not_exists(status_event_count) OR status_event_count < :count)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':status': status,
        ':count': eventCount,
        ...(touch ? { ':now': nowIso() } : {}),
        ...(statusKey ? { ':statusKey': statusKey } : {}),
      },
      ReturnValues: 'UPDATED_OLD',
    }),
  );
  // The list's counts follow from the stream (the change's old and new status: list-index.service.ts).
  return before !== undefined;
}
