/** Queries that follow LastEvaluatedKey through every page. */
import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '#dynamo/client.ts';

/** Every item a Query returns, following LastEvaluatedKey through all pages. */
export async function queryAll<T = Record<string, unknown>>(
  input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>,
): Promise<T[]> {
  const items: T[] = [];
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await db.send(new QueryCommand({ ...input, TableName: tableName, ExclusiveStartKey: cursor }));
    items.push(...((page?.Items ?? []) as T[]));
    cursor = page?.LastEvaluatedKey;
  } while (cursor);
  return items;
}

/** How many items a Query selects (`Select: COUNT`, after its filter), following every page. */
export async function countAll(
  input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey' | 'Select'>,
): Promise<number> {
  let count = 0;
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({ ...input, TableName: tableName, Select: 'COUNT', ExclusiveStartKey: cursor }),
    );
    count += page?.Count ?? 0;
    cursor = page?.LastEvaluatedKey;
  } while (cursor);
  return count;
}

/** An item without the table's own attributes (its keys and entity type): the entity as stored. */
export const withoutTableKeys = <T extends Record<string, unknown>>({ PK: _pk, SK: _sk, type: _type, ...rest }: T) =>
  rest;

/** Every item of a partition whose sort key starts with `prefix` (consistent, all pages). */
export function queryByPrefix<T>(key: { PK: string; SKPrefix: string }): Promise<T[]> {
  return queryAll<T>({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': key.PK, ':prefix': key.SKPrefix },
    ConsistentRead: true,
  });
}
