/**
 * The DynamoDB document client, created once per module. A client middleware asks every
 * call for its consumed capacity and counts requests and capacity units, because those
 * are what Postbox costs to run; the request log line and the benchmarks report them.
 */

import { AsyncLocalStorage } from 'node:async_hooks';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { currentFunction } from '#core/aws-call-recording.ts';
import { awsClient } from '#core/aws-client.ts';
import { config } from '#core/config.ts';
import { itemSize } from '#dynamo/item-size.ts';

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

/** Requests and capacity per DynamoDB command (benchmarks break the cost down with it). */
const byCommand = new Map<string, { requests: number; capacityUnits: number }>();
export function dynamoUsageByCommand(): Record<string, { requests: number; capacityUnits: number }> {
  return Object.fromEntries([...byCommand].map(([name, entry]) => [name, { ...entry }]));
}

/**
 * Running totals per function (the route-table handler module of the invocation, where the local
 * cloud names it): what each function of the pipeline costs, for the benches.
 */
const byFunction = new Map<string, DynamoUsage>();
export function dynamoUsageByFunction(): Record<string, DynamoUsage> {
  return Object.fromEntries([...byFunction].map(([name, entry]) => [name, { ...entry }]));
}

/** Running totals since the module loaded; subtract two snapshots to cost an operation. */
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

const baseClient = awsClient(
  new DynamoDBClient({
    ...(config.dynamodbEndpoint
      ? {
          endpoint: config.dynamodbEndpoint,
          region: process.env.AWS_REGION ?? 'us-east-1',
          credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
        }
      : {}),
    maxAttempts: 3,
  }),
);

interface ConsumedEntry {
  CapacityUnits?: number;
  /** With ReturnConsumedCapacity INDEXES: the share of the table and of each index. */
  Table?: { CapacityUnits?: number };
  GlobalSecondaryIndexes?: Record<string, { CapacityUnits?: number }>;
}
interface CapacityOutput {
  ConsumedCapacity?: ConsumedEntry | ConsumedEntry[];
}

/** One kind of request: which function made it, the command, the entity (its key's prefix) and where the units went. */
export interface OperationUsage {
  requests: number;
  capacityUnits: number;
  /** Units by where they were consumed: `table` or the index's name. */
  byTarget: Record<string, number>;
}
const byOperation = new Map<string, OperationUsage>();
/**
 * Running totals per `<function> <command> <entity>` (the entity: the first key's partition key up to
 * its first `#`, or the index a query reads): the benches' breakdown of what costs what.
 */
export function dynamoUsageByOperation(): Record<string, OperationUsage> {
  return Object.fromEntries(
    [...byOperation].map(([name, entry]) => [name, { ...entry, byTarget: { ...entry.byTarget } }]),
  );
}

function operationUsage(key: string): OperationUsage {
  let entry = byOperation.get(key);
  if (!entry) {
    entry = { requests: 0, capacityUnits: 0, byTarget: {} };
    byOperation.set(key, entry);
  }
  return entry;
}

/** Adds a response's consumed capacity to an operation: in all, and by table and index. */
function addConsumed(operation: OperationUsage, entry: ConsumedEntry): void {
  operation.capacityUnits += entry.CapacityUnits ?? 0;
  const add = (target: string, units: number | undefined) => {
    if (units) operation.byTarget[target] = (operation.byTarget[target] ?? 0) + units;
  };
  add('table', entry.Table?.CapacityUnits);
  for (const [index, share] of Object.entries(entry.GlobalSecondaryIndexes ?? {})) add(index, share.CapacityUnits);
}

/**
 * What AWS bills a TransactWriteItems: 2 write units per item per started KB (a prepare and a commit).
 * DynamoDB Local reports 4 whatever the items (measured with 1, 2, 4 and 8), so on the local stack the
 * benches count them here: a Put by its item's size, an Update, Delete or ConditionCheck as one KB (the
 * stored item's size is not in the request; the ones written in transactions are counters and small items).
 */
