import {
  type _Record,
  type AttributeValue,
  DescribeStreamCommand,
  type DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type Shard as StreamShard,
} from '@aws-sdk/client-dynamodb-streams';
import type {
  Context,
  DynamoDBRecord,
  DynamoDBStreamEvent,
  AttributeValue as LambdaAttributeValue,
  StreamRecord,
} from 'aws-lambda';
import { localLambdaContext } from './lambda-context.ts';

/**
 * Local stand-in for Lambda's DynamoDB Streams event source mapping, so stream handlers run
 * unchanged against DynamoDB Local: shards read in order (one invocation at a time per shard, child
 * shards after their parent), Lambda's event filters, retries with bisection, and
 * ReportBatchItemFailures' checkpoint (a partial failure resumes from the first failed record).
 * Records given up on are only logged: there is no on-failure destination.
 */
export interface StreamPollerOptions {
  /** Pointed at DynamoDB Local; its region is the records' `awsRegion`, as in AWS. */
  client: DynamoDBStreamsClient;
  streamArn: string;
  handler: (event: DynamoDBStreamEvent, context: Context) => Promise<unknown>;
  /** Records per invocation (the GetRecords Limit), at most 1000. */
  batchSize: number;
  /**
   * Lambda FilterCriteria patterns (JSON objects), as given to CDK's DynamoEventSource `filters`.
   * A record is passed to the handler if it matches any pattern; no patterns = all records.
   * Records that match none are dropped and count as processed, as in Lambda.
   */
  filterPatterns?: ReadonlyArray<Record<string, unknown>>;
  /**
   * Retries of a failing batch before its records are skipped (logged), like the mapping's
   * retryAttempts; -1 retries until stopped. With bisectBatchOnError a failing batch of several
   * records is split in halves instead, each half a new batch with its own retries.
   */
  retryAttempts: number;
  bisectBatchOnError: boolean;
  /** Where shards that exist at start are read from (default LATEST); later shards from TRIM_HORIZON. */
  startingPosition?: 'LATEST' | 'TRIM_HORIZON';
  /** Idle wait after an empty GetRecords. Default 250. */
  pollIntervalMs?: number;
  functionName: string;
  log?: (line: string, fields?: Record<string, unknown>) => void;
}

export interface StreamPoller {
  /** Stops polling and resolves once the in-flight invocations have finished. */
  stop(): Promise<void>;
  /**
   * Resolves once every record written before the call has been handed to the handler (or skipped
   * after retries): a listing of the shards and an empty GetRecords on every open shard, all begun
   * after the call, with no invocation in flight. Rejects after 10 s, or when the poller stops.
   */
  drain(): Promise<void>;
}

const MAX_BATCH_SIZE = 1000;
const DEFAULT_POLL_INTERVAL_MS = 250;
const SHARD_LISTING_INTERVAL_MS = 1000;
const RETRY_MIN_BACKOFF_MS = 100;
const RETRY_MAX_BACKOFF_MS = 2000;
const ERROR_MIN_BACKOFF_MS = 250;
const ERROR_MAX_BACKOFF_MS = 5000;
const DRAIN_TIMEOUT_MS = 10_000;
/** The remaining time the context reports, from the start of an invocation. */
const INVOCATION_TIMEOUT_MS = 60_000;

interface ShardState {
  id: string;
  parentId: string | undefined;
  initialPosition: 'LATEST' | 'TRIM_HORIZON';
  /** The last record handed on (or filtered out, or skipped): where a new iterator resumes. */
  lastSequenceNumber: string | undefined;
  /** The tick at which the latest GetRecords that returned no records began. */
  lastEmptyPollTick: number;
  /** Read to its end (or gone, or its loop ended): no longer open. */
  ended: boolean;
  done: Promise<void>;
}

interface DrainWaiter {
  tick: number;
  settle(error?: Error): void;
}

/** The outcome of one invocation: `failedFrom` is the index the batch resumes from, if it failed. */
type Outcome = { failedFrom: undefined } | { failedFrom: number; thrown: boolean };

