/**
 * Suppression entity: an address that must not receive email from an organization.
 *   item     PK=SUPP#<org>#<address>  SK=SUPP     (exact lookups; BatchGetItem on the send path)
 *   pointer  PK=ORG#<org>  SK=SUPPRESSION#<id>  (DELETE by id, strongly consistent)
 *   list     GSI1PK=ORG#<org>#SUPPRESSIONS  GSI1SK=<created_at>#<id>  (newest first)
 *   counter  PK=ORG#<org>  SK=COUNT#suppressions#<shard>  (total_count, same transaction)
 */
import { BatchGetCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { newId, nowIso } from '#core/ids.ts';
import type { PageRequest, Pagination } from '#core/pages.ts';
import { db, tableName } from '#dynamo/client.ts';
import { counterUpdate, readCounter, readIndexPage } from '#dynamo/counted-list.ts';
import { keys } from '#dynamo/keys.ts';
import { failedCondition, transactWrite } from '#dynamo/writes.ts';
import type { Suppression, SuppressionReason, SuppressionSource } from '#suppressions/suppression.ts';

interface SuppressionItem extends Suppression {
  organization_id: string;
  updated_at: string;
}

const toSuppression = (item: SuppressionItem): Suppression => ({
  id: item.id,
  email: item.email,
  reason: item.reason,
  source: item.source,
  created_at: item.created_at,
});

/** Adds a suppression; undefined when the address is already suppressed. */
export async function insertSuppression(
  organizationId: string,
  input: { email: string; reason: SuppressionReason; source: SuppressionSource },
): Promise<Suppression | undefined> {
  const now = nowIso();
  const item: SuppressionItem = {
    id: newId('sup'),
    organization_id: organizationId,
    email: input.email,
    reason: input.reason,
    source: input.source,
    created_at: now,
    updated_at: now,
  };
  try {
    await transactWrite([
      {
        Put: {
          TableName: tableName,
          Item: {
            ...keys.suppression(organizationId, input.email),
            ...keys.suppressionsList(organizationId, now, item.id),
            type: 'suppression',
            ...item,
          },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      {
        Put: {
          TableName: tableName,
          Item: {
            ...keys.suppressionPointer(organizationId, item.id),
            type: 'suppression_pointer',
            email: input.email,
          },
        },
      },
      counterUpdate(organizationId, 'suppressions', 1),
    ]);
  } catch (error) {
    if (failedCondition(error, 0)) return undefined;
    throw error;
  }
  return toSuppression(item);
}

/** Sets a new reason on an existing suppression and returns it (undefined if it is gone). */
export async function updateSuppressionReason(
  organizationId: string,
  email: string,
  reason: SuppressionReason,
): Promise<Suppression | undefined> {
  try {
    const { Attributes } = await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.suppression(organizationId, email),
        UpdateExpression: 'SET reason = :reason, updated_at = :now',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':reason': reason, ':now': nowIso() },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return toSuppression(Attributes as SuppressionItem);
  } catch (error) {
    if (error instanceof Error && error.name === 'ConditionalCheckFailedException') return undefined;
    throw error;
  }
}

/** Deletes a suppression by id; false when the organization has no such suppression. */
export async function deleteSuppressionById(organizationId: string, suppressionId: string): Promise<boolean> {
  const { Item: pointer } = await db.send(
    new GetCommand({
      TableName: tableName,
      Key: keys.suppressionPointer(organizationId, suppressionId),
      ConsistentRead: true,
    }),
  );
  if (!pointer) return false;
  try {
    await transactWrite([
      {
        Delete: {
          TableName: tableName,
          Key: keys.suppression(organizationId, String(pointer.email)),
          ConditionExpression: 'id = :id',
          ExpressionAttributeValues: { ':id': suppressionId },
        },
      },
      {
        Delete: {
          TableName: tableName,
          Key: keys.suppressionPointer(organizationId, suppressionId),
          ConditionExpression: 'attribute_exists(PK)',
        },
      },
      counterUpdate(organizationId, 'suppressions', -1),
    ]);
  } catch (error) {
    // Deleted concurrently by another request: the caller sees what it would have seen after.
    if (failedCondition(error, 0) || failedCondition(error, 1)) return false;
    throw error;
  }
  return true;
}

export async function listSuppressionsPage(
  organizationId: string,
  request: PageRequest,
): Promise<{ items: Suppression[]; pagination: Pagination }> {
  const totalCount = await readCounter(organizationId, 'suppressions');
  const page = await readIndexPage<SuppressionItem>({
    indexName: keys.suppressionsListIndex,
    partitionKey: keys.suppressionsList(organizationId).GSI1PK,
    request,
    totalCount,
  });
  return { items: page.items.map(toSuppression), pagination: page.pagination };
}

const BATCH_GET_LIMIT = 100;

/**
 * Which of these normalized addresses are suppressed: ⌈n/100⌉ BatchGetItem calls with
 * strongly consistent reads, run in parallel; unprocessed keys (throttling) are retried.
 */
export async function findSuppressedAmong(organizationId: string, addresses: readonly string[]): Promise<Set<string>> {
  const chunks: string[][] = [];
  for (let start = 0; start < addresses.length; start += BATCH_GET_LIMIT) {
    chunks.push(addresses.slice(start, start + BATCH_GET_LIMIT));
  }
  const found = new Set<string>();
  await Promise.all(
    chunks.map(async (chunk) => {
      let pending: Record<string, unknown>[] = chunk.map((email) => ({ ...keys.suppression(organizationId, email) }));
      for (let attempt = 0; pending.length > 0; attempt += 1) {
        if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(1000, 50 * 2 ** attempt)));
        const result = await db.send(
          new BatchGetCommand({
            RequestItems: {
              [tableName]: {
                Keys: pending,
                ConsistentRead: true,
                ProjectionExpression: 'email',
              },
            },
          }),
        );
        for (const item of result.Responses?.[tableName] ?? []) found.add(String(item.email));
        pending = result.UnprocessedKeys?.[tableName]?.Keys ?? [];
        if (attempt > 8 && pending.length > 0) throw new Error('Suppression lookup kept being throttled');
      }
    }),
  );
  return found;
}
