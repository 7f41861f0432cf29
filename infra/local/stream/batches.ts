/**
 * A batch of stream records through the handler as Lambda's event source mapping takes it:
 * retries with backoff, bisection of a batch whose invocation throws, and ReportBatchItemFailures'
 * checkpoint (a partial failure resumes from the first failed record). Records given up on are
 * only logged: there is no on-failure destination.
 */
import type { Context, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { batchItemFailureIds, describeError, type PollerLog } from '../event-source-mapping.ts';
import { sequenceRange } from './records.ts';

const RETRY_MIN_BACKOFF_MS = 100;
const RETRY_MAX_BACKOFF_MS = 2000;
/** The remaining time the context reports, from the start of an invocation. */
const INVOCATION_TIMEOUT_MS = 60_000;

export interface StreamBatchOptions {
  handler: (event: DynamoDBStreamEvent, context: Context) => Promise<unknown>;
  functionName: string;
  /** As the poller's options: -1 retries until stopped. */
  retryAttempts: number;
  bisectBatchOnError: boolean;
  /** A context per invocation, built when it starts (the poller learns its region after it starts). */
  lambdaContext: (deadline: number) => Context;
  signal: AbortSignal;
  sleep: (ms: number) => Promise<void>;
  log: PollerLog;
}

export interface StreamBatches {
  /** One batch to its end: handled, or given up on after its retries (and bisections). */
  process(shardId: string, batch: DynamoDBRecord[]): Promise<void>;
  /** Invocations running now. */
  readonly inFlight: number;
}

/** The outcome of one invocation: `failedFrom` is the index the batch resumes from, if it failed. */
type Outcome = { failedFrom: undefined } | { failedFrom: number; thrown: boolean };

export function streamBatches(options: StreamBatchOptions): StreamBatches {
  const { handler, functionName, retryAttempts, bisectBatchOnError, lambdaContext, signal, sleep, log } = options;
  let inFlight = 0;

  async function processBatch(shardId: string, batch: DynamoDBRecord[]): Promise<void> {
    let pending = batch;
    for (let retries = 0; ; retries++) {
      if (signal.aborted) return;
      const outcome = await invoke(shardId, pending);
      if (outcome.failedFrom === undefined) return;
      if (outcome.thrown && bisectBatchOnError && pending.length > 1) {
        const half = Math.ceil(pending.length / 2);
        log('handler failed; bisecting the batch', { functionName, shardId, ...sequenceRange(pending) });
        await processBatch(shardId, pending.slice(0, half));
        await processBatch(shardId, pending.slice(half));
        return;
      }
      pending = pending.slice(outcome.failedFrom);
      if (retryAttempts !== -1 && retries >= retryAttempts) {
        log('records skipped after their retries', {
          functionName,
          shardId,
          retryAttempts,
          ...sequenceRange(pending),
        });
        return;
      }
      await sleep(Math.min(RETRY_MIN_BACKOFF_MS * 2 ** retries, RETRY_MAX_BACKOFF_MS));
    }
  }

  async function invoke(shardId: string, records: DynamoDBRecord[]): Promise<Outcome> {
    const context = lambdaContext(Date.now() + INVOCATION_TIMEOUT_MS);
    const fields = { functionName, awsRequestId: context.awsRequestId, shardId, ...sequenceRange(records) };
    inFlight++;
    let result: unknown;
    try {
      result = await handler({ Records: records }, context);
    } catch (error) {
      log('handler failed', { ...fields, error: describeError(error) });
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

  return {
    process: processBatch,
    get inFlight() {
      return inFlight;
    },
  };
}

/**
 * Where the batch resumes, per ReportBatchItemFailures for streams: the first failed record (the
 * lowest sequence number), or undefined when none failed. An itemIdentifier that is not a sequence
 * number of the batch fails the whole batch.
 */
function firstFailedIndex(result: unknown, records: DynamoDBRecord[]): number | 'all' | undefined {
  const ids = batchItemFailureIds(result);
  if (ids === 'all') return 'all';
  let first: number | undefined;
  for (const id of ids) {
    const index = records.findIndex((r) => r.dynamodb?.SequenceNumber === id);
    if (index === -1) return 'all';
    first = Math.min(first ?? index, index);
  }
  return first;
}
