/**
 * The one backoff of Postbox: exponential in the attempt, capped, with jitter so that many callers
 * that failed together do not all come back at the same moment.
 *   full jitter   anywhere between 0 and the capped delay (retries of DynamoDB requests)
 *   equal jitter  between half and all of it (queue messages: never much sooner than planned)
 * The unit is the caller's (milliseconds for a wait, seconds for SQS).
 */
export interface Backoff {
  /** The delay of the first attempt; it doubles with each further one. */
  base: number;
  /** Never more than this. */
  max: number;
  jitter: 'full' | 'equal';
}

/** The delay before attempt `attempt` + 1 (attempt 1 is the first try). */
export function backoffDelay(attempt: number, backoff: Backoff, random: () => number = Math.random): number {
  const nth = Number.isFinite(attempt) && attempt >= 1 ? Math.floor(attempt) : 1;
  const ceiling = Math.min(backoff.max, backoff.base * 2 ** (nth - 1));
  return backoff.jitter === 'full' ? random() * ceiling : ceiling / 2 + (random() * ceiling) / 2;
}

/** Waits the backoff delay of `attempt`, in milliseconds. */
export const waitBackoff = (attempt: number, backoff: Backoff): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, backoffDelay(attempt, backoff)));
