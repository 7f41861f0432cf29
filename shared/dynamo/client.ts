/**
 * The DynamoDB document client, created once per module. A client middleware asks every
 * call for its consumed capacity and counts requests and capacity units, because those
 * are what Postbox costs to run; the request log line and the benchmarks report them.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  BatchWriteCommand,
  type BatchWriteCommandInput,
  DynamoDBDocumentClient,
  QueryCommand,
  type QueryCommandInput,
  TransactWriteCommand,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { config } from '#core/config.ts';

export interface DynamoUsage {
  requests: number;
  capacityUnits: number;
  /** The same capacity split by what it is billed as (on demand: read and write request units). */
  readUnits: number;
  writeUnits: number;
}

const emptyUsage = (): DynamoUsage => ({ requests: 0, capacityUnits: 0, readUnits: 0, writeUnits: 0 });
const usage: DynamoUsage = emptyUsage();
const READ_COMMANDS = new Set([
  'GetItemCommand',
  'BatchGetItemCommand',
  'QueryCommand',
  'ScanCommand',
  'TransactGetItemsCommand',
]);
const scopedUsage = new AsyncLocalStorage<DynamoUsage>();

/** Running totals since the module loaded; subtract two snapshots to cost an operation. */
/** Requests and capacity per DynamoDB command (benchmarks break the cost down with it). */
const byCommand = new Map<string, { requests: number; capacityUnits: number }>();
export function dynamoUsageByCommand(): Record<string, { requests: number; capacityUnits: number }> {
  return Object.fromEntries([...byCommand].map(([name, entry]) => [name, { ...entry }]));
}

export function dynamoUsage(): DynamoUsage {
  return { ...usage };
}

/**
 * Runs `work` with its own usage counter, so the cost of one request is exact even when
 * several requests share a process (as on the local gateway).
 */
export function withDynamoUsage<T>(work: () => Promise<T>): Promise<T> {
  return scopedUsage.run(emptyUsage(), work);
}

/** The counter of the current withDynamoUsage scope, if any. */
export function currentDynamoUsage(): DynamoUsage | undefined {
  return scopedUsage.getStore();
}

const baseClient = new DynamoDBClient({
  ...(config.dynamodbEndpoint
    ? {
        endpoint: config.dynamodbEndpoint,
        region: process.env.AWS_REGION ?? 'us-east-1',
        credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      }
    : {}),
  maxAttempts: 3,
});

interface CapacityOutput {
  ConsumedCapacity?: { CapacityUnits?: number } | Array<{ CapacityUnits?: number }>;
}

baseClient.middlewareStack.add(
  (next, context) => async (args) => {
    const input = args.input as Record<string, unknown>;
    input.ReturnConsumedCapacity ??= 'TOTAL';
    const counters = [usage, scopedUsage.getStore()].filter((c): c is DynamoUsage => c !== undefined);
    for (const counter of counters) counter.requests += 1;
    const result = await next(args);
    const consumed = (result.output as CapacityOutput).ConsumedCapacity;
    const read = READ_COMMANDS.has(context.commandName ?? '');
    const perCommand = byCommand.get(context.commandName ?? '?') ?? { requests: 0, capacityUnits: 0 };
    perCommand.requests += 1;
    byCommand.set(context.commandName ?? '?', perCommand);
    for (const entry of Array.isArray(consumed) ? consumed : consumed ? [consumed] : []) {
      for (const counter of counters) {
        counter.capacityUnits += entry.CapacityUnits ?? 0;
        if (read) counter.readUnits += entry.CapacityUnits ?? 0;
        else counter.writeUnits += entry.CapacityUnits ?? 0;
      }
      perCommand.capacityUnits += entry.CapacityUnits ?? 0;
    }
    return result;
  },
  { step: 'initialize', name: 'countConsumedCapacity' },
);

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  (Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null);

/**
 * A value as the document client's marshaller can take it whatever its keys. The marshaller tells
 * a map from a Set, a Map, a Buffer or a boxed String by `value.constructor.name`, which an object
 * of JSON can forge: `{"constructor": "x"}` fails ("Unsupported type passed"), and
 * `{"constructor": {"name": "String"}}` would be stored as the string "[object Object]". A `Map`
 * is recognised by its real prototype and marshalled as a map key by key, so every plain object
 * (tags, a variable's default value, anything a tenant's JSON puts in an item) becomes one first.
 */
