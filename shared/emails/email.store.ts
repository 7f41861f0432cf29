/**
 * Email entity and its events: the email item (gzip bodies inline when they fit), its content item
 * (bodies apart), its events and its list index keys, all in the email's own item collection, so one
 * Query returns an email with its events, oldest first (the hand-over's and the `delivered` events held
 * by the email item: email.ts eventsOfEmail). The delivery state (lease, hand-over, failure) is written by
 * delivery/delivery-state.store.ts. Keys, sizes and access patterns: docs/data-model.md, "Entities"
 * (Email…) and "The email list".
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { batchGetAll, batchWriteAll } from '#dynamo/batch.ts';
import { db, tableName } from '#dynamo/client.ts';
import { BodiesTooLargeError, itemSize } from '#dynamo/item-size.ts';
import { keys } from '#dynamo/keys.ts';
import { queryAll } from '#dynamo/reads.ts';
import { conditionalWrite, isConditionalCheckFailed, type TransactItems } from '#dynamo/writes.ts';
import { type EmailEvent, type EmailRecord, eventsOfEmail } from '#emails/email.ts';
import { ITEM_TYPES } from '#platform/table.ts';

/** An email item as stored: the bodies gzip-compressed, on the item or (`bodies_apart`) on its content item. */
export interface StoredEmail extends Omit<EmailRecord, 'html' | 'text'> {
  html_gz?: Uint8Array;
  text_gz?: Uint8Array;
  bodies_apart?: boolean;
}

/**
 * An email must fit in one DynamoDB item (400 KB), counting every attribute, with room left
 * for what delivery adds later (lease, SES id, status): otherwise it could be accepted and
 * then never updated.
 */
export const MAX_STORED_EMAIL_BYTES = 380_000;

/**
 * How much bigger delivery makes an email item (an update is billed by the larger of the item before
 * and after): the claim adds `lease_until` and `delivery_attempts` (~38 bytes), the hand-over
 * `ses_message_id` (~74 with SES's 60-character ids) and `sent_at` (31) less the lease, the delivery
 * `status_event_count` (20) and its `delivered_events` entry (~200 with an SES-length SMTP reply) less
 * the status index key (~66). ~280 bytes for one recipient.
 */
export const DELIVERY_STATE_BYTES = 280;

/**
 * Write units the bodies must add to each update of the email item before they go apart. Apart, they
 * cost a second item at accept (a request more, and 25 items more per BatchWriteItem of a batch:
 * 1,000 recipients would take 40 requests more) and a read at delivery; one unit saved per update
 * (3 per email) does not pay for that, two or more (6+) do.
 */
export const BODIES_APART_MIN_UNITS = 2;

/** Write units of one write of an item of this size (DynamoDB bills each started KB). */
export const writeUnitsOf = (bytes: number) => Math.max(1, Math.ceil(bytes / 1024));

const compress = (body: string | null) => (body === null ? undefined : gzipSync(Buffer.from(body, 'utf8')));
const decompress = (body: Uint8Array | undefined) => (body ? gunzipSync(body).toString('utf8') : null);

/** A new email's items: the email, and its content item when its bodies are kept apart. */
export interface NewEmailItems {
  email: Record<string, unknown>;
  content?: Record<string, unknown>;
}

/**
 * The stored form of a new email (status queued): bodies compressed, its list-index keys and, with
 * `dueDeadline`, its entry in the due index (shared/emails/schedule/due-times.ts). Bodies stay on the
 * email item unless they would make each of its updates cost BODIES_APART_MIN_UNITS more. Throws
 * BodiesTooLargeError when the email cannot fit one item.
 */
