/**
 * Email entity and its events.
 *   email   PK=EMAIL#<org>#<id>  SK=EMAIL                      (bodies gzip-compressed inline)
 *   event   PK=EMAIL#<org>#<id>  SK=EVENT#<created_at>#<event id>
 *   list    GSI3PK=ORG#<org>#<env>#EMAILS#<shard>  GSI3SK=<created_at>#<id>           (by time)
 *           GSI4PK=ORG#<org>#<env>#STATUS#<status>#<shard>  GSI4SK=<created_at>#<id>  (by status)
 * One Query of the collection returns an email with its events, oldest first. The hand-over's
 * events (`sent`, and `suppressed` for the recipients dropped at send time) are not items: they
 * are derived from the email item's own `ses_message_id`, `sent_at` and `suppressed_recipients`
 * (handOverEvents), which recordSent writes in one UpdateItem.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { uuidv7 } from 'uuidv7';
import type { Environment } from '#accounts/api-key.ts';
import { nowIso } from '#core/ids.ts';
import {
  batchGetAll,
  batchWriteAll,
  db,
  isConditionalCheckFailed,
  queryAll,
  type TransactItems,
  tableName,
  transactWrite,
} from '#dynamo/client.ts';
import { keys } from '#dynamo/keys.ts';
import { moveEmailCount } from '#emails/email-index.store.ts';
import { deterministicEventId } from '#emails/events/ses-notifications.ts';

export type EmailStatus = 'queued' | 'delivered' | 'bounced' | 'failed' | 'opened';
export type EventType =
  | 'sent'
  | 'delivered'
  | 'delivery_delayed'
  | 'bounced'
  | 'complained'
  | 'opened'
  | 'clicked'
  | 'failed'
  | 'suppressed'
  | 'cancelled';

export interface Mailbox {
  email: string;
  name?: string;
}

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

interface StoredEmail extends Omit<EmailRecord, 'html' | 'text'> {
  html_gz?: Uint8Array;
  text_gz?: Uint8Array;
}

/**
 * An email must fit in one DynamoDB item (400 KB), counting every attribute, with room left
 * for what delivery adds later (lease, SES id, status): otherwise it could be accepted and
 * then never updated.
 */
export const MAX_STORED_EMAIL_BYTES = 380_000;

const compress = (body: string | null) => (body === null ? undefined : gzipSync(Buffer.from(body, 'utf8')));
const decompress = (body: Uint8Array | undefined) => (body ? gunzipSync(body).toString('utf8') : null);

/** A time-ordered UUID (v7): the email's `id` and `message_id`. */
export const newEmailId = (): string => uuidv7();

export class BodiesTooLargeError extends Error {}

/**
 * The stored form of a new email (status queued): bodies compressed, its list-index keys and, with
 * `dueDeadline`, its entry in the due index (shared/emails/schedule/due-times.ts). Throws
 * BodiesTooLargeError when it cannot fit one item.
 */
export function newEmailItem(email: EmailRecord, dueDeadline?: string): Record<string, unknown> {
  const { html, text, ...rest } = email;
  const html_gz = compress(html);
  const text_gz = compress(text);
  // Attribute names and values as UTF-8, plus the binary bodies: an upper bound of DynamoDB's size.
  const size = Buffer.byteLength(JSON.stringify(rest)) + (html_gz?.length ?? 0) + (text_gz?.length ?? 0) + 512;
  if (size > MAX_STORED_EMAIL_BYTES) throw new BodiesTooLargeError();
  return {
    ...keys.email(email.organization_id, email.id),
    ...keys.emailListEntry(email.organization_id, email.environment, email.status, email.id, email.created_at),
    ...(dueDeadline ? keys.dueEntry(email.organization_id, email.id, dueDeadline) : {}),
    type: 'email',
    ...rest,
    ...(html_gz ? { html_gz } : {}),
    ...(text_gz ? { text_gz } : {}),
  };
}

/** Stores a new email; throws BodiesTooLargeError if it cannot fit one item. */
export async function putEmail(email: EmailRecord, dueDeadline?: string): Promise<void> {
  await putEmailItem(newEmailItem(email, dueDeadline));
}

/** Stores an item from newEmailItem, never over an existing email. */
export async function putEmailItem(item: Record<string, unknown>): Promise<void> {
  await db.send(new PutCommand({ TableName: tableName, Item: item, ConditionExpression: 'attribute_not_exists(PK)' }));
}

