import {
  type _Record,
  DescribeStreamCommand,
  type DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type Shard as StreamShard,
} from '@aws-sdk/client-dynamodb-streams';
import type { Context, DynamoDBStreamEvent } from 'aws-lambda';
import { MAX_STREAM_FILTERS } from '#platform/stream-filters.ts';
import {
  arnRegionAndAccount,
  consoleLog,
  describeError,
  errorBackoff,
  interruptibleWaits,
  type PollerLog,
} from './event-source-mapping.ts';
import { localLambdaContext } from './lambda-context.ts';
import { streamBatches } from './stream/batches.ts';
import { assertValidFilterPattern, matchingRecords } from './stream/filter-patterns.ts';
import { toLambdaRecord } from './stream/records.ts';

/**
 * Local stand-in for Lambda's DynamoDB Streams event source mapping, so stream handlers run
 * unchanged against DynamoDB Local: shards read in order (one invocation at a time per shard, child
 * shards after their parent), Lambda's event filters (stream/filter-patterns.ts), records in
 * Lambda's shape (stream/records.ts), and retries with bisection and ReportBatchItemFailures'
 * checkpoint (stream/batches.ts).
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
  log?: PollerLog;
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
const DRAIN_TIMEOUT_MS = 10_000;

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

export function startStreamPoller(options: StreamPollerOptions): StreamPoller {
  const { client, streamArn, handler, functionName, bisectBatchOnError } = options;
  if (!Number.isInteger(options.batchSize) || options.batchSize < 1) {
    throw new RangeError('batchSize must be a positive integer');
  }
  if (!Number.isInteger(options.retryAttempts) || options.retryAttempts < -1) {
    throw new RangeError('retryAttempts must be an integer, -1 (retry until stopped) or more');
  }
  const filterPatterns = options.filterPatterns ?? [];
  // As Lambda refuses a mapping with more filters than its quota (default 5), the local cloud does too.
  if (filterPatterns.length > MAX_STREAM_FILTERS) {
    throw new RangeError(`at most ${MAX_STREAM_FILTERS} filter patterns per stream mapping (Lambda's default quota)`);
  }
  for (const pattern of filterPatterns) assertValidFilterPattern(pattern);
  const batchSize = Math.min(options.batchSize, MAX_BATCH_SIZE);
  const pollIntervalMs = options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS;
  const { account, ...arn } = arnRegionAndAccount(streamArn);
  const log = options.log ?? consoleLog('stream-poller');
  const stopping = new AbortController();
  const { signal } = stopping;
  const stopped = new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
  const { sleep, wakeAll } = interruptibleWaits(signal);

  const shards = new Map<string, ShardState>();
  const shardRuns = new Set<Promise<void>>();
  const drains = new Set<DrainWaiter>();
  /** Orders drain calls against the GetRecords and DescribeStream calls that begin after them. */
  let tick = 0;
  let listedTick = 0;
  let region = arn.region;
  const batches = streamBatches({
    handler,
    functionName,
    retryAttempts: options.retryAttempts,
    bisectBatchOnError,
    lambdaContext: (deadline) => localLambdaContext({ functionName, region, account, deadline }),
    signal,
    sleep,
    log,
  });

  function settleDrains(): void {
    if (drains.size === 0 || batches.inFlight > 0) return;
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
        if (!failing) log('DescribeStream failed; retrying', { functionName, streamArn, error: describeError(error) });
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
      .catch((error: unknown) => log('shard loop crashed', { functionName, shardId: id, error: describeError(error) }))
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
    const backoff = errorBackoff();
    const backOff = async (line: string, error: unknown) => {
      const backoffMs = backoff.next();
      log(line, { functionName, shardId: shard.id, backoffMs, error: describeError(error) });
      await sleep(backoffMs);
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
        backoff.reset();
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
        const matching = matchingRecords(converted, filterPatterns);
        if (matching.length > 0) await batches.process(shard.id, matching);
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

  // Last resort: a bug in the loop must not surface as an unhandled rejection.
  const running = run().catch((error: unknown) =>
    log('shard listing loop crashed', { functionName, error: describeError(error) }),
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

function errorName(error: unknown): string | undefined {
  return error instanceof Error ? error.name : undefined;
}