export function newEmailItems(email: EmailRecord, dueDeadline?: string): NewEmailItems {
  const { html, text, ...rest } = email;
  const bodies = {
    ...(html !== null ? { html_gz: compress(html) } : {}),
    ...(text !== null ? { text_gz: compress(text) } : {}),
  };
  const bodyBytes = (bodies.html_gz?.length ?? 0) + (bodies.text_gz?.length ?? 0);
  const head = {
    ...keys.email(email.organization_id, email.id),
    ...keys.emailListEntry(email.organization_id, email.environment, email.status, email.id, email.created_at),
    ...(dueDeadline ? keys.dueEntry(email.id, dueDeadline) : {}),
    type: ITEM_TYPES.email,
    ...rest,
  };
  // Attribute names and values as UTF-8, plus the binary bodies: an upper bound of DynamoDB's size.
  const storedBytes = Buffer.byteLength(JSON.stringify(rest)) + bodyBytes + 512;
  if (storedBytes > MAX_STORED_EMAIL_BYTES) throw new BodiesTooLargeError();
  const headBytes = itemSize(head);
  // Delivery updates the email item three times (claim, hand-over, status), each billed by the whole
  // item: bodies that would make each of those updates cost BODIES_APART_MIN_UNITS or more go to a
  // content item written once.
  const unitsAdded =
    writeUnitsOf(headBytes + bodyBytes + DELIVERY_STATE_BYTES) - writeUnitsOf(headBytes + DELIVERY_STATE_BYTES);
  if (bodyBytes === 0 || unitsAdded < BODIES_APART_MIN_UNITS) return { email: { ...head, ...bodies } };
  return {
    email: { ...head, bodies_apart: true },
    content: { ...keys.emailContent(email.organization_id, email.id), type: 'email_content', ...bodies },
  };
}

/**
 * Stores a new email, never over an existing one (the email item's condition). Its content item
 * goes at the same time, also only where none is: a request resumed by its Idempotency-Key may find
 * both written, or only the email (its first try died in between).
 */
export async function putNewEmail(items: NewEmailItems): Promise<void> {
  const putOnce = (Item: Record<string, unknown>) =>
    new PutCommand({ TableName: tableName, Item, ConditionExpression: 'attribute_not_exists(PK)' });
  const results = await Promise.allSettled([
    db.send(putOnce(items.email)),
    items.content ? conditionalWrite(putOnce(items.content)) : Promise.resolve(true),
  ]);
  // The email's failure first: its condition failing is how a resumed request learns it was stored.
  const failure = results.find((result) => result.status === 'rejected');
  if (failure) throw failure.reason;
}

/** Stores a new email (tests and benches); throws BodiesTooLargeError if it cannot fit one item. */
export async function putEmail(email: EmailRecord, dueDeadline?: string): Promise<void> {
  await putNewEmail(newEmailItems(email, dueDeadline));
}

/**
 * The bodies of an email whose item says they are apart (`bodies_apart`): consistent GetItem of
 * its content item; undefined when it is not written yet (its accept writes it alongside the email).
 */
export async function readEmailBodies(
  organizationId: string,
  emailId: string,
): Promise<Pick<EmailRecord, 'html' | 'text'> | undefined> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName, Key: keys.emailContent(organizationId, emailId), ConsistentRead: true }),
  );
  return Item ? bodiesOf(Item) : undefined;
}

function bodiesOf(item: Record<string, unknown>): Pick<EmailRecord, 'html' | 'text'> {
  return {
    html: decompress(item.html_gz as Uint8Array | undefined),
    text: decompress(item.text_gz as Uint8Array | undefined),
  };
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
 * Deletes emails of a batch whose writes failed before any was queued, with their content items
 * (BatchWriteItem, 25 a request): no consumer can hold one, and deleting a missing one is a no-op.
 */
export async function deleteEmailItems(organizationId: string, emailIds: readonly string[]): Promise<void> {
  await batchWriteAll(
    emailIds.flatMap((id) => [
      { DeleteRequest: { Key: keys.email(organizationId, id) } },
      { DeleteRequest: { Key: keys.emailContent(organizationId, id) } },
    ]),
  );
}

/**
 * Stores many new emails (from newEmailItems, content items included): BatchWriteItem, 25 a request,
 * in parallel. No condition is possible in a batch: the ids are fresh (or, for a resumed batch, the
 * caller leaves out the emails already stored).
 */
export async function putEmailItems(items: readonly Record<string, unknown>[]): Promise<void> {
  await batchWriteAll(items.map((Item) => ({ PutRequest: { Item } })));
}

/** The email of a stored item (keys dropped, bodies decompressed). */
export function fromStoredEmail(item: StoredEmail): EmailRecord {
  const { html_gz, text_gz, bodies_apart: _apart, ...rest } = item as StoredEmail & Record<string, unknown>;
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
    'sweeps',
    'type',
  ])
    delete (rest as Record<string, unknown>)[attribute];
  return { ...(rest as Omit<EmailRecord, 'html' | 'text'>), html: decompress(html_gz), text: decompress(text_gz) };
}

