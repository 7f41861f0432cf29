/**
 * Received messages in the table: a record, its content item and its filter pointers written in one
 * transaction (all or nothing, once: the record's condition makes a redelivery a no-op), read by id,
 * listed newest first, deleted together. Items and access patterns: docs/data-model.md, "Received messages".
 */
import { GetCommand, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { batchGetAll } from '#dynamo/batch.ts';
import { db, tableName } from '#dynamo/client.ts';
import { keys, type PrimaryKey } from '#dynamo/keys.ts';
import { countAll, queryAll, withoutTableKeys } from '#dynamo/reads.ts';
import { failedCondition, type TransactItems, transactWrite } from '#dynamo/writes.ts';
import type { InboundRecord } from '#inbound/inbound-message.ts';
import { ITEM_TYPES } from '#platform/table.ts';

/** The content item as stored: gzip JSON of the text, html and headers, inline or in S3. */
export interface StoredContent {
  content_gz?: Uint8Array;
  content_key?: string;
  /** gzip JSON of `email.received`'s data: its insert is the event (the fan-out reads the stream). */
  event_gz: Uint8Array;
}

const DAY_SECONDS = 86_400;
const dayOf = (iso: string) => iso.slice(0, 10);

/** The record's pointers: one per envelope recipient (carrying the sender, for `to` + `from`) and its sender. */
function pointerItems(record: InboundRecord): Array<PrimaryKey & Record<string, unknown>> {
  const base = { inbound_id: record.id, expires_at: record.expires_at };
  return [
    ...[...new Set(record.recipients)].map((address) => ({
      ...keys.inboundToPointer(record.organization_id, address, record.id),
      ...base,
      from: record.from.email,
    })),
    { ...keys.inboundFromPointer(record.organization_id, record.from.email, record.id), ...base },
  ];
}

function dayCounterUpdate(record: InboundRecord, delta: 1 | -1): TransactItems[number] {
  const day = dayOf(record.received_at);
  return {
    Update: {
      TableName: tableName,
      Key: keys.inboundDayCounter(record.organization_id, day),
      // The latest record's expiry: a retention raised during the day keeps the counter as long as its records.
      UpdateExpression: 'ADD received :delta SET expires_at = :expires',
      ExpressionAttributeValues: {
        ':delta': delta,
        ':expires':
          Math.floor(Date.parse(`${day}T00:00:00Z`) / 1000) +
          2 * DAY_SECONDS +
          (record.expires_at - Math.floor(Date.parse(record.received_at) / 1000)),
      },
    },
  };
}

/** Stores a record with its content and pointers; `exists` when this message was stored already. */
export async function insertInboundRecord(record: InboundRecord, content: StoredContent): Promise<'added' | 'exists'> {
  const items: TransactItems = [
    {
      Put: {
        TableName: tableName,
        Item: { ...keys.inboundMessage(record.organization_id, record.id), type: 'inbound', ...record },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    {
      // Deleted already (a notification delivered again after the DELETE): never stored again.
      ConditionCheck: {
        TableName: tableName,
        Key: keys.inboundTombstone(record.organization_id, record.id),
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    {
      Put: {
        TableName: tableName,
        Item: {
          ...keys.inboundContent(record.organization_id, record.id),
          type: ITEM_TYPES.inboundContent,
          id: record.id,
          organization_id: record.organization_id,
          expires_at: record.expires_at,
          ...content,
        },
      },
    },
    ...pointerItems(record).map((Item) => ({ Put: { TableName: tableName, Item } })),
    dayCounterUpdate(record, 1),
  ];
  try {
    await transactWrite(items);
    return 'added';
  } catch (error) {
    if (failedCondition(error, 0) || failedCondition(error, 1)) return 'exists';
    throw error;
  }
}

/** The ids among these that are stored already, or were deleted (one consistent BatchGetItem). */
export async function storedInboundIds(entries: ReadonlyArray<{ organizationId: string; id: string }>) {
  if (entries.length === 0) return new Set<string>();
  const items = await batchGetAll(
    entries.flatMap((entry) => [
      keys.inboundMessage(entry.organizationId, entry.id),
      keys.inboundTombstone(entry.organizationId, entry.id),
    ]),
    { attributes: ['id'], consistent: true },
  );
  return new Set(items.map((item) => String(item.id)));
}

const unexpired = (item: { expires_at?: unknown }, nowSeconds: number) =>
  typeof item.expires_at === 'number' && item.expires_at > nowSeconds;

/** A record by id (consistent: a webhook's receiver reads it at once); undefined when absent or expired. */
export async function getInboundRecord(organizationId: string, inboundId: string): Promise<InboundRecord | undefined> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName, Key: keys.inboundMessage(organizationId, inboundId), ConsistentRead: true }),
  );
  if (!Item || !unexpired(Item, Date.now() / 1000)) return undefined;
  return withoutTableKeys(Item) as unknown as InboundRecord;
}

export async function getInboundContent(organizationId: string, inboundId: string): Promise<StoredContent | undefined> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName, Key: keys.inboundContent(organizationId, inboundId), ConsistentRead: true }),
  );
  return Item as StoredContent | undefined;
}