function transactionCapacity(input: Record<string, unknown>): ConsumedEntry {
  const items = (input.TransactItems as Array<Record<string, { Item?: Record<string, unknown> }>> | undefined) ?? [];
  const units = items.reduce((sum, entry) => {
    const item = entry.Put?.Item;
    return sum + 2 * (item ? Math.max(1, Math.ceil(itemSize(item) / 1024)) : 1);
  }, 0);
  return { CapacityUnits: units, Table: { CapacityUnits: units } };
}

/** The entity a request is about: the first key it names (its PK's prefix), or the index it queries. */
function entityOf(input: Record<string, unknown>): string {
  const prefix = (value: unknown) => (typeof value === 'string' ? (value.split('#')[0] ?? value) : '?');
  const firstKey = (item: unknown) => prefix((item as { PK?: unknown } | undefined)?.PK);
  if (input.Key) return firstKey(input.Key);
  if (input.Item) return firstKey(input.Item);
  if (typeof input.IndexName === 'string') return input.IndexName;
  const values = input.ExpressionAttributeValues as Record<string, unknown> | undefined;
  if (values) {
    const pk = values[':pk'] ?? Object.values(values).find((value) => typeof value === 'string' && value.includes('#'));
    if (pk !== undefined) return prefix(pk);
  }
  const transact = (input.TransactItems as Array<Record<string, { Key?: unknown; Item?: unknown }>> | undefined)?.[0];
  if (transact) {
    const operation = Object.values(transact)[0];
    return firstKey(operation?.Key ?? operation?.Item);
  }
  const requestItems = input.RequestItems as Record<string, unknown> | undefined;
  const first = requestItems ? Object.values(requestItems)[0] : undefined;
  if (Array.isArray(first)) {
    const request = first[0] as { PutRequest?: { Item?: unknown }; DeleteRequest?: { Key?: unknown } } | undefined;
    return firstKey(request?.PutRequest?.Item ?? request?.DeleteRequest?.Key);
  }
  const keys = (first as { Keys?: unknown[] } | undefined)?.Keys;
  return keys ? firstKey(keys[0]) : '?';
}

baseClient.middlewareStack.add(
  (next, context) => async (args) => {
    const input = args.input as Record<string, unknown>;
    // INDEXES: the total, and how much of it each index cost (priced the same as TOTAL).
    input.ReturnConsumedCapacity ??= 'INDEXES';
    const invokedAs = currentFunction();
    if (invokedAs && !byFunction.has(invokedAs)) byFunction.set(invokedAs, emptyUsage());
    const counters = [usage, scopedUsage.getStore(), invokedAs ? byFunction.get(invokedAs) : undefined].filter(
      (c): c is DynamoUsage => c !== undefined,
    );
    for (const counter of counters) counter.requests += 1;
    const result = await next(args);
    const commandName = context.commandName ?? '?';
    const consumed =
      config.dynamodbEndpoint && commandName === 'TransactWriteItemsCommand'
        ? transactionCapacity(input)
        : (result.output as CapacityOutput).ConsumedCapacity;
    const read = READ_COMMANDS.has(commandName);
    const perCommand = byCommand.get(commandName) ?? { requests: 0, capacityUnits: 0 };
    perCommand.requests += 1;
    byCommand.set(commandName, perCommand);
    // Per operation only where a function is named (the local cloud, for the benches): in Lambda this
    // bookkeeping would be work on every call that nobody reads.
    const operation = invokedAs
      ? operationUsage(`${invokedAs} ${commandName.replace(/Command$/, '')} ${entityOf(input)}`)
      : undefined;
    if (operation) operation.requests += 1;
    for (const entry of Array.isArray(consumed) ? consumed : consumed ? [consumed] : []) {
      for (const counter of counters) {
        counter.capacityUnits += entry.CapacityUnits ?? 0;
        if (read) counter.readUnits += entry.CapacityUnits ?? 0;
        else counter.writeUnits += entry.CapacityUnits ?? 0;
      }
      perCommand.capacityUnits += entry.CapacityUnits ?? 0;
      if (operation) addConsumed(operation, entry);
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
