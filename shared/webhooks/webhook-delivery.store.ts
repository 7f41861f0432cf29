/**
 * Webhook delivery entity: each delivery (payload, status, attempts), its endpoint's counts by status
 * and the attempt slots in flight. A delivery's status and its counter move in one transaction, so the
 * log's totals are exact; an attempt is claimed by number (`attempt_count = n`), so two messages for one
 * delivery never make the same attempt twice. Keys and access patterns: docs/data-model.md, "Entities"
 * (Webhook delivery…) and W5–W9.
 */
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { PageRequest } from '#core/pages.ts';
import { db, tableName } from '#dynamo/client.ts';
import { keys, WEBHOOK_DELIVERY_COUNTER_SHARDS } from '#dynamo/keys.ts';
import { queryByPrefix, withoutTableKeys } from '#dynamo/reads.ts';
import {
  conditionalUpdate,
  conditionalWrite,
  failedCondition,
  type TransactItems,
  transactWrite,
} from '#dynamo/writes.ts';
import {
  DELIVERY_RETENTION_DAYS,
  type DeliveryAttempt,
  type DeliveryStatus,
  MAX_ATTEMPTS_KEPT,
  type WebhookDeliveryItem,
} from '#webhooks/webhook-delivery.ts';

type DeliveryRef = Pick<WebhookDeliveryItem, 'organization_id' | 'webhook_id' | 'id'>;

const deliveryKey = (ref: DeliveryRef) => keys.webhookDelivery(ref.organization_id, ref.webhook_id, ref.id);
const asDelivery = (item: Record<string, unknown>): WebhookDeliveryItem =>
  withoutTableKeys(item) as unknown as WebhookDeliveryItem;

/** Moves one delivery from `from` to `to` in the endpoint's counts (a random shard). */
function countMove(ref: DeliveryRef, from: DeliveryStatus | undefined, to: DeliveryStatus): TransactItems[number] {
  const shard = Math.floor(Math.random() * WEBHOOK_DELIVERY_COUNTER_SHARDS);
  const names: Record<string, string> = { '#to': to };
  const values: Record<string, number> = { ':one': 1 };
  let expression = 'ADD #to :one';
  if (from && from !== to) {
    names['#from'] = from;
    values[':minus'] = -1;
    expression += ', #from :minus';
  }
  return {
    Update: {
      TableName: tableName,
      Key: keys.webhookDeliveryCounter(ref.organization_id, ref.webhook_id, shard),
      UpdateExpression: expression,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

const expiresAt = (createdAt: string) => Math.floor(Date.parse(createdAt) / 1000) + DELIVERY_RETENTION_DAYS * 86_400;

/**
 * Writes a new delivery and counts it, at once. `exists` (with the stored one) when it was written
 * before: the same event read again.
 */
export async function insertDelivery(
  item: WebhookDeliveryItem,
): Promise<{ outcome: 'added' } | { outcome: 'exists'; stored: WebhookDeliveryItem | undefined }> {
  try {
    await transactWrite([
      {
        Put: {
          TableName: tableName,
          Item: { ...deliveryKey(item), type: 'webhook_delivery', ...item, expires_at: expiresAt(item.created_at) },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      countMove(item, undefined, item.status),
    ]);
    return { outcome: 'added' };
  } catch (error) {
    if (!failedCondition(error, 0)) throw error;
    return { outcome: 'exists', stored: await getDelivery(item) };
  }
}

export async function getDelivery(ref: DeliveryRef): Promise<WebhookDeliveryItem | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: deliveryKey(ref), ConsistentRead: true }));
  return Item ? asDelivery(Item) : undefined;
}

/**
 * Claims attempt number `attemptCount + 1` of a pending delivery for `leaseMs`: undefined when the
 * delivery is no longer pending, that attempt was made already, or another claim holds it.
 */
export async function claimAttempt(
  ref: DeliveryRef,
  attemptCount: number,
  leaseMs: number,
): Promise<WebhookDeliveryItem | undefined> {
  const now = Date.now();
  const claimed = await conditionalUpdate(
    new UpdateCommand({
      TableName: tableName,
      Key: deliveryKey(ref),
      UpdateExpression: 'SET claimed_until = :until',
      ConditionExpression:
        'attribute_exists(PK) AND #status = :pending AND attempt_count = :n AND (attribute_not_exists(claimed_until) OR claimed_until < :now)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':pending': 'pending', ':n': attemptCount, ':now': now, ':until': now + leaseMs },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return claimed ? asDelivery(claimed) : undefined;
}

/** The attempts to keep: the newest MAX_ATTEMPTS_KEPT. */
const keptAttempts = (attempts: DeliveryAttempt[], attempt: DeliveryAttempt) =>
  [...attempts, attempt].slice(-MAX_ATTEMPTS_KEPT);

/**
 * Records attempt `attempt_count + 1` of a claimed delivery. `next` pending (with when) schedules
 * another; `succeeded` or `failed` ends it (the counts move in the same transaction). False when the
 * attempt was recorded already.
 */
export async function recordAttempt(
  delivery: WebhookDeliveryItem,
  attempt: DeliveryAttempt,
  next: { status: 'pending'; next_attempt_at: string } | { status: 'succeeded' | 'failed' },
): Promise<boolean> {
  const update = {
    TableName: tableName,
    Key: deliveryKey(delivery),
    UpdateExpression:
      'SET attempts = :attempts, attempt_count = :next_count, #status = :status, next_attempt_at = :next_at, updated_at = :now, manual = :manual REMOVE claimed_until',
    ConditionExpression: '#status = :pending AND attempt_count = :n',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':attempts': keptAttempts(delivery.attempts, attempt),
      ':next_count': delivery.attempt_count + 1,
      ':status': next.status,
      ':next_at': next.status === 'pending' ? next.next_attempt_at : null,
      ':now': attempt.attempted_at,
      ':manual': false,
      ':pending': 'pending',
      ':n': delivery.attempt_count,
    },
  };
  if (next.status === 'pending') return conditionalWrite(new UpdateCommand(update));
  try {
    await transactWrite([{ Update: update }, countMove(delivery, 'pending', next.status)]);
    return true;
  } catch (error) {
    if (failedCondition(error, 0)) return false;
    throw error;
  }
}

/**
 * Makes an ended delivery pending again for one manual attempt now: undefined when it is pending
 * already (or gone).
 */
export async function reopenDelivery(
  delivery: WebhookDeliveryItem,
  now: string,
): Promise<WebhookDeliveryItem | undefined> {
  if (delivery.status === 'pending') return undefined;
  try {
    await transactWrite([
      {
        Update: {
          TableName: tableName,
          Key: deliveryKey(delivery),
          UpdateExpression: 'SET #status = :pending, next_attempt_at = :now, updated_at = :now, manual = :manual',
          ConditionExpression: '#status = :was',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':pending': 'pending', ':now': now, ':manual': true, ':was': delivery.status },
        },
      },
      countMove(delivery, delivery.status, 'pending'),
    ]);
  } catch (error) {
    if (failedCondition(error, 0)) return undefined;
    throw error;
  }
  return { ...delivery, status: 'pending', next_attempt_at: now, updated_at: now, manual: true };
}

export type DeliveryCounts = Record<DeliveryStatus, number>;

/** An endpoint's delivery counts: one consistent Query over its (at most 4, tiny) counter shards. */
export async function readDeliveryCounts(organizationId: string, webhookId: string): Promise<DeliveryCounts> {
  const shards = await queryByPrefix<Record<string, unknown>>(
    keys.webhookDeliveryCountersPrefix(organizationId, webhookId),
  );
  const sum = (status: DeliveryStatus) =>
    Math.max(
      0,
      shards.reduce((total, shard) => total + Number(shard[status] ?? 0), 0),
    );
  return { pending: sum('pending'), succeeded: sum('succeeded'), failed: sum('failed') };
}

/**
 * One page of an endpoint's deliveries, newest first, optionally of one status: read in key order
 * up to the page's end (the cost grows with the page number, never with the log's length).
 */
export async function queryDeliveryPage(
  organizationId: string,
  webhookId: string,
  page: PageRequest,
  status: DeliveryStatus | undefined,
): Promise<WebhookDeliveryItem[]> {
  const { PK, SKPrefix } = keys.webhookDeliveriesPrefix(organizationId, webhookId);
  const wanted = page.page * page.limit;
  const items: Record<string, unknown>[] = [];
  let cursor: Record<string, unknown> | undefined;
  do {
    const output = await db.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ...(status ? { FilterExpression: '#status = :status' } : {}),
        ExpressionAttributeNames: status ? { '#status': 'status' } : undefined,
        ExpressionAttributeValues: { ':pk': PK, ':prefix': SKPrefix, ...(status ? { ':status': status } : {}) },
        ScanIndexForward: false,
        Limit: Math.min(1000, wanted - items.length + (status ? 100 : 0)),
        ExclusiveStartKey: cursor,
      }),
    );
    items.push(...(output.Items ?? []));
    cursor = output.LastEvaluatedKey;
  } while (cursor && items.length < wanted);
  return items.slice((page.page - 1) * page.limit, wanted).map(asDelivery);
}