export function startStreamPoller(options: StreamPollerOptions): StreamPoller {
  const { client, streamArn, handler, functionName, bisectBatchOnError } = options;
  if (!Number.isInteger(options.batchSize) || options.batchSize < 1) {
    throw new RangeError('batchSize must be a positive integer');
  }
  if (!Number.isInteger(options.retryAttempts) || options.retryAttempts < -1) {
    throw new RangeError('retryAttempts must be an integer, -1 (retry until stopped) or more');
  }
  const filterPatterns = options.filterPatterns ?? [];
  for (const pattern of filterPatterns) assertValidFilterPattern(pattern);
  const batchSize = Math.min(options.batchSize, MAX_BATCH_SIZE);
  const pollIntervalMs = options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS;
  const [, , , arnRegion, account = '000000000000'] = streamArn.split(':');
  const log = options.log ?? ((line, fields) => console.warn(`[stream-poller] ${line}`, fields ?? ''));
  const stopping = new AbortController();
  const { signal } = stopping;
  const stopped = new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));

  const shards = new Map<string, ShardState>();
  const shardRuns = new Set<Promise<void>>();
  const drains = new Set<DrainWaiter>();
  const wakers = new Set<() => void>();
  /** Orders drain calls against the GetRecords and DescribeStream calls that begin after them. */
  let tick = 0;
  let listedTick = 0;
  let inFlight = 0;
  let region = arnRegion || 'us-east-1';

  /** A wait that ends early when the poller stops or a drain wants an immediate poll. */
  function sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        wakers.delete(done);
        signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      wakers.add(done);
      signal.addEventListener('abort', done, { once: true });
    });
  }

  function wakeAll(): void {
    for (const wake of [...wakers]) wake();
  }

  function settleDrains(): void {
    if (drains.size === 0 || inFlight > 0) return;
    const open = [...shards.values()].filter((shard) => !shard.ended);
    for (const waiter of drains) {
      if (listedTick > waiter.tick && open.every((shard) => shard.lastEmptyPollTick > waiter.tick)) waiter.settle();
    }
  }

  async function run(): Promise<void> {
    try {
      // The records' awsRegion is the table's region, which is the client's (DynamoDB Local says "ddblocal").
      region = await client.config.region();
    } catch {
      // keeps the stream ARN's
    }
    let initial = true;
    let failing = false;
    while (!signal.aborted) {
      const started = ++tick;
      try {
        const listed = await listShards();
        for (const shard of listed) {
          if (!shard.ShardId || shards.has(shard.ShardId)) continue;
          addShard(
            shard.ShardId,
            shard.ParentShardId,
            initial ? (options.startingPosition ?? 'LATEST') : 'TRIM_HORIZON',
          );
        }
        initial = false;
        listedTick = started;
        if (failing) log('DescribeStream recovered', { functionName, streamArn });
        failing = false;
        settleDrains();
      } catch (error) {
        if (signal.aborted) break;
        // E.g. the emulator is restarting: logged once, retried with the next listing.
        if (!failing) log('DescribeStream failed; retrying', { functionName, streamArn, error: describe(error) });
        failing = true;
      }
      await sleep(SHARD_LISTING_INTERVAL_MS);
    }
  }

  async function listShards(): Promise<StreamShard[]> {
    const listed: StreamShard[] = [];
    let exclusiveStartShardId: string | undefined;
    do {
      const { StreamDescription } = await client.send(
        new DescribeStreamCommand({ StreamArn: streamArn, ExclusiveStartShardId: exclusiveStartShardId }),
        { abortSignal: signal },
      );
      listed.push(...(StreamDescription?.Shards ?? []));
      exclusiveStartShardId = StreamDescription?.LastEvaluatedShardId;
    } while (exclusiveStartShardId);
    return listed;
  }

  function addShard(id: string, parentId: string | undefined, initialPosition: 'LATEST' | 'TRIM_HORIZON'): void {
    let markDone = () => {};
    const shard: ShardState = {
      id,
      parentId,
      initialPosition,
      lastSequenceNumber: undefined,
      lastEmptyPollTick: 0,
      ended: false,
      done: new Promise<void>((resolve) => {
        markDone = resolve;
      }),
    };
    shards.set(id, shard);
    const running = readShard(shard)
      .catch((error: unknown) => log('shard loop crashed', { functionName, shardId: id, error: describe(error) }))
      .finally(() => {
        shard.ended = true;
        markDone();
        shardRuns.delete(running);
        settleDrains();
      });
    shardRuns.add(running);
  }

  async function readShard(shard: ShardState): Promise<void> {
    // As Lambda does, a child shard is read only once its parent has been read to its end.
    const parent = shard.parentId === undefined ? undefined : shards.get(shard.parentId);
    if (parent) await Promise.race([parent.done, stopped]);
    let iterator: string | undefined;
    let errorBackoffMs = 0;
    const backOff = async (line: string, error: unknown) => {
      errorBackoffMs = Math.min(Math.max(errorBackoffMs * 2, ERROR_MIN_BACKOFF_MS), ERROR_MAX_BACKOFF_MS);
      log(line, { functionName, shardId: shard.id, backoffMs: errorBackoffMs, error: describe(error) });
      await sleep(errorBackoffMs);
    };
    while (!signal.aborted) {
      if (iterator === undefined) {
        try {
          iterator = await shardIterator(shard);
        } catch (error) {
          if (signal.aborted) return;
          if (errorName(error) === 'ResourceNotFoundException') {
            log('shard no longer exists; done with it', { functionName, shardId: shard.id });
            return;
          }
          if (errorName(error) === 'TrimmedDataAccessException' && shard.lastSequenceNumber !== undefined) {
            log('resume position trimmed from the stream; reading the shard from its oldest record', {
              functionName,
              shardId: shard.id,
              lastSequenceNumber: shard.lastSequenceNumber,
            });
            shard.lastSequenceNumber = undefined;
            shard.initialPosition = 'TRIM_HORIZON';
            continue;
          }
          await backOff('GetShardIterator failed; retrying', error);
          continue;
        }
        if (iterator === undefined) return; // a closed shard with nothing left past the position
      }
      const started = ++tick;
      let records: _Record[];
      let next: string | undefined;
      try {
        const output = await client.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: batchSize }), {
          abortSignal: signal,
        });
        records = output.Records ?? [];
        next = output.NextShardIterator;
        errorBackoffMs = 0;
      } catch (error) {
        if (signal.aborted) return;
        const name = errorName(error);
        if (name === 'ExpiredIteratorException' || name === 'TrimmedDataAccessException') {
          iterator = undefined; // a new one from the last position (GetShardIterator handles trimming)
          continue;
        }
        if (name === 'ResourceNotFoundException') {
          log('shard no longer exists; done with it', { functionName, shardId: shard.id });
          return;
        }
        await backOff('GetRecords failed; retrying', error);
        continue;
      }
      if (records.length > 0) {
        const converted = records.map((record) => toLambdaRecord(record, streamArn, region));
        const matching =
          filterPatterns.length === 0
            ? converted
            : converted.filter((record) => filterPatterns.some((pattern) => matchesFilterPattern(record, pattern)));
        if (matching.length > 0) await processBatch(shard, matching);
        // Handed on, filtered out or given up on: either way past them (unless stopped mid-batch,
        // when nothing reads further).
        shard.lastSequenceNumber = records.at(-1)?.dynamodb?.SequenceNumber ?? shard.lastSequenceNumber;
      } else {
        shard.lastEmptyPollTick = started;
      }
      iterator = next;
      if (iterator === undefined) return; // the shard is closed and read to its end
      settleDrains();
      if (records.length === 0) await sleep(pollIntervalMs);
    }
  }

  function shardIterator(shard: ShardState): Promise<string | undefined> {
    const position =
      shard.lastSequenceNumber === undefined
        ? { ShardIteratorType: shard.initialPosition }
        : { ShardIteratorType: 'AFTER_SEQUENCE_NUMBER' as const, SequenceNumber: shard.lastSequenceNumber };
    return client
      .send(new GetShardIteratorCommand({ StreamArn: streamArn, ShardId: shard.id, ...position }), {
        abortSignal: signal,
      })
      .then((output) => output.ShardIterator);
  }

  /** One batch to its end: handled, or given up on after its retries (and bisections). */
  async function processBatch(shard: ShardState, batch: DynamoDBRecord[]): Promise<void> {
    let pending = batch;
    for (let retries = 0; ; retries++) {
      if (signal.aborted) return;
      const outcome = await invoke(shard, pending);
      if (outcome.failedFrom === undefined) return;
      if (outcome.thrown && bisectBatchOnError && pending.length > 1) {
        const half = Math.ceil(pending.length / 2);
        log('handler failed; bisecting the batch', { functionName, shardId: shard.id, ...range(pending) });
        await processBatch(shard, pending.slice(0, half));
        await processBatch(shard, pending.slice(half));
        return;
      }
      pending = pending.slice(outcome.failedFrom);
      if (options.retryAttempts !== -1 && retries >= options.retryAttempts) {
        log('records skipped after their retries', {
          functionName,
          shardId: shard.id,
          retryAttempts: options.retryAttempts,
          ...range(pending),
        });
        return;
      }
      await sleep(Math.min(RETRY_MIN_BACKOFF_MS * 2 ** retries, RETRY_MAX_BACKOFF_MS));
    }
  }

  async function invoke(shard: ShardState, records: DynamoDBRecord[]): Promise<Outcome> {
    const context = lambdaContext(Date.now() + INVOCATION_TIMEOUT_MS);
    const fields = { functionName, awsRequestId: context.awsRequestId, shardId: shard.id, ...range(records) };
    inFlight++;
    let result: unknown;
    try {
      result = await handler({ Records: records }, context);
    } catch (error) {
      log('handler failed', { ...fields, error: describe(error) });
      return { failedFrom: 0, thrown: true };
    } finally {
      inFlight--;
    }
    const failedFrom = firstFailedIndex(result, records);
    if (failedFrom === 'all') {
      log('invalid batchItemFailures; the whole batch failed', { ...fields, result });
      return { failedFrom: 0, thrown: true };
    }
    if (failedFrom === undefined) return { failedFrom: undefined };
    log('partial batch failure; resuming from the first failed record', {
      ...fields,
      failedSequenceNumber: records[failedFrom]?.dynamodb?.SequenceNumber,
    });
    return { failedFrom, thrown: false };
  }

  const lambdaContext = (deadline: number): Context => localLambdaContext({ functionName, region, account, deadline });

  // Last resort: a bug in the loop must not surface as an unhandled rejection.
  const running = run().catch((error: unknown) =>
    log('shard listing loop crashed', { functionName, error: describe(error) }),
  );
  let allStopped: Promise<void> | undefined;
  return {
    stop() {
      stopping.abort();
      for (const waiter of [...drains])
        waiter.settle(new Error('the stream poller stopped before the drain completed'));
      allStopped ??= running.then(async () => {
        // The listing loop has ended, so no shard loop starts after this.
        await Promise.all([...shardRuns]);
      });
      return allStopped;
    },
    drain() {
      if (signal.aborted) return Promise.reject(new Error('the stream poller is stopped'));
      return new Promise<void>((resolve, reject) => {
        const waiter: DrainWaiter = {
          tick: ++tick,
          settle(error) {
            clearTimeout(timer);
            drains.delete(waiter);
            if (error) reject(error);
            else resolve();
          },
        };
        const timer = setTimeout(
          () => waiter.settle(new Error(`the stream poller did not drain within ${DRAIN_TIMEOUT_MS} ms`)),
          DRAIN_TIMEOUT_MS,
        );
        drains.add(waiter);
        wakeAll(); // list and poll now rather than after the idle waits
      });
    },
  };
}