/** Which of these emails exist (BatchGetItem of 100 keys, in parallel, keys only on the wire). */
export async function existingEmailIds(organizationId: string, emailIds: readonly string[]): Promise<Set<string>> {
  const items = await batchGetAll(
    emailIds.map((id) => keys.email(organizationId, id)),
    { attributes: ['id'], consistent: true },
  );
  return new Set(items.map((item) => String(item.id)));
}

/**
 * Deletes emails of a batch whose writes failed before any was queued (BatchWriteItem, 25 a
 * request): no consumer can hold one, and deleting a missing one is a no-op.
 */
export async function deleteEmailItems(organizationId: string, emailIds: readonly string[]): Promise<void> {
  await batchWriteAll(emailIds.map((id) => ({ DeleteRequest: { Key: keys.email(organizationId, id) } })));
}

/**
 * Stores many new emails (items from newEmailItem): BatchWriteItem, 25 a request, in parallel. No
 * condition is possible in a batch: the ids are fresh (or, for a resumed batch, the caller leaves
 * out the ones already stored).
 */
export async function putEmailItems(items: readonly Record<string, unknown>[]): Promise<void> {
  await batchWriteAll(items.map((Item) => ({ PutRequest: { Item } })));
}

function fromStored(item: StoredEmail): EmailRecord {
  const { html_gz, text_gz, ...rest } = item as StoredEmail & Record<string, unknown>;
  for (const attribute of [
    'PK',
    'SK',
    'GSI1PK',
    'GSI1SK',
    'GSI2PK',
    'GSI2SK',
    'GSI3PK',
    'GSI3SK',
    'GSI4PK',
    'GSI4SK',
    'sweeps',
    'type',
  ])
    delete (rest as Record<string, unknown>)[attribute];
  return { ...(rest as Omit<EmailRecord, 'html' | 'text'>), html: decompress(html_gz), text: decompress(text_gz) };
}

const SUPPRESSED_DETAIL = 'The address is on the suppression list';

/** The `suppressed` event of a recipient dropped at send time: its id depends on the email and address only. */
export function suppressedEvent(emailId: string, address: string, createdAt: string): EmailEvent {
  return {
    id: deterministicEventId(['suppressed', emailId, address]),
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
      id: deterministicEventId(['sent', email.ses_message_id]),
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
 * derived hand-over events among them (first among events of the same time). An email recorded
 * before the hand-over events were derived has them as items: a stored `sent` event (or a stored
 * `suppressed` one of the same recipient) wins, so none shows twice.
 */
export function eventsWithHandOver(
  email: Pick<EmailRecord, 'id' | 'ses_message_id' | 'sent_at' | 'suppressed_recipients'>,
  stored: readonly EmailEvent[],
): EmailEvent[] {
  const storedSent = stored.some((event) => event.type === 'sent');
  const storedSuppressed = new Set(stored.filter((event) => event.type === 'suppressed').map((e) => e.recipient));
  const storedIds = new Set(stored.map((event) => event.id));
  const derived = handOverEvents(email).filter((event) =>
    event.type === 'sent' ? !storedSent : !storedSuppressed.has(event.recipient) && !storedIds.has(event.id),
  );
  if (derived.length === 0) return [...stored];
  // A stable sort: the stored events keep their key order among themselves.
  return [...derived, ...stored].sort((a, b) =>
    a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0,
  );
}

/** The email with its events (oldest first, hand-over events included), in one strongly consistent Query. */
export async function getEmailWithEvents(
  organizationId: string,
  emailId: string,
): Promise<{ email: EmailRecord; events: EmailEvent[] } | undefined> {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.emailCollection(organizationId, emailId).PK },
    ConsistentRead: true,
  });
  const emailItem = items.find((item) => item.SK === 'EMAIL');
  if (!emailItem) return undefined;
  const stored = items
    .filter((item) => String(item.SK).startsWith('EVENT#'))
    .map(({ PK: _pk, SK: _sk, type: _type, event_type, ...event }) => ({ ...event, type: event_type }) as EmailEvent);
  const email = fromStored(emailItem as unknown as StoredEmail);
  return { email, events: eventsWithHandOver(email, stored) };
}

/** What the send path needs to know about an existing email: no bodies on the wire (consistent read). */
export async function getEmailState(
  organizationId: string,
  emailId: string,
): Promise<Pick<EmailRecord, 'status' | 'environment' | 'created_at' | 'scheduled_at' | 'ses_message_id'> | undefined> {
  const { Item } = await db.send(
    new GetCommand({
      TableName: tableName,
      Key: keys.email(organizationId, emailId),
      ProjectionExpression: '#status, environment, created_at, scheduled_at, ses_message_id',
      ExpressionAttributeNames: { '#status': 'status' },
      ConsistentRead: true,
    }),
  );
  return Item as
    | Pick<EmailRecord, 'status' | 'environment' | 'created_at' | 'scheduled_at' | 'ses_message_id'>
    | undefined;
}

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

