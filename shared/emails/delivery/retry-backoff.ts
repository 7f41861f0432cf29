/**
 * How long a queue message that must be retried stays hidden before its next delivery: an
 * exponential backoff by the message's receive count (core/backoff.ts, equal jitter), so a throttled
 * email is tried again soon and then less and less often, instead of after the queue's whole
 * visibility timeout every time.
 */
import { backoffDelay } from '#core/backoff.ts';
import { queueDefinitions, SEND_CONSUMER_TIMEOUT_SECONDS } from '#platform/queues.ts';

export interface RetryBackoff {
  /** Delay after the first receive; it doubles with each further receive. */
  baseSeconds: number;
  /** Never more than this. */
  maxSeconds: number;
}

/**
 * The send queue's: 10 s, 20 s, 40 s, 80 s for receives 1–4 (the 5th is the last). Capped below
 * the visibility timeout less the consumer's timeout, so a retry is never later than it would
 * have been without the backoff.
 */
export const SEND_RETRY_BACKOFF: RetryBackoff = {
  baseSeconds: 10,
  maxSeconds: queueDefinitions.send.visibilityTimeoutSeconds - SEND_CONSUMER_TIMEOUT_SECONDS,
};

/**
 * Whole seconds (SQS's unit) for the `receiveCount`-th receive: base × 2^(n−1), capped, with equal
 * jitter (between half and all of it), so the emails of one throttled burst do not all come back
 * in the same second and trip the throttle again.
 */
export function retryDelaySeconds(
  receiveCount: number,
  backoff: RetryBackoff = SEND_RETRY_BACKOFF,
  random: () => number = Math.random,
): number {
  const delay = backoffDelay(
    receiveCount,
    { base: backoff.baseSeconds, max: backoff.maxSeconds, jitter: 'equal' },
    random,
  );
  return Math.max(0, Math.min(backoff.maxSeconds, Math.round(delay)));
}