/** Removes the record, its content, its pointers and its count, in one transaction; false when it was gone. */
export async function deleteInboundRecord(record: InboundRecord): Promise<boolean> {
  const items: TransactItems = [
    {
      Delete: {
        TableName: tableName,
        Key: keys.inboundMessage(record.organization_id, record.id),
        ConditionExpression: 'attribute_exists(PK)',
      },
    },
    { Delete: { TableName: tableName, Key: keys.inboundContent(record.organization_id, record.id) } },
    {
      Put: {
        TableName: tableName,
        Item: {
          ...keys.inboundTombstone(record.organization_id, record.id),
          id: record.id,
          expires_at: record.expires_at,
        },
      },
    },
    ...pointerItems(record).map(({ PK, SK }) => ({ Delete: { TableName: tableName, Key: { PK, SK } } })),
    dayCounterUpdate(record, -1),
  ];
  try {
    await transactWrite(items);
    return true;
  } catch (error) {
    if (failedCondition(error, 0)) return false;
    throw error;
  }
}

/** Where a list reads: the records themselves, or a filter's pointers (with the sender, for both filters). */
export type InboundListSource =
  | { kind: 'records' }
  | { kind: 'to'; address: string; from?: string }
  | { kind: 'from'; address: string };

export interface IdRange {
  /** Inclusive id bounds (inboundIdBound). */
  low: string;
  high: string;
}

function sourceQuery(organizationId: string, source: InboundListSource, range: IdRange, nowSeconds: number) {
  const values: Record<string, unknown> = { ':now': nowSeconds };
  const names: Record<string, string> = { '#expires': 'expires_at' };
  let filter = '#expires > :now';
  let partition: string;
  let low = range.low;
  let high = range.high;
  if (source.kind === 'records') {
    const messages = keys.inboundMessages(organizationId);
    partition = messages.PK;
    low = `${messages.SKPrefix}${low}`;
    high = `${messages.SKPrefix}${high}`;
  } else if (source.kind === 'to') {
    partition = keys.inboundToPartition(organizationId, source.address).PK;
    if (source.from !== undefined) {
      filter += ' AND #from = :from';
      names['#from'] = 'from';
      values[':from'] = source.from;
    }
  } else {
    partition = keys.inboundFromPartition(organizationId, source.address).PK;
  }
  return {
    KeyConditionExpression: 'PK = :pk AND SK BETWEEN :low AND :high',
    FilterExpression: filter,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: { ...values, ':pk': partition, ':low': low, ':high': high },
  } satisfies Partial<QueryCommandInput>;
}

/** How many unexpired entries of the source lie in the range (reads them: callers bound the range). */
export function countInRange(
  organizationId: string,
  source: InboundListSource,
  range: IdRange,
  nowSeconds: number,
): Promise<number> {
  return countAll(sourceQuery(organizationId, source, range, nowSeconds));
}

/** The received counts of the UTC days from `firstDay` to `lastDay` (`yyyy-mm-dd`, inclusive): one Query. */
export async function dayCounts(organizationId: string, firstDay: string, lastDay: string): Promise<number> {
  const counters = keys.inboundDayCounters(organizationId);
  const items = await queryAll<{ received?: number }>({
    KeyConditionExpression: 'PK = :pk AND SK BETWEEN :low AND :high',
    ExpressionAttributeValues: {
      ':pk': counters.PK,
      ':low': `${counters.SKPrefix}${firstDay}`,
      ':high': `${counters.SKPrefix}${lastDay}`,
    },
    ConsistentRead: true,
  });
  return Math.max(
    0,
    items.reduce((total, item) => total + Number(item.received ?? 0), 0),
  );
}

/**
 * The first `wanted` unexpired entries of the source in the range, newest first (records, or a filter's
 * pointers): reads what lies before the page too, as a page costs what precedes it.
 */
async function readNewest(
  organizationId: string,
  source: InboundListSource,
  range: IdRange,
  wanted: number,
  nowSeconds: number,
): Promise<Record<string, unknown>[]> {
  const found: Record<string, unknown>[] = [];
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: tableName,
        ...sourceQuery(organizationId, source, range, nowSeconds),
        ScanIndexForward: false,
        Limit: wanted - found.length,
        ExclusiveStartKey: cursor,
      }),
    );
    found.push(...(page.Items ?? []));
    cursor = page.LastEvaluatedKey;
  } while (cursor && found.length < wanted);
  return found;
}

/** The newest `wanted` records in the range (the unfiltered list). */
export async function newestRecords(organizationId: string, range: IdRange, wanted: number, nowSeconds: number) {
  const items = await readNewest(organizationId, { kind: 'records' }, range, wanted, nowSeconds);
  return items.map((item) => withoutTableKeys(item) as unknown as InboundRecord);
}

/** The ids of the newest `wanted` records a filter's pointers name in the range. */
export async function newestPointedIds(
  organizationId: string,
  source: Exclude<InboundListSource, { kind: 'records' }>,
  range: IdRange,
  wanted: number,
  nowSeconds: number,
): Promise<string[]> {
  const items = await readNewest(organizationId, source, range, wanted, nowSeconds);
  return items.map((item) => String(item.inbound_id));
}

/** The records of these ids, in the ids' order (missing ones left out). */
export async function recordsByIds(organizationId: string, ids: readonly string[]): Promise<InboundRecord[]> {
  if (ids.length === 0) return [];
  const items = await batchGetAll(ids.map((id) => keys.inboundMessage(organizationId, id)));
  const byId = new Map(items.map((item) => [String(item.id), withoutTableKeys(item) as unknown as InboundRecord]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
