/**
 * One call over fetch: its URL, headers, attempts, time limits and retries (429 after Retry-After;
 * network errors and 5xx only when repeating is safe). Shared by every resource of a client.
 * See sdk/README.md, "Retries" and "Idempotency".
 */
import { errorFromResponse, PostboxError } from './errors.js';
import { type PostboxOptions, type RequestOptions, VERSION } from './options.js';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type QueryValue = string | number | boolean | Date | undefined;

/** One API call, as a resource describes it. */
export interface Call {
  method: Method;
  path: string;
  query?: Record<string, QueryValue> | undefined;
  body?: unknown;
  idempotencyKey?: string | undefined;
  options?: RequestOptions | undefined;
}

/** A fresh `Idempotency-Key` (a UUID where the runtime has one). */
export function newIdempotencyKey(): string {
  const crypto = globalThis.crypto;
  if (typeof crypto?.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** An error's message and its cause's (Node's fetch says `fetch failed`, its cause `connect ECONNREFUSED …`). */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.cause instanceof Error ? `${error.message} (${error.cause.message})` : error.message;
}

/** Waits `ms`, or rejects with the signal's reason when it aborts first. */
export function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** @internal The HTTP layer the resources share (one per client). */
export class Transport {
  readonly #apiKey: string;
  readonly #apiUrl: string;
  readonly #fetch: (input: string, init: RequestInit) => Promise<Response>;
  readonly #maxRetries: number;
  readonly #timeoutMs: number;
  readonly #baseDelayMs: number;
  readonly #maxDelayMs: number;
  readonly #userAgent: string;

  constructor(options: PostboxOptions) {
    if (!options?.apiKey) throw new TypeError('Postbox: `apiKey` is required');
    if (!options.baseUrl) throw new TypeError('Postbox: `baseUrl` is required (e.g. http://127.0.0.1:3000)');
    this.#apiKey = options.apiKey;
    const base = options.baseUrl.replace(/\/+$/, '');
    this.#apiUrl = /\/(api\/)?v1$/.test(base) ? base : `${base}/api/v1`;
    // Late-bound, so a fetch installed after the client was made (a test's mock, a polyfill) is used.
    this.#fetch = options.fetch ?? ((input, init) => fetch(input, init));
    this.#maxRetries = options.maxRetries ?? 2;
    this.#timeoutMs = options.timeoutMs ?? 30_000;
    this.#baseDelayMs = options.retryBaseDelayMs ?? 500;
    this.#maxDelayMs = options.maxRetryDelayMs ?? 30_000;
    this.#userAgent = options.userAgent ?? `postbox-sdk-js/${VERSION}`;
  }

  /** Runs a call and answers its success body (`{data}`, `{data, pagination}`). */
  async request<T>(call: Call): Promise<T> {
    const { method, options = {}, idempotencyKey } = call;
    const url = this.#url(call.path, call.query);
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.#apiKey}`,
      accept: 'application/json',
      'user-agent': this.#userAgent,
    };
    let body: string | undefined;
    if (call.body !== undefined) {
      body = JSON.stringify(call.body);
      headers['content-type'] = 'application/json';
    }
    if (idempotencyKey !== undefined) headers['idempotency-key'] = idempotencyKey;
    // A POST is repeated after a failure only with an Idempotency-Key: the server then runs it once.
    const repeatable = method !== 'POST' || idempotencyKey !== undefined;
    const maxRetries = options.maxRetries ?? this.#maxRetries;
    const timeoutMs = options.timeoutMs ?? this.#timeoutMs;

    for (let attempt = 0; ; attempt += 1) {
      let response: Response;
      let text: string;
      try {
        ({ response, text } = await this.#attempt(url, { method, headers, body }, timeoutMs, options.signal));
      } catch (cause) {
        // The caller's own abort ends the call as it is, without a retry.
        if (options.signal?.aborted) throw options.signal.reason;
        const timedOut = cause instanceof PostboxError;
        const error = timedOut
          ? cause
          : new PostboxError({
              status: 0,
              code: 'NETWORK_ERROR',
              message: `${method} ${call.path} failed: ${describe(cause)}`,
              idempotencyKey,
              cause,
            });
        if (!repeatable || attempt >= maxRetries) throw error;
        await sleep(this.#backoff(attempt), options.signal);
        continue;
      }
      if (response.ok) {
        try {
          return JSON.parse(text) as T;
        } catch (cause) {
          throw new PostboxError({
            status: response.status,
            code: 'INVALID_RESPONSE',
            message: `${method} ${call.path} answered ${response.status} with a body that is not JSON`,
            requestId: response.headers.get('x-request-id') ?? undefined,
            idempotencyKey,
            cause,
          });
        }
      }
      const error = errorFromResponse(response, text, idempotencyKey);
      const delay = attempt < maxRetries ? this.#retryDelay(error, attempt, repeatable) : undefined;
      if (delay === undefined) throw error;
      await sleep(delay, options.signal);
    }
  }

  /** Runs a call and answers the `data` of its success body. */
  async data<T>(call: Call): Promise<T> {
    return (await this.request<{ data: T }>(call)).data;
  }

  /**
   * PUTs `body` to a presigned URL (an upload's): S3's, so no API key is sent. `Content-Length` is
   * left to fetch (browsers refuse to set it); the URL accepts the declared size only.
   */
  async putPresigned(
    url: string,
    headers: Record<string, string>,
    body: Uint8Array | Blob,
    options: RequestOptions = {},
  ): Promise<void> {
    const sent = Object.fromEntries(
      Object.entries(headers).filter(([name]) => name.toLowerCase() !== 'content-length'),
    );
    let response: Response;
    try {
      response = await this.#fetch(url, {
        method: 'PUT',
        headers: sent,
        body: body as NonNullable<RequestInit['body']>,
        signal: AbortSignal.any([
          AbortSignal.timeout(options.timeoutMs ?? this.#timeoutMs),
          ...(options.signal ? [options.signal] : []),
        ]),
      });
    } catch (cause) {
      if (options.signal?.aborted) throw options.signal.reason;
      throw new PostboxError({ status: 0, code: 'NETWORK_ERROR', message: `upload failed: ${describe(cause)}`, cause });
    }
    const text = await response.text();
    if (!response.ok) {
      throw new PostboxError({
        status: response.status,
        code: 'HTTP_ERROR',
        message: `the upload URL answered ${response.status}: ${text.slice(0, 200)}`,
      });
    }
  }

  /** How long to wait before retrying after `error`, or undefined when it must not be retried. */
  #retryDelay(error: PostboxError, attempt: number, repeatable: boolean): number | undefined {
    // A rate-limited request did nothing: always safe to repeat, after Retry-After (+ up to 20% jitter,
    // so a burst of callers does not come back at the same instant).
    if (error.code === 'RATE_LIMITED') {
      if (error.retryAfter === undefined) return this.#backoff(attempt);
      return Math.min(this.#maxDelayMs, error.retryAfter * 1000 * (1 + Math.random() * 0.2));
    }
    if (!repeatable) return undefined;
    // The same Idempotency-Key still running (a previous attempt the client gave up on): ask again shortly.
    if (error.status >= 500 || error.code === 'IDEMPOTENCY_IN_PROGRESS') return this.#backoff(attempt);
    return undefined;
  }

  /** Exponential backoff with jitter: between half and all of base × 2^attempt, capped. */
  #backoff(attempt: number): number {
    const ceiling = Math.min(this.#maxDelayMs, this.#baseDelayMs * 2 ** attempt);
    return ceiling / 2 + Math.random() * (ceiling / 2);
  }

  async #attempt(
    url: string,
    init: { method: Method; headers: Record<string, string>; body: string | undefined },
    timeoutMs: number,
    signal: AbortSignal | undefined,
  ): Promise<{ response: Response; text: string }> {
    signal?.throwIfAborted();
    const controller = new AbortController();
    let timedOut = false;
    const timer =
      timeoutMs > 0
        ? setTimeout(() => {
            timedOut = true;
            controller.abort();
          }, timeoutMs)
        : undefined;
    const onAbort = () => controller.abort(signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      // Called as a plain function: a runtime's own fetch throws when called on another object.
      const fetchFunction = this.#fetch;
      const response = await fetchFunction(url, { ...init, signal: controller.signal });
      // The body is read inside the time limit too.
      return { response, text: await response.text() };
    } catch (cause) {
      if (!timedOut) throw cause;
      throw new PostboxError({
        status: 0,
        code: 'TIMEOUT',
        message: `${init.method} ${url} got no answer within ${timeoutMs} ms`,
        idempotencyKey: init.headers['idempotency-key'],
        cause,
      });
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  #url(path: string, query: Record<string, QueryValue> | undefined): string {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(query ?? {})) {
      if (value !== undefined) params.set(name, value instanceof Date ? value.toISOString() : String(value));
    }
    const search = params.toString();
    return `${this.#apiUrl}${path}${search ? `?${search}` : ''}`;
  }
}

/** An id as one path segment. */
export const segment = (id: string) => encodeURIComponent(id);