function marshallable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(marshallable);
  if (!isPlainObject(value)) return value;
  return new Map(Object.entries(value).map(([key, entry]) => [key, marshallable(entry)]));
}

/** The parts of a command's input that hold attribute values (the marshaller's input). */
const ATTRIBUTE_MAPS = new Set(['Item', 'Key', 'ExpressionAttributeValues', 'ExclusiveStartKey']);

const attributeValues = (attributes: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(attributes).map(([name, value]) => [name, marshallable(value)]));

/** A copy of a command's input with every attribute value made marshallable (the input is the caller's). */
function withMarshallableValues(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withMarshallableValues);
  if (!isPlainObject(node)) return node;
  return Object.fromEntries(
    Object.entries(node).map(([name, value]) => {
      if (ATTRIBUTE_MAPS.has(name) && isPlainObject(value)) return [name, attributeValues(value)];
      if (name === 'Keys' && Array.isArray(value)) {
        return [name, value.map((key) => (isPlainObject(key) ? attributeValues(key) : key))];
      }
      return [name, withMarshallableValues(value)];
    }),
  );
}

// Runs before the document client's own marshalling (which sits just before serialization).
baseClient.middlewareStack.add(
  (next) => (args) => next({ ...args, input: withMarshallableValues(args.input) as typeof args.input }),
  { step: 'initialize', name: 'marshallableValues' },
);

export const db = DynamoDBDocumentClient.from(baseClient, {
  marshallOptions: { removeUndefinedValues: true },
});

export const tableName = config.tableName;

export function isConditionalCheckFailed(error: unknown): boolean {
  return error instanceof Error && error.name === 'ConditionalCheckFailedException';
}

/** The cancellation reason codes of a failed transaction, one per item (undefined otherwise). */
export function cancellationCodes(error: unknown): Array<string | undefined> | undefined {
  if (!(error instanceof Error) || error.name !== 'TransactionCanceledException') return undefined;
  const reasons = (error as Error & { CancellationReasons?: Array<{ Code?: string }> }).CancellationReasons;
  return (reasons ?? []).map((reason) => reason.Code);
}

/** Whether item `index` of a cancelled transaction failed its condition. */
export function failedCondition(error: unknown, index: number): boolean {
  return cancellationCodes(error)?.[index] === 'ConditionalCheckFailed';
}

function isTransactionConflict(error: unknown): boolean {
  if (error instanceof Error && error.name === 'TransactionConflictException') return true;
  return cancellationCodes(error)?.includes('TransactionConflict') ?? false;
}

export type TransactItems = NonNullable<TransactWriteCommandInput['TransactItems']>;

/**
 * TransactWriteItems, retried with jittered backoff when DynamoDB cancels it because another
 * transaction was touching one of its items at the same moment (TransactionConflict); the
 * SDK does not retry those. Condition failures are not retried: the caller decides.
 */
export async function transactWrite(items: TransactItems, attempts = 6): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await db.send(new TransactWriteCommand({ TransactItems: items }));
      return;
    } catch (error) {
      if (attempt >= attempts || !isTransactionConflict(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * 2 ** attempt));
    }
  }
}

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

/** Every item of a partition whose sort key starts with `prefix` (consistent, all pages). */
export function queryByPrefix<T>(key: { PK: string; SKPrefix: string }): Promise<T[]> {
  return queryAll<T>({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': key.PK, ':prefix': key.SKPrefix },
    ConsistentRead: true,
  });
}

const BATCH_GET_SIZE = 100;
const BATCH_WRITE_SIZE = 25;
const BATCH_ATTEMPTS = 8;
const batchBackoff = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * 25 * 2 ** attempt));

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
        if (attempt > 1) await batchBackoff(attempt);
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
        if (attempt > 1) await batchBackoff(attempt);
        const result = await db.send(new BatchWriteCommand({ RequestItems: { [tableName]: pending } }));
        pending = (result?.UnprocessedItems?.[tableName] ?? []) as BatchWriteRequest[];
      }
    }),
  );
}