/**
 * Where the batch resumes, per ReportBatchItemFailures for streams: no response or no/empty list
 * means all succeeded; otherwise the first failed record (the lowest sequence number). A malformed
 * list, or an entry whose itemIdentifier is empty, null or not in the batch, fails the whole batch.
 */
function firstFailedIndex(result: unknown, records: DynamoDBRecord[]): number | 'all' | undefined {
  if (result === undefined || result === null) return undefined;
  if (typeof result !== 'object') return 'all';
  const failures = (result as { batchItemFailures?: unknown }).batchItemFailures;
  if (failures === undefined || failures === null) return undefined;
  if (!Array.isArray(failures)) return 'all';
  let first: number | undefined;
  for (const failure of failures) {
    const id: unknown = (failure as { itemIdentifier?: unknown } | null)?.itemIdentifier;
    const index =
      typeof id === 'string' && id !== '' ? records.findIndex((r) => r.dynamodb?.SequenceNumber === id) : -1;
    if (index === -1) return 'all';
    first = Math.min(first ?? index, index);
  }
  return first;
}

function range(records: DynamoDBRecord[]): Record<string, unknown> {
  return {
    records: records.length,
    firstSequenceNumber: records[0]?.dynamodb?.SequenceNumber,
    lastSequenceNumber: records.at(-1)?.dynamodb?.SequenceNumber,
  };
}

