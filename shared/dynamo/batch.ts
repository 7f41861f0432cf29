/** BatchGetItem and BatchWriteItem over any number of keys: chunked, in parallel, unprocessed ones retried. */
import { BatchGetCommand, BatchWriteCommand, type BatchWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { type Backoff, waitBackoff } from '#core/backoff.ts';
import { db, tableName } from '#dynamo/client.ts';

const BATCH_GET_SIZE = 100;
const BATCH_WRITE_SIZE = 25;
const BATCH_ATTEMPTS = 8;
/** Between rounds of unprocessed keys or items (≤ 8 rounds). */
const BATCH_BACKOFF: Backoff = { base: 50, max: 6_400, jitter: 'full' };

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

/**
 * Items by key: BatchGetItem of 100 keys a request, the requests in parallel, unprocessed keys read
 * again with jittered backoff; items in no particular order, missing keys left out. `attributes`
 * limits what comes back on the wire (DynamoDB still bills whole items).
 */
export async function batchGetAll(
  keys: readonly { PK: string; SK: string }[],
  options: { attributes?: readonly string[]; consistent?: boolean } = {},
): Promise<Record<string, unknown>[]> {
  const names = options.attributes
    ? Object.fromEntries(options.attributes.map((name, index) => [`#a${index}`, name]))
    : undefined;
  const found = await Promise.all(
    chunks(keys, BATCH_GET_SIZE).map(async (chunk) => {
      const items: Record<string, unknown>[] = [];
      let pending: Record<string, unknown>[] = chunk.map((key) => ({ ...key }));
      for (let attempt = 1; pending.length > 0; attempt += 1) {
        if (attempt > BATCH_ATTEMPTS) throw new Error(`${pending.length} keys left unprocessed`);
        if (attempt > 1) await waitBackoff(attempt, BATCH_BACKOFF);
        const result = await db.send(
          new BatchGetCommand({
            RequestItems: {
              [tableName]: {
                Keys: pending,
                ...(options.consistent ? { ConsistentRead: true } : {}),
                ...(names
                  ? { ProjectionExpression: Object.keys(names).join(', '), ExpressionAttributeNames: names }
                  : {}),
              },
            },
          }),
        );
        items.push(...((result?.Responses?.[tableName] ?? []) as Record<string, unknown>[]));
        pending = (result?.UnprocessedKeys?.[tableName]?.Keys ?? []) as Record<string, unknown>[];
      }
      return items;
    }),
  );
  return found.flat();
}

export type BatchWriteRequest = NonNullable<BatchWriteCommandInput['RequestItems']>[string][number];

/** BatchWriteItem, 25 requests a call, the calls in parallel, unprocessed ones retried with jittered backoff. */
export async function batchWriteAll(requests: readonly BatchWriteRequest[]): Promise<void> {
  await Promise.all(
    chunks(requests, BATCH_WRITE_SIZE).map(async (chunk) => {
      let pending = chunk;
      for (let attempt = 1; pending.length > 0; attempt += 1) {
        if (attempt > BATCH_ATTEMPTS) throw new Error(`${pending.length} writes left unprocessed`);
        if (attempt > 1) await waitBackoff(attempt, BATCH_BACKOFF);
        const result = await db.send(new BatchWriteCommand({ RequestItems: { [tableName]: pending } }));
        pending = (result?.UnprocessedItems?.[tableName] ?? []) as BatchWriteRequest[];
      }
    }),
  );
}
