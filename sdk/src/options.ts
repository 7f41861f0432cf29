/**
 * What a caller can set: the client's options and each call's. The defaults are described on each
 * field and in sdk/README.md.
 */

/** The client's options: `new Postbox(options)`. */
export interface PostboxOptions {
  /** `pb_live_…` or `pb_test_…`. */
  apiKey: string;
  /** The deployment's URL, e.g. `https://abc123.execute-api.eu-west-1.amazonaws.com` or `http://127.0.0.1:3000`; `/api/v1` is added unless it is already there. */
  baseUrl: string;
  /** The `fetch` to use (default: the global one). */
  fetch?: (input: string, init: RequestInit) => Promise<Response>;
  /** Retries after the first attempt (default 2; 0 turns retries off). */
  maxRetries?: number;
  /** Time limit of each attempt, in ms (default 30,000; 0: none). */
  timeoutMs?: number;
  /** First backoff delay, in ms (default 500; doubled at each retry, with jitter). */
  retryBaseDelayMs?: number;
  /** Longest wait between two attempts, in ms, `Retry-After` included (default 30,000). */
  maxRetryDelayMs?: number;
  /** Sent as `User-Agent` where the runtime allows it (default `postbox-sdk-js/<version>`). */
  userAgent?: string;
}

/** Per-call options. */
export interface RequestOptions {
  /** Cancels the call, its retries and their waits. */
  signal?: AbortSignal;
  /** Overrides the client's `maxRetries` for this call. */
  maxRetries?: number;
  /** Overrides the client's `timeoutMs` for this call. */
  timeoutMs?: number;
}

/** Options of a send or batch. */
export interface SendOptions extends RequestOptions {
  /** The `Idempotency-Key` (default: a new random UUID per call, the same on each of its retries). */
  idempotencyKey?: string;
}

export const VERSION = '0.1.0';
