/**
 * Idempotency records, one item per (organization, Idempotency-Key): a conditional claim with a lease
 * and a random owner token, then the response stored (done) or the record deleted (failed). A takeover of
 * an abandoned claim is conditioned on its old token, so exactly one of several concurrent retries wins,
 * and it keeps the reserved id, so the retry resumes the email the dead request wrote. Attributes, lease
 * and TTL: docs/data-model.md, "Idempotency key" and pattern 25.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { uuidv7 } from 'uuidv7';
import { db, tableName } from '#dynamo/client.ts';
import { keys } from '#dynamo/keys.ts';
import { conditionalWrite, isConditionalCheckFailed } from '#dynamo/writes.ts';

/** The operation a key was used for: the same key on another endpoint is another request. */
export type IdempotencyScope = 'send' | 'batch';

/** How long a key is remembered. */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;
/** After this, an `in_progress` record is considered abandoned (its function died). */
export const IDEMPOTENCY_LEASE_MS = 60_000;

export type BeginResult =
  /**
   * `reservedId`: the id of what the request creates (the email id of a send). It is kept on the
   * record and handed to whoever takes an abandoned request over, so a retry after a crash resumes
   * the same email instead of creating a second one.
   */
  | { state: 'new'; token: string; reservedId: string; takenOver: boolean }
  | { state: 'replay'; status: number; body: unknown }
  | { state: 'conflict' }
  | { state: 'in_progress' };

interface StoredIdempotency {
  state: 'in_progress' | 'done';
  scope: IdempotencyScope;
  request_hash: string;
  lease_token?: string;
  lease_until?: number;
  reserved_id?: string;
  expires_at: number;
  response_status?: number;
  response_body?: string;
}

export function hashIdempotencyKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

function recordKey(organizationId: string, key: string) {
  return keys.idempotency(organizationId, hashIdempotencyKey(key));
}

/** A claim lost to a concurrent request is re-read; a handful of rounds is always enough. */
const MAX_ROUNDS = 5;

/**
 * Claims `key` for a request whose canonical content hashes to `requestHash`, or says what
 * an earlier request with the same key decides: replay its response, conflict (another
 * body), or in progress (the same body, still running).
 */
export async function beginIdempotentRequest(
  organizationId: string,
  key: string,
  requestHash: string,
  scope: IdempotencyScope,
  now: number = Date.now(),
): Promise<BeginResult> {
  const Key = recordKey(organizationId, key);
  const nowSeconds = Math.floor(now / 1000);
  for (let round = 1; ; round += 1) {
    const token = randomUUID();
    const reservedId = uuidv7();
    let existing: StoredIdempotency | undefined;
    try {
      await db.send(
        new PutCommand({
          TableName: tableName,
          Item: {
            ...Key,
            type: 'idempotency',
            organization_id: organizationId,
            scope,
            state: 'in_progress',
            request_hash: requestHash,
            lease_token: token,
            lease_until: now + IDEMPOTENCY_LEASE_MS,
            reserved_id: reservedId,
            created_at: new Date(now).toISOString(),
            expires_at: nowSeconds + IDEMPOTENCY_TTL_SECONDS,
          },
          // Absent, or expired but not yet removed by TTL.
          ConditionExpression: 'attribute_not_exists(PK) OR expires_at <= :now',
          ExpressionAttributeValues: { ':now': nowSeconds },
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      );
      return { state: 'new', token, reservedId, takenOver: false };
    } catch (error) {
      if (!isConditionalCheckFailed(error)) throw error;
      // The document client leaves the item of a failed condition in DynamoDB JSON.
      const raw = (error as { Item?: Record<string, AttributeValue> }).Item;
      existing = raw ? (unmarshall(raw) as StoredIdempotency) : await readRecord(Key);
    }
    if (existing) {
      if (existing.request_hash !== requestHash || existing.scope !== scope) return { state: 'conflict' };
      if (existing.state === 'done') {
        return {
          state: 'replay',
          status: Number(existing.response_status),
          body: JSON.parse(existing.response_body ?? 'null'),
        };
      }
      if ((existing.lease_until ?? 0) > now) return { state: 'in_progress' };
      const takenOver = await takeOver(Key, existing, requestHash, now);
      if (takenOver) return { state: 'new', ...takenOver, takenOver: true };
    }
    // The record changed under us (completed, abandoned or taken over): look again.
    if (round >= MAX_ROUNDS) return { state: 'in_progress' };
  }
}

async function readRecord(Key: ReturnType<typeof recordKey>): Promise<StoredIdempotency | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key, ConsistentRead: true }));
  return Item as StoredIdempotency | undefined;
}

/** Takes over an abandoned `in_progress` record; the new owner token, or undefined if someone else did. */
async function takeOver(
  Key: ReturnType<typeof recordKey>,
  abandoned: StoredIdempotency,
  requestHash: string,
  now: number,
): Promise<{ token: string; reservedId: string } | undefined> {
  const token = randomUUID();
  // Records written before ids were reserved have none: the retry then gets a fresh one.
  const reservedId = abandoned.reserved_id ?? uuidv7();
  const taken = await conditionalWrite(
    new UpdateCommand({
      TableName: tableName,
      Key,
      UpdateExpression:
        'SET lease_token = :token, lease_until = :until, expires_at = :expires, reserved_id = :reserved',
      ConditionExpression:
        '#state = :in_progress AND request_hash = :hash AND lease_token = :old AND lease_until <= :now',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: {
        ':token': token,
        ':until': now + IDEMPOTENCY_LEASE_MS,
        ':expires': Math.floor(now / 1000) + IDEMPOTENCY_TTL_SECONDS,
        ':in_progress': 'in_progress',
        ':hash': requestHash,
        ':old': abandoned.lease_token ?? '',
        ':now': now,
        ':reserved': reservedId,
      },
    }),
  );
  return taken ? { token, reservedId } : undefined;
}

/**
 * Stores the response of the request that owns the key (`token` from beginIdempotentRequest).
 * False when the record is no longer ours (it was taken over after our lease ran out).
 */
export async function completeIdempotentRequest(
  organizationId: string,
  key: string,
  status: number,
  body: unknown,
  token: string,
): Promise<boolean> {
  return conditionalWrite(
    new UpdateCommand({
      TableName: tableName,
      Key: recordKey(organizationId, key),
      UpdateExpression:
        'SET #state = :done, response_status = :status, response_body = :body, completed_at = :at REMOVE lease_token, lease_until',
      ConditionExpression: '#state = :in_progress AND lease_token = :token',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: {
        ':done': 'done',
        ':in_progress': 'in_progress',
        ':status': status,
        ':body': JSON.stringify(body ?? null),
        ':at': new Date().toISOString(),
        ':token': token,
      },
    }),
  );
}

/**
 * The request that owns the key failed: forget the key, so that a retry (with any body) runs.
 * False when the record is no longer ours.
 */
export async function abandonIdempotentRequest(organizationId: string, key: string, token: string): Promise<boolean> {
  return conditionalWrite(
    new DeleteCommand({
      TableName: tableName,
      Key: recordKey(organizationId, key),
      ConditionExpression: '#state = :in_progress AND lease_token = :token',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: { ':in_progress': 'in_progress', ':token': token },
    }),
  );
}