/** A stream record as Lambda delivers it: epoch-second dates and base64 binaries. */
function toLambdaRecord(record: _Record, streamArn: string, region: string): DynamoDBRecord {
  const source = record.dynamodb ?? {};
  const dynamodb: StreamRecord = {
    ...(source.ApproximateCreationDateTime && {
      ApproximateCreationDateTime: Math.floor(source.ApproximateCreationDateTime.getTime() / 1000),
    }),
    ...(source.Keys && { Keys: toLambdaImage(source.Keys) }),
    ...(source.NewImage && { NewImage: toLambdaImage(source.NewImage) }),
    ...(source.OldImage && { OldImage: toLambdaImage(source.OldImage) }),
    ...(source.SequenceNumber !== undefined && { SequenceNumber: source.SequenceNumber }),
    ...(source.SizeBytes !== undefined && { SizeBytes: source.SizeBytes }),
    ...(source.StreamViewType !== undefined && { StreamViewType: source.StreamViewType }),
  };
  return {
    ...(record.eventID !== undefined && { eventID: record.eventID }),
    ...(record.eventName !== undefined && { eventName: record.eventName }),
    eventVersion: '1.1',
    eventSource: 'aws:dynamodb',
    awsRegion: region,
    dynamodb,
    eventSourceARN: streamArn,
    // Set on TTL deletions: {type: 'Service', principalId: 'dynamodb.amazonaws.com'}.
    ...(record.userIdentity && { userIdentity: { ...record.userIdentity } }),
  };
}

