/**
 * What GET /emails reads besides the email items' own index entries (GSI3, GSI4): `to` and tag pointers
 * (those fields are multi-valued, so no index on the email item can serve them) and sharded counters
 * (total_count without reading the list). Both are written from the table's stream, after the email
 * (list-index.service.ts): a send writes neither, and a batch of the stream moves a counter once per
 * organization and environment. docs/data-model.md, "The email list (GET /emails)" and L1–L7.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { normalizeEmailAddress } from '#core/email-address.ts';
import type { Environment } from '#core/environment.ts';
import { batchGetAll, batchWriteAll } from '#dynamo/batch.ts';
import { db, tableName } from '#dynamo/client.ts';
import { EMAIL_COUNTER_SHARDS, EMAIL_LIST_SHARDS, keys, statusesOutOfStatusIndex } from '#dynamo/keys.ts';
import { countAll, queryAll } from '#dynamo/reads.ts';
import type { TransactItems } from '#dynamo/writes.ts';
import type { EmailRecord, EmailStatus, ListedEmail } from '#emails/email.ts';
import { EMAIL_LIST_ATTRIBUTES } from '#platform/table.ts';

/** The `to` addresses of an email, normalised and without repeats. */
function toAddresses(email: Pick<EmailRecord, 'to'>): string[] {
  const addresses = (email.to ?? []).map((mailbox) => {
    const normalized = normalizeEmailAddress(mailbox.email);
    return normalized.ok ? normalized.address : mailbox.email.toLowerCase();
  });
  return [...new Set(addresses)];
}

/** `<name>:<value>`: tag names and values are `[A-Za-z0-9_-]`, so the colon is unambiguous. */
export const tagFilterValue = (name: string, value: string) => `${name}:${value}`;

/** The fields of an email its pointers are made of (the stream's image of an email has them). */
export type PointedEmail = Pick<EmailRecord, 'organization_id' | 'environment' | 'id' | 'created_at' | 'to' | 'tags'>;

function pointerKeys(email: PointedEmail) {
  const { organization_id: org, environment: env, id, created_at: createdAt } = email;
  return [
    ...toAddresses(email).map((address) => keys.emailToPointer(org, env, address, id, createdAt)),
    ...Object.entries(email.tags ?? {}).map(([name, value]) =>
      keys.emailTagPointer(org, env, tagFilterValue(name, value), id, createdAt),
    ),
  ];
}

/** A pointer of an email to write (`put`) or to delete. */
export interface PointerWrite {
  put: boolean;
  email: PointedEmail;
}

/**
 * Writes and deletes pointers (BatchWriteItems of 25; n ≤ 60 per email), the last write of a key
 * winning: a BatchWriteItem may not name a key twice, and an email put and taken back in one stream
 * batch must end without its pointers. Both are idempotent, so a batch read again writes the same.
 */
export async function writePointers(writes: readonly PointerWrite[]): Promise<void> {
  const byKey = new Map<string, Record<string, unknown>>();
  for (const { put, email } of writes) {
    for (const key of pointerKeys(email)) {
      byKey.set(
        `${key.PK}|${key.SK}`,
        put
          ? { PutRequest: { Item: { ...key, type: 'email_pointer', email_id: email.id } } }
          : { DeleteRequest: { Key: key } },
      );
    }
  }
  await batchWriteAll([...byKey.values()]);
}

/** What a counter's attributes move by (`total` and the statuses). */
export type EmailCountMoves = Partial<Record<keyof EmailCounts, number>>;

/**
 * The update adding `moves` to one counter shard of an organization and environment, for a
 * transaction (the stream's counting writes it with the deliverability counters: exactly once).
 */
export function emailCounterUpdate(
  organizationId: string,
  environment: string,
  shard: number,
  moves: EmailCountMoves,
): TransactItems[number] {
  const names = Object.keys(moves).filter((name) => moves[name as keyof EmailCounts] !== 0);
  return {
    Update: {
      TableName: tableName,
      Key: keys.emailCounter(organizationId, environment, shard % EMAIL_COUNTER_SHARDS),
      UpdateExpression: `SET #type = :type${names.length > 0 ? ` ADD ${names.map((name) => `#${name} :${name}`).join(', ')}` : ''}`,
      ExpressionAttributeNames: { '#type': 'type', ...Object.fromEntries(names.map((name) => [`#${name}`, name])) },
      ExpressionAttributeValues: {
        ':type': 'email_counter',
        ...Object.fromEntries(names.map((name) => [`:${name}`, moves[name as keyof EmailCounts]])),
      },
    },
  };
}

export type EmailCounts = Record<'total' | EmailStatus, number>;

/**
 * The email counts of the given environments: one BatchGetItem of their counter shards
 * (10 per environment, eventually consistent: 0.5 read unit each).
 */
export async function readEmailCounts(
  organizationId: string,
  environments: readonly Environment[],
): Promise<EmailCounts> {
  const counts: EmailCounts = { total: 0, queued: 0, delivered: 0, bounced: 0, failed: 0, opened: 0 };
  const shardKeys = environments.flatMap((environment) =>
    Array.from({ length: EMAIL_COUNTER_SHARDS }, (_, shard) => keys.emailCounter(organizationId, environment, shard)),
  );
  for (const item of await batchGetAll(shardKeys, { attributes: Object.keys(counts) })) {
    for (const name of Object.keys(counts) as (keyof EmailCounts)[]) counts[name] += Number(item[name] ?? 0);
  }
  // A count can only be negative after a crash between two writes (see above).
  for (const name of Object.keys(counts) as (keyof EmailCounts)[]) counts[name] = Math.max(0, counts[name]);
  return counts;
}

