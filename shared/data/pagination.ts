/**
 * The one page/limit implementation behind every paginated list.
 *  - total_count comes from a counter item that every create/delete updates in the same
 *    transaction, so counting never reads the list;
 *  - a page is read from the list's index in order, stopping at the page's last item:
 *    the cost depends on where the page ends, never on how long the list is;
 *  - a page past the end costs only the counter read and returns no items.
 */
import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { IndexName } from '../table.ts';
import { tableDefinition } from '../table.ts';
import { db, tableName } from './dynamo.ts';
import type { PrimaryKey } from './keys.ts';

export interface PageRequest {
  page: number;
  limit: number;
}

export interface Pagination {
  page: number;
  limit: number;
  total_count: number;
  total_pages: number;
}

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** The transaction entry that moves a list's counter by `delta`. */
export function counterUpdate(key: PrimaryKey, delta: 1 | -1): TransactItem {
  return {
    Update: {
      TableName: tableName,
      Key: key,
      UpdateExpression: 'ADD item_count :delta',
      ExpressionAttributeValues: { ':delta': delta },
    },
  };
}

export async function readCounter(key: PrimaryKey): Promise<number> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }));
  return Math.max(0, Number(Item?.item_count ?? 0));
}

export function paginationFor(request: PageRequest, totalCount: number): Pagination {
  return {
    page: request.page,
    limit: request.limit,
    total_count: totalCount,
    total_pages: Math.ceil(totalCount / request.limit),
  };
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