/** The endpoint's slots free now (not held, or held past their expiry): one consistent Query. */
export async function freeSlots(organizationId: string, webhookId: string, slots: number): Promise<number[]> {
  const held = await queryByPrefix<{ slot: number; held_until: number }>(
    keys.webhookSlotsPrefix(organizationId, webhookId),
  );
  const now = Date.now();
  const busy = new Set(held.filter((entry) => entry.held_until > now).map((entry) => entry.slot));
  return Array.from({ length: slots }, (_, slot) => slot).filter((slot) => !busy.has(slot));
}

/**
 * Takes slot `slot` of an endpoint until `leaseMs` from now, if it is free (a crashed holder's slot
 * frees itself when it expires); false when another attempt took it first.
 */
export async function takeSlot(
  organizationId: string,
  webhookId: string,
  slot: number,
  leaseMs: number,
): Promise<boolean> {
  const now = Date.now();
  return conditionalWrite(
    new PutCommand({
      TableName: tableName,
      Item: {
        ...keys.webhookSlot(organizationId, webhookId, slot),
        type: 'webhook_slot',
        slot,
        held_until: now + leaseMs,
        // A slot a crashed holder never freed is deleted by TTL an hour after it expired.
        expires_at: Math.ceil((now + leaseMs) / 1000) + 3600,
      },
      ConditionExpression: 'attribute_not_exists(PK) OR held_until < :now',
      ExpressionAttributeValues: { ':now': now },
    }),
  );
}

export async function releaseSlot(organizationId: string, webhookId: string, slot: number): Promise<void> {
  await db.send(new DeleteCommand({ TableName: tableName, Key: keys.webhookSlot(organizationId, webhookId, slot) }));
}