export function eventPut(organizationId: string, emailId: string, event: EmailEvent): TransactItems[number] {
  const { type, ...rest } = event;
  return {
    Put: {
      TableName: tableName,
      Item: {
        ...keys.emailEvent(organizationId, emailId, event.created_at, event.id),
        type: 'email_event',
        event_type: type,
        ...rest,
      },
    },
  };
}

/** `missing`: no such email (not written yet, or never: see deliverEmail). */
export type ClaimOutcome = 'claimed' | 'already_sent' | 'leased' | 'not_deliverable' | 'missing';

/**
 * Takes the email for delivery: only if SES has not accepted it yet, it is still queued, and
 * no other consumer holds an unexpired lease. SQS delivers at least once; this conditional
 * update is what makes a duplicate record harmless.
 */
export async function claimForDelivery(
  organizationId: string,
  emailId: string,
  leaseMs: number,
  now: number = Date.now(),
): Promise<{ outcome: ClaimOutcome; email?: EmailRecord }> {
  try {
    const { Attributes } = await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.email(organizationId, emailId),
        UpdateExpression: 'SET lease_until = :until ADD delivery_attempts :one',
        ConditionExpression:
          'attribute_exists(PK) AND #status = :queued AND attribute_not_exists(ses_message_id) AND (attribute_not_exists(lease_until) OR lease_until < :now)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':until': now + leaseMs, ':one': 1, ':queued': 'queued', ':now': now },
        ReturnValues: 'ALL_NEW',
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return { outcome: 'claimed', email: fromStored(Attributes as StoredEmail) };
  } catch (error) {
    if (!isConditionalCheckFailed(error)) throw error;
    // The document client leaves the item of a failed condition in DynamoDB JSON.
    const raw = (error as { Item?: Record<string, AttributeValue> }).Item;
    if (!raw) return { outcome: 'missing' };
    const old = unmarshall(raw);
    if (old.ses_message_id) return { outcome: 'already_sent' };
    if (old.status !== 'queued') return { outcome: 'not_deliverable' };
    return { outcome: 'leased' };
  }
}

/** When the hand-over happened and by when its outcome must have come (due-times.ts outcomeDeadline). */
export interface HandOver {
  sentAt: string;
  outcomeDeadline: string;
  /** Recipients left out because they were suppressed at send time (a derived `suppressed` event each). */
  suppressedRecipients?: readonly string[];
}

/** The hand-over's update: the SES id with its derived events, the lease released, the outcome deadline. */
function handOverUpdate(organizationId: string, emailId: string, sesMessageId: string, handOver: HandOver) {
  const due = keys.dueEntry(organizationId, emailId, handOver.outcomeDeadline);
  const suppressed = handOver.suppressedRecipients ?? [];
  return {
    TableName: tableName,
    Key: keys.email(organizationId, emailId),
    // The due entry moves to the outcome deadline and its sweep count restarts (it counts the
    // scheduler's finishes from now on: due-times.ts planDue); the entry leaves the index when the
    // status leaves `queued` (applyEmailEvents, recordFailed).
    UpdateExpression: `SET ses_message_id = :ses, sent_at = :sentAt, GSI2PK = :duePk, GSI2SK = :dueSk${
      suppressed.length > 0 ? ', suppressed_recipients = :suppressed' : ''
    } REMOVE lease_until, sweeps`,
    ExpressionAttributeValues: {
      ':ses': sesMessageId,
      ':sentAt': handOver.sentAt,
      ':duePk': due.GSI2PK,
      ':dueSk': due.GSI2SK,
      ...(suppressed.length > 0 ? { ':suppressed': [...suppressed] } : {}),
    },
  };
}

/**
 * SES accepted the email: record its message id, when, and the recipients dropped as suppressed, in
 * ONE UpdateItem (atomic, and not a transaction, which would bill every item twice): the `sent` and
 * `suppressed` events are derived from these attributes (handOverEvents), so the proof of the
 * hand-over never exists without its events. The lease is released and the due entry moves to the
 * outcome deadline. A retry with the same arguments writes the same values.
 * `updated_at` stays: it moves with the status, and the list indexes project it, so touching it
 * here would rewrite both index entries for a change no list shows.
 */
export async function recordSent(
  organizationId: string,
  emailId: string,
  sesMessageId: string,
  handOver: HandOver,
): Promise<void> {
  await db.send(
    new UpdateCommand({
      ...handOverUpdate(organizationId, emailId, sesMessageId, handOver),
      // Never recreate an email that is gone (an update would create a stub item).
      ConditionExpression: 'attribute_exists(PK)',
    }),
  );
}

