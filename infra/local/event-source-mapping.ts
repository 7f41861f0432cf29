/**
 * What the two local stand-ins for Lambda's event source mappings (sqs-poller.ts, stream-poller.ts)
 * do alike: back off from a failing emulator, wait without delaying stop(), read a
 * ReportBatchItemFailures response, and take the region and account from the source's ARN.
 */

export type PollerLog = (line: string, fields?: Record<string, unknown>) => void;

const ERROR_MIN_BACKOFF_MS = 250;
const ERROR_MAX_BACKOFF_MS = 5000;

/** Delays after failing calls (e.g. the emulator is restarting): doubling from 250 ms up to 5 s. */
export function errorBackoff(): { next(): number; reset(): void } {
  let backoffMs = 0;
  return {
    next() {
      backoffMs = Math.min(Math.max(backoffMs * 2, ERROR_MIN_BACKOFF_MS), ERROR_MAX_BACKOFF_MS);
      return backoffMs;
    },
    reset() {
      backoffMs = 0;
    },
  };
}

/**
 * Waits that end early when the poller stops, so stop() stays fast, or when woken (a drain wants
 * an immediate poll rather than one after the idle waits).
 */
export function interruptibleWaits(signal: AbortSignal): { sleep(ms: number): Promise<void>; wakeAll(): void } {
  const wakers = new Set<() => void>();
  return {
    sleep(ms) {
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
    },
    wakeAll() {
      for (const wake of [...wakers]) wake();
    },
  };
}

/**
 * The itemIdentifiers of a ReportBatchItemFailures response: no response or no/empty list means
 * none failed; a malformed list, or an entry whose itemIdentifier is empty or not a string, fails
 * the whole batch ('all'). Whether each one is in the batch is the caller's check.
 */
export function batchItemFailureIds(result: unknown): string[] | 'all' {
  if (result === undefined || result === null) return [];
  if (typeof result !== 'object') return 'all';
  const failures = (result as { batchItemFailures?: unknown }).batchItemFailures;
  if (failures === undefined || failures === null) return [];
  if (!Array.isArray(failures)) return 'all';
  const ids: string[] = [];
  for (const failure of failures) {
    const id: unknown = (failure as { itemIdentifier?: unknown } | null)?.itemIdentifier;
    if (typeof id !== 'string' || id === '') return 'all';
    ids.push(id);
  }
  return ids;
}

/** The region (us-east-1 if the ARN has none) and account an event source's ARN names. */
export function arnRegionAndAccount(arn: string): { region: string; account: string } {
  const [, , , region, account = '000000000000'] = arn.split(':');
  return { region: region || 'us-east-1', account };
}

/** Log lines on stderr, prefixed with the poller's name. */
export function consoleLog(prefix: string): PollerLog {
  return (line, fields) => console.warn(`[${prefix}] ${line}`, fields ?? '');
}

export function describeError(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