/** The list fields of these emails (no bodies), in the order of `emailIds`; missing ones are left out. */
export async function getListedEmails(organizationId: string, emailIds: readonly string[]): Promise<ListedEmail[]> {
  if (emailIds.length === 0) return [];
  const items = await batchGetAll(
    [...new Set(emailIds)].map((id) => keys.email(organizationId, id)),
    { attributes: EMAIL_LIST_ATTRIBUTES },
  );
  const byId = new Map(items.map((item) => [String(item.id), item as unknown as ListedEmail]));
  return emailIds.map((id) => byId.get(id)).filter((email): email is ListedEmail => email !== undefined);
}

/**
 * One sorted partition the list reads: an index partition (GSI3/GSI4) or a pointer partition of
 * the table. Sort keys are `<created_at>#<id>`.
 */
export interface ListPartition {
  indexName?: 'GSI3' | 'GSI4';
  partitionKey: { name: string; value: string };
  sortKeyName: string;
}

/** Sort-key bounds, both inclusive (built by the caller from from_date / to_date). */
export interface SortKeyRange {
  from?: string;
  to?: string;
}

function keyCondition(partition: ListPartition, range: SortKeyRange) {
  const names: Record<string, string> = { '#pk': partition.partitionKey.name, '#sk': partition.sortKeyName };
  const values: Record<string, unknown> = { ':pk': partition.partitionKey.value };
  let condition = '#pk = :pk';
  if (range.from !== undefined && range.to !== undefined) {
    condition += ' AND #sk BETWEEN :from AND :to';
    Object.assign(values, { ':from': range.from, ':to': range.to });
  } else if (range.from !== undefined) {
    condition += ' AND #sk >= :from';
    values[':from'] = range.from;
  } else if (range.to !== undefined) {
    condition += ' AND #sk <= :to';
    values[':to'] = range.to;
  } else {
    delete names['#sk'];
  }
  return {
    KeyConditionExpression: condition,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
}

/** One page of a partition, newest first (eventually consistent, as GSIs always are). */
export async function queryListPartition(
  partition: ListPartition,
  range: SortKeyRange,
  limit: number,
  cursor?: Record<string, unknown>,
): Promise<{ items: Record<string, unknown>[]; cursor?: Record<string, unknown> }> {
  const page = await db.send(
    new QueryCommand({
      TableName: tableName,
      ...(partition.indexName ? { IndexName: partition.indexName } : {}),
      ...keyCondition(partition, range),
      ScanIndexForward: false,
      Limit: limit,
      ExclusiveStartKey: cursor,
    }),
  );
  return { items: (page.Items ?? []) as Record<string, unknown>[], cursor: page.LastEvaluatedKey };
}

/** Every entry of a partition in the range (all pages; keys only for the indexes). */
export function readListPartition(partition: ListPartition, range: SortKeyRange): Promise<Record<string, unknown>[]> {
  return queryAll({
    ...(partition.indexName ? { IndexName: partition.indexName } : {}),
    ...keyCondition(partition, range),
  });
}

/** How many entries of a partition fall in the range: Select COUNT, every page (1 MB of entries each). */
export function countListPartition(partition: ListPartition, range: SortKeyRange): Promise<number> {
  return countAll({
    ...(partition.indexName ? { IndexName: partition.indexName } : {}),
    ...keyCondition(partition, range),
  });
}

const shards = () => Array.from({ length: EMAIL_LIST_SHARDS }, (_, shard) => shard);

/**
 * Every partition of the list, per environment and shard: by time, by status, or a pointer list. A
 * status the status index leaves out is read from the list by time (the caller filters).
 */
export function listPartitions(
  organizationId: string,
  environments: readonly Environment[],
  by: { status: EmailStatus } | { to: string } | { tag: string } | Record<string, never>,
): ListPartition[] {
  return environments.flatMap((environment) =>
    shards().map((shard): ListPartition => {
      if ('status' in by && !statusesOutOfStatusIndex.has(by.status)) {
        const { GSI4PK } = keys.emailsByStatus(organizationId, environment, by.status, shard);
        return {
          indexName: keys.emailsByStatusIndex,
          partitionKey: { name: 'GSI4PK', value: GSI4PK },
          sortKeyName: 'GSI3SK',
        };
      }
      if ('to' in by) {
        const { PK } = keys.emailsToPartition(organizationId, environment, by.to, shard);
        return { partitionKey: { name: 'PK', value: PK }, sortKeyName: 'SK' };
      }
      if ('tag' in by) {
        const { PK } = keys.emailsTagPartition(organizationId, environment, by.tag, shard);
        return { partitionKey: { name: 'PK', value: PK }, sortKeyName: 'SK' };
      }
      const { GSI3PK } = keys.emailsByTime(organizationId, environment, shard);
      return {
        indexName: keys.emailsByTimeIndex,
        partitionKey: { name: 'GSI3PK', value: GSI3PK },
        sortKeyName: 'GSI3SK',
      };
    }),
  );
}
