/**
 * What GET /emails reads besides the email items' own index entries (GSI3, GSI4): `to` and tag pointers
 * (those fields are multi-valued, so no index on the email item can serve them) and sharded counters
 * (total_count without reading the list). Written beside the email, not in a transaction (which bills
 * every item twice); a failed send takes them back (accept-writes.service.ts), and only a crash between
 * two writes can leave an email without pointers or a count off by one. docs/data-model.md, "The email
 * list (GET /emails)" and L1–L7.
 */
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { normalizeEmailAddress } from '#core/email-address.ts';
import type { Environment } from '#core/environment.ts';
import { errorLogFields } from '#core/log-fields.ts';
import { logger } from '#core/logger.ts';
import { batchGetAll, batchWriteAll } from '#dynamo/batch.ts';
import { db, tableName } from '#dynamo/client.ts';
import {
  EMAIL_COUNTER_SHARDS,
  EMAIL_LIST_SHARDS,
  emailShard,
  keys,
  type PrimaryKey,
  statusesOutOfStatusIndex,
} from '#dynamo/keys.ts';
import { countAll } from '#dynamo/reads.ts';
import type { EmailRecord, EmailStatus, ListedEmail } from '#emails/email.ts';
import { EMAIL_LIST_ATTRIBUTES } from '#platform/table.ts';

/** The `to` addresses of an email, normalised and without repeats. */
function toAddresses(email: Pick<EmailRecord, 'to'>): string[] {
  const addresses = email.to.map((mailbox) => {
    const normalized = normalizeEmailAddress(mailbox.email);
    return normalized.ok ? normalized.address : mailbox.email.toLowerCase();
  });
  return [...new Set(addresses)];
}

/** `<name>:<value>`: tag names and values are `[A-Za-z0-9_-]`, so the colon is unambiguous. */
export const tagFilterValue = (name: string, value: string) => `${name}:${value}`;

function pointerKeys(email: EmailRecord) {
  const { organization_id: org, environment: env, id, created_at: createdAt } = email;
  return [
    ...toAddresses(email).map((address) => keys.emailToPointer(org, env, address, id, createdAt)),
    ...Object.entries(email.tags).map(([name, value]) =>
      keys.emailTagPointer(org, env, tagFilterValue(name, value), id, createdAt),
    ),
  ];
}

function counterKey(organizationId: string, environment: string, emailId: string) {
  return keys.emailCounter(organizationId, environment, emailShard(emailId, EMAIL_COUNTER_SHARDS));
}

const pointerItems = (emails: readonly EmailRecord[]) =>
  emails.flatMap((email) =>
    pointerKeys(email).map((key) => ({ PutRequest: { Item: { ...key, type: 'email_pointer', email_id: email.id } } })),
  );

/** The `to` and tag pointers of new emails: BatchWriteItems of 25 (n ≤ 60 per email). */
export async function writeEmailPointers(emails: readonly EmailRecord[]): Promise<void> {
  await batchWriteAll(pointerItems(emails));
}

/** Deletes the pointers of emails taken back (any of them may be missing: deleting is idempotent). */
export async function deleteEmailPointers(emails: readonly EmailRecord[]): Promise<void> {
  await batchWriteAll(emails.flatMap((email) => pointerKeys(email).map((key) => ({ DeleteRequest: { Key: key } }))));
}

/**
 * Counts new emails (`sign` 1) or takes the count of emails taken back (`sign` -1): `total` and
 * `queued` ± n, one UpdateItem per organization and environment, on the shard of the group's first
 * email. The shards are only ever summed, so a later status move on an email's own shard may take
 * a shard below zero while the sum stays exact.
 */
export async function countNewEmails(emails: readonly EmailRecord[], sign: 1 | -1 = 1): Promise<void> {
  const perShard = new Map<string, { key: PrimaryKey; count: number }>();
  for (const email of emails) {
    const group = `${email.organization_id}#${email.environment}`;
    const entry = perShard.get(group) ?? {
      key: counterKey(email.organization_id, email.environment, email.id),
      count: 0,
    };
    entry.count += 1;
    perShard.set(group, entry);
  }
  await Promise.all(
    [...perShard.values()].map(({ key, count }) =>
      db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: key,
          UpdateExpression: 'ADD #total :n, #queued :n',
          ExpressionAttributeNames: { '#total': 'total', '#queued': 'queued' },
          ExpressionAttributeValues: { ':n': sign * count },
        }),
      ),
    ),
  );
}

/** An email's pointers and count (what the send path writes beside the email; fixtures use it). */
export async function writeEmailIndexEntries(email: EmailRecord): Promise<void> {
  await Promise.all([writeEmailPointers([email]), countNewEmails([email])]);
}

/**
 * A status change that has been stored: moves one count from `from` to `to` (one UpdateItem).
 * Never throws: the status change stands, and a lost count is logged (the count drifts by one).
 */
export async function moveEmailCount(
  organizationId: string,
  environment: string,
  emailId: string,
  from: EmailStatus,
  to: EmailStatus,
): Promise<void> {
  if (from === to) return;
  await db
    .send(
      new UpdateCommand({
        TableName: tableName,
        Key: counterKey(organizationId, environment, emailId),
        UpdateExpression: 'ADD #from :minus, #to :one',
        ExpressionAttributeNames: { '#from': from, '#to': to },
        ExpressionAttributeValues: { ':minus': -1, ':one': 1 },
      }),
    )
    .catch((error: unknown) => {
      logger.error('the status changed but the email counts did not follow', {
        organization_id: organizationId,
        email_id: emailId,
        from,
        to,
        ...errorLogFields(error),
      });
    });
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
  /** Only entries whose attribute has this value (a FilterExpression: the others are read, not returned). */
  filter?: { name: string; value: string };
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
  if (partition.filter) {
    names['#filter'] = partition.filter.name;
    values[':filter'] = partition.filter.value;
  }
  return {
    KeyConditionExpression: condition,
    ...(partition.filter ? { FilterExpression: '#filter = :filter' } : {}),
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

/** How many entries of a partition fall in the range: Select COUNT, every page (1 MB of entries each). */
export function countListPartition(partition: ListPartition, range: SortKeyRange): Promise<number> {
  return countAll({
    ...(partition.indexName ? { IndexName: partition.indexName } : {}),
    ...keyCondition(partition, range),
  });
}

const shards = () => Array.from({ length: EMAIL_LIST_SHARDS }, (_, shard) => shard);

/** Every partition of the list, per environment and shard: by time, by status, or a pointer list. */
export function listPartitions(
  organizationId: string,
  environments: readonly Environment[],
  by: { status: EmailStatus } | { to: string } | { tag: string } | Record<string, never>,
): ListPartition[] {
  return environments.flatMap((environment) =>
    shards().map((shard): ListPartition => {
      if ('status' in by && statusesOutOfStatusIndex.has(by.status)) {
        // Not in the status index: the list by time, filtered (mostly matching: see keys/emails.ts).
        const { GSI3PK } = keys.emailsByTime(organizationId, environment, shard);
        return {
          indexName: keys.emailsByTimeIndex,
          partitionKey: { name: 'GSI3PK', value: GSI3PK },
          sortKeyName: 'GSI3SK',
          filter: { name: 'status', value: by.status },
        };
      }
      if ('status' in by) {
        const { GSI4PK } = keys.emailsByStatus(organizationId, environment, by.status, shard);
        return {
          indexName: keys.emailsByStatusIndex,
          partitionKey: { name: 'GSI4PK', value: GSI4PK },
          sortKeyName: 'GSI4SK',
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