function toLambdaImage(image: Record<string, AttributeValue>): Record<string, LambdaAttributeValue> {
  return Object.fromEntries(Object.entries(image).map(([name, value]) => [name, toLambdaValue(value)]));
}

function toLambdaValue(value: AttributeValue): LambdaAttributeValue {
  const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
  if (value.B !== undefined) return { B: base64(value.B) };
  if (value.BS !== undefined) return { BS: value.BS.map(base64) };
  if (value.M !== undefined) return { M: toLambdaImage(value.M) };
  if (value.L !== undefined) return { L: value.L.map(toLambdaValue) };
  if (value.S !== undefined) return { S: value.S };
  if (value.N !== undefined) return { N: value.N };
  if (value.SS !== undefined) return { SS: [...value.SS] };
  if (value.NS !== undefined) return { NS: [...value.NS] };
  if (value.BOOL !== undefined) return { BOOL: value.BOOL };
  if (value.NULL !== undefined) return { NULL: value.NULL };
  throw new TypeError(`unknown attribute value type: ${Object.keys(value).join(', ')}`);
}

// --- Lambda event filtering -------------------------------------------------------------------

/**
 * True when the record (in Lambda's shape) matches the pattern: every key of the pattern matches,
 * an object recursing into the record's field, an array of matchers matching when any of them
 * matches the field's value (or, for an array value, any of its elements). Matchers: a string,
 * number, boolean or null (equality; a number also equals a numeric string, as DynamoDB's N
 * values are), {prefix}, {suffix}, {'equals-ignore-case'}, {exists}, {'anything-but'} (a value, a
 * list of values or {prefix}/{suffix}) and {numeric: [op, n, ...]}. As in Lambda, `exists` and the
 * other matchers only see leaves (not objects), and only `{exists: false}` matches a missing field.
 * Throws on syntax outside this subset.
 */
export function matchesFilterPattern(record: DynamoDBRecord, pattern: Record<string, unknown>): boolean {
  return matchesObject(record, pattern, '');
}

/** Throws a TypeError when the pattern uses syntax matchesFilterPattern does not support. */
function assertValidFilterPattern(pattern: unknown, path = ''): void {
  if (!isPlainObject(pattern)) throw new TypeError(`filter pattern${at(path)}: expected an object`);
  for (const [key, rule] of Object.entries(pattern)) {
    const child = path ? `${path}.${key}` : key;
    if (Array.isArray(rule)) {
      if (rule.length === 0) throw new TypeError(`filter pattern${at(child)}: empty list of matchers`);
      for (const matcher of rule) matchesMatcher([], matcher, child); // validates the matcher
    } else {
      assertValidFilterPattern(rule, child);
    }
  }
}

function matchesObject(value: unknown, pattern: Record<string, unknown>, path: string): boolean {
  const object = isPlainObject(value) ? value : undefined;
  return Object.entries(pattern).every(([key, rule]) => {
    const child = path ? `${path}.${key}` : key;
    const field = object && Object.hasOwn(object, key) ? object[key] : undefined;
    if (Array.isArray(rule)) {
      const values = field === undefined ? [] : Array.isArray(field) ? field : [field];
      const leaves = values.filter((v) => v !== undefined && !isPlainObject(v) && !Array.isArray(v));
      return rule.some((matcher) => matchesMatcher(leaves, matcher, child));
    }
    if (isPlainObject(rule)) return matchesObject(field, rule, child);
    throw new TypeError(`filter pattern${at(child)}: expected a list of matchers or an object`);
  });
}