/**
 * The email with its bodies and events (oldest first, those the email item holds included), in one strongly
 * consistent Query of its collection.
 */
export async function getEmailWithEvents(
  organizationId: string,
  emailId: string,
): Promise<{ email: EmailRecord; events: EmailEvent[] } | undefined> {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.emailCollection(organizationId, emailId).PK },
    ConsistentRead: true,
  });
  const emailItem = items.find((item) => item.SK === keys.email(organizationId, emailId).SK);
  if (!emailItem) return undefined;
  const stored = items
    .filter((item) => String(item.SK).startsWith('EVENT#'))
    .map(({ PK: _pk, SK: _sk, type: _type, event_type, ...event }) => ({ ...event, type: event_type }) as EmailEvent);
  const contentItem = items.find((item) => item.SK === keys.emailContent(organizationId, emailId).SK);
  const email = {
    ...fromStoredEmail(emailItem as unknown as StoredEmail),
    ...(contentItem ? bodiesOf(contentItem) : {}),
  };
  return { email, events: eventsOfEmail(email, stored) };
}

/** What the send path needs to know about an existing email: no bodies on the wire (consistent read). */
export async function getEmailState(
  organizationId: string,
  emailId: string,
): Promise<
  | Pick<EmailRecord, 'status' | 'environment' | 'created_at' | 'scheduled_at' | 'ses_message_id' | 'threaded'>
  | undefined
> {
  const { Item } = await db.send(
    new GetCommand({
      TableName: tableName,
      Key: keys.email(organizationId, emailId),
      ProjectionExpression: '#status, environment, created_at, scheduled_at, ses_message_id, threaded',
      ExpressionAttributeNames: { '#status': 'status' },
      ConsistentRead: true,
    }),
  );
  return Item as
    | Pick<EmailRecord, 'status' | 'environment' | 'created_at' | 'scheduled_at' | 'ses_message_id' | 'threaded'>
    | undefined;
}

export function eventPut(organizationId: string, emailId: string, event: EmailEvent): TransactItems[number] {
  const { type, ...rest } = event;
  return {
    Put: {
      TableName: tableName,
      Item: {
        ...keys.emailEvent(organizationId, emailId, event.created_at, event.id),
        type: ITEM_TYPES.emailEvent,
        event_type: type,
        ...rest,
      },
    },
  };
}

/**
 * Takes back an email whose accept failed: deletes it unless a consumer has touched it (a lease,
 * a hand-over or a final status: then it is being delivered and must stay; the caller gets its
 * 201). `gone` also when there was no email to delete (its write failed). The old item of a refused
 * delete tells the two apart (only on this failure path). `withContent`: its bodies were apart, and
 * their content item goes too.
 */
export async function takeBackEmail(
  organizationId: string,
  emailId: string,
  withContent: boolean,
): Promise<'gone' | 'claimed'> {
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
  } catch (error) {
    if (!isConditionalCheckFailed(error)) throw error;
    if ((error as { Item?: unknown }).Item) return 'claimed';
  }
  // Deleting a content item never written (its write failed too) is a no-op.
  if (withContent) {
    await db.send(new DeleteCommand({ TableName: tableName, Key: keys.emailContent(organizationId, emailId) }));
  }
  return 'gone';
}
