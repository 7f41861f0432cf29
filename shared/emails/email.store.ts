/**
 * Email entity and its events.
 *   email   PK=EMAIL#<org>#<id>  SK=EMAIL                      (bodies gzip-compressed inline)
 *   event   PK=EMAIL#<org>#<id>  SK=EVENT#<created_at>#<event id>
 *   list    GSI3PK=ORG#<org>#<env>#EMAILS#<shard>  GSI3SK=<created_at>#<id>           (by time)
 *           GSI4PK=ORG#<org>#<env>#STATUS#<status>#<shard>  GSI4SK=<created_at>#<id>  (by status)
 * One Query of the collection returns an email with its events, oldest first (the hand-over's events
 * derived from the email item: email.ts handOverEvents). The delivery state (lease, hand-over,
 * failure) is written by delivery/delivery-state.store.ts.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { batchGetAll, batchWriteAll } from '#dynamo/batch.ts';
import { db, tableName } from '#dynamo/client.ts';
import { keys } from '#dynamo/keys.ts';
import { queryAll } from '#dynamo/reads.ts';
import { isConditionalCheckFailed, type TransactItems } from '#dynamo/writes.ts';
import { type EmailEvent, type EmailRecord, eventsWithHandOver } from '#emails/email.ts';

/** An email item as stored: the bodies gzip-compressed. */
export interface StoredEmail extends Omit<EmailRecord, 'html' | 'text'> {
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

/** The email of a stored item (keys dropped, bodies decompressed). */
export function fromStoredEmail(item: StoredEmail): EmailRecord {
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
  const email = fromStoredEmail(emailItem as unknown as StoredEmail);
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
