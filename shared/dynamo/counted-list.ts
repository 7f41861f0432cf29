/**
 * Counted lists (the suppression list): totals from counter shards that every create and delete moves
 * in the same transaction, so counting never reads the list; pages read from the list's index in order,
 * stopping at the page's last item, so a page costs what lies before it, never the list's length.
 * The other lists page their own way (emails over sharded indexes and counters, templates in memory).
 * Costs: docs/data-model.md, "Entities" (List counter shard) and "Cost of a list page".
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { type PageRequest, type Pagination, paginationFor } from '#core/pages.ts';
import { db, tableName } from '#dynamo/client.ts';
import { COUNTER_SHARDS, type CountedList, keys } from '#dynamo/keys.ts';
import type { TransactItems } from '#dynamo/writes.ts';
import type { IndexName } from '#platform/table.ts';
import { tableDefinition } from '#platform/table.ts';

/** The transaction entry that moves a list's counter by `delta` (on a random shard). */
export function counterUpdate(organizationId: string, list: CountedList, delta: 1 | -1): TransactItems[number] {
  return {
    Update: {
      TableName: tableName,
      Key: keys.counterShard(organizationId, list, Math.floor(Math.random() * COUNTER_SHARDS)),
      UpdateExpression: 'ADD item_count :delta',
      ExpressionAttributeValues: { ':delta': delta },
    },
  };
}

/** A list's item count: one consistent Query over its (at most 10, tiny) counter shards. */
export async function readCounter(organizationId: string, list: CountedList): Promise<number> {
  const { PK, SKPrefix } = keys.counterShardsPrefix(organizationId, list);
  const { Items } = await db.send(
    new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': PK, ':prefix': SKPrefix },
      ConsistentRead: true,
    }),
  );
  return Math.max(
    0,
    (Items ?? []).reduce((sum, item) => sum + Number(item.item_count ?? 0), 0),
  );
}

/**
 * Reads one page of an index partition, newest first (descending sort key). The index is
 * eventually consistent, so an item written a moment ago may appear a moment later.
 */
export async function readIndexPage<T>(options: {
  indexName: IndexName;
  partitionKey: string;
  request: PageRequest;
  totalCount: number;
}): Promise<{ items: T[]; pagination: Pagination }> {
  const { request, totalCount } = options;
  const pagination = paginationFor(request, totalCount);
  const offset = (request.page - 1) * request.limit;
  if (offset >= totalCount) return { items: [], pagination };
  const index = tableDefinition.globalSecondaryIndexes.find((entry) => entry.indexName === options.indexName);
  if (!index) throw new Error(`Unknown index ${options.indexName}`);

  const wanted = offset + request.limit;
  const items: T[] = [];
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: tableName,
        IndexName: options.indexName,
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': index.partitionKey },
        ExpressionAttributeValues: { ':pk': options.partitionKey },
        ScanIndexForward: false,
        Limit: wanted - items.length,
        ExclusiveStartKey: cursor,
      }),
    );
    items.push(...((page.Items ?? []) as T[]));
    cursor = page.LastEvaluatedKey;
  } while (cursor && items.length < wanted);
  return { items: items.slice(offset, wanted), pagination };
}