type Scalar = string | number | boolean | null;

function matchesMatcher(leaves: unknown[], matcher: unknown, path: string): boolean {
  const invalid = (why: string) => new TypeError(`filter pattern${at(path)}: ${why}`);
  if (isScalar(matcher)) return leaves.some((leaf) => equalsLiteral(leaf, matcher));
  if (!isPlainObject(matcher)) throw invalid(`unsupported matcher ${JSON.stringify(matcher)}`);
  const entries = Object.entries(matcher);
  const [operator, argument] = entries[0] ?? [];
  if (entries.length !== 1 || operator === undefined) throw invalid('a matcher object has exactly one operator');
  const strings = (test: (leaf: string, arg: string) => boolean) => {
    if (typeof argument !== 'string') throw invalid(`${operator} takes a string`);
    return leaves.some((leaf) => typeof leaf === 'string' && test(leaf, argument));
  };
  switch (operator) {
    case 'exists':
      if (typeof argument !== 'boolean') throw invalid('exists takes true or false');
      return argument ? leaves.length > 0 : leaves.length === 0;
    case 'prefix':
      return strings((leaf, arg) => leaf.startsWith(arg));
    case 'suffix':
      return strings((leaf, arg) => leaf.endsWith(arg));
    case 'equals-ignore-case':
      return strings((leaf, arg) => leaf.toLowerCase() === arg.toLowerCase());
    case 'anything-but': {
      const excluded = anythingBut(argument, invalid);
      return leaves.some((leaf) => !excluded(leaf));
    }
    case 'numeric': {
      const test = numericRange(argument, invalid);
      return leaves.some((leaf) => {
        const n = toNumber(leaf);
        return n !== undefined && test(n);
      });
    }
    default:
      throw invalid(`unsupported operator ${JSON.stringify(operator)}`);
  }
}

function anythingBut(argument: unknown, invalid: (why: string) => Error): (leaf: unknown) => boolean {
  if (isScalar(argument)) return (leaf) => equalsLiteral(leaf, argument);
  if (Array.isArray(argument)) {
    if (!argument.every(isScalar)) throw invalid('anything-but takes values, a list of values, {prefix} or {suffix}');
    return (leaf) => argument.some((value) => equalsLiteral(leaf, value));
  }
  if (isPlainObject(argument)) {
    const prefix = argument.prefix;
    const suffix = argument.suffix;
    if (Object.keys(argument).length === 1 && typeof prefix === 'string') {
      return (leaf) => typeof leaf === 'string' && leaf.startsWith(prefix);
    }
    if (Object.keys(argument).length === 1 && typeof suffix === 'string') {
      return (leaf) => typeof leaf === 'string' && leaf.endsWith(suffix);
    }
  }
  throw invalid('anything-but takes values, a list of values, {prefix} or {suffix}');
}

function numericRange(argument: unknown, invalid: (why: string) => Error): (n: number) => boolean {
  const comparisons: Record<string, (a: number, b: number) => boolean> = {
    '=': (a, b) => a === b,
    '<': (a, b) => a < b,
    '<=': (a, b) => a <= b,
    '>': (a, b) => a > b,
    '>=': (a, b) => a >= b,
  };
  const tests: ((n: number) => boolean)[] = [];
  if (Array.isArray(argument) && argument.length > 0 && argument.length % 2 === 0) {
    for (let i = 0; i < argument.length; i += 2) {
      const compare = comparisons[String(argument[i])];
      const bound: unknown = argument[i + 1];
      if (!compare || typeof bound !== 'number') break;
      tests.push((n) => compare(n, bound));
    }
  }
  if (tests.length === 0 || tests.length * 2 !== (argument as unknown[]).length) {
    throw invalid('numeric takes [operator, number, ...] with operators =, <, <=, >, >=');
  }
  return (n) => tests.every((test) => test(n));
}

function equalsLiteral(leaf: unknown, literal: Scalar): boolean {
  if (typeof literal === 'number') return toNumber(leaf) === literal;
  return leaf === literal;
}

/** A number, or a numeric string (DynamoDB's N values are strings in the record). */
function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}

function isScalar(value: unknown): value is Scalar {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Uint8Array);
}

function at(path: string): string {
  return path ? ` at ${path}` : '';
}

function errorName(error: unknown): string | undefined {
  return error instanceof Error ? error.name : undefined;
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