/**
 * SES reports a message for an email whose hand-over was never recorded (the consumer died, or its
 * write failed, right after SES accepted it): record it now (its `sent` event is derived from it),
 * with its outcome deadline, so the sweeper does not send it again, it can no longer be cancelled,
 * and the scheduler finishes it if no outcome follows. False when a hand-over is already recorded
 * (or the email is gone).
 */
export async function recordHandOverReportedBySes(
  organizationId: string,
  emailId: string,
  sesMessageId: string,
  handOver: Omit<HandOver, 'suppressedRecipients'>,
): Promise<boolean> {
  try {
    await db.send(
      new UpdateCommand({
        ...handOverUpdate(organizationId, emailId, sesMessageId, handOver),
        ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(ses_message_id)',
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return false;
    throw error;
  }
}

/**
 * The email will not be sent: status failed, with the events that say why; out of the due index.
 * `idleAt` (epoch ms): only if it is still queued and no consumer holds a lease unexpired at that
 * time, i.e. nobody may be talking to SES about it (cancel, the scheduler giving up). The first
 * item of the transaction fails its condition otherwise.
 */
export async function recordFailed(
  organizationId: string,
  emailId: string,
  events: EmailEvent[],
  options: { idleAt?: number; environment?: Environment } = {},
): Promise<void> {
  const now = nowIso();
  const idle = options.idleAt !== undefined;
  // The status index key (GSI4PK) names the environment: read it when the caller does not pass it.
  const environment = options.environment ?? (await readEnvironment(organizationId, emailId));
  const statusKey = environment
    ? keys.emailStatusEntry(organizationId, environment, 'failed', emailId).GSI4PK
    : undefined;
  await transactWrite([
    {
      Update: {
        TableName: tableName,
        Key: keys.email(organizationId, emailId),
        UpdateExpression: `SET #status = :failed, updated_at = :now${statusKey ? ', GSI4PK = :statusKey' : ''} REMOVE lease_until, GSI2PK, GSI2SK`,
        // Only a queued email fails, so the list's counts move queued → failed exactly once.
        ConditionExpression: idle
          ? 'attribute_not_exists(ses_message_id) AND #status = :queued AND (attribute_not_exists(lease_until) OR lease_until < :idleAt)'
          : 'attribute_not_exists(ses_message_id) AND #status = :queued',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':failed': 'failed',
          ':now': now,
          ':queued': 'queued',
          ...(idle ? { ':idleAt': options.idleAt } : {}),
          ...(statusKey ? { ':statusKey': statusKey } : {}),
        },
      },
    },
    ...events.map((event) => eventPut(organizationId, emailId, event)),
  ]);
  if (environment) await moveEmailCount(organizationId, environment, emailId, 'queued', 'failed');
}

/** An email's environment (eventually consistent GetItem: it never changes; billed for the whole item). */
async function readEnvironment(organizationId: string, emailId: string): Promise<Environment | undefined> {
  const result = await db.send(
    new GetCommand({
      TableName: tableName,
      Key: keys.email(organizationId, emailId),
      ProjectionExpression: 'environment',
    }),
  );
  return result?.Item?.environment as Environment | undefined;
}

/** Gives the lease back early (a retryable SES error) so the next delivery can claim at once. */
export async function releaseLease(organizationId: string, emailId: string): Promise<void> {
  await db
    .send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.email(organizationId, emailId),
        UpdateExpression: 'REMOVE lease_until',
        ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(ses_message_id)',
      }),
    )
    .catch((error: unknown) => {
      if (!isConditionalCheckFailed(error)) throw error;
    });
}

/**
 * Takes back an email whose accept failed: deletes it unless a consumer has touched it (a lease,
 * a hand-over or a final status: then it is being delivered and must stay; the caller gets its
 * 201). `gone` also when there was no email to delete (its write failed). The old item of a refused
 * delete tells the two apart (only on this failure path).
 */
export async function takeBackEmail(organizationId: string, emailId: string): Promise<'gone' | 'claimed'> {
  try {
    await db.send(
      new DeleteCommand({
        TableName: tableName,
        Key: keys.email(organizationId, emailId),
        ConditionExpression:
          '#status = :queued AND attribute_not_exists(lease_until) AND attribute_not_exists(ses_message_id)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':queued': 'queued' },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return 'gone';
  } catch (error) {
    if (!isConditionalCheckFailed(error)) throw error;
    return (error as { Item?: unknown }).Item ? 'claimed' : 'gone';
  }
}
