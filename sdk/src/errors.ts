/**
 * The SDK's error types: PostboxError and how a failed response becomes one (Postbox's envelope, or
 * API Gateway's and proxies' own answers mapped by status), and the test helpers' WaitForTimeoutError.
 * See sdk/README.md, "Errors".
 */
import type { ApiErrorCode, ErrorDetail, PostboxErrorCode } from './types.js';

/**
 * Every failure of a call: an error the API answered (`status` and `code` from its envelope, or
 * mapped from the status when API Gateway answered `{"message"}` itself), or one the client met
 * (`status` 0: `NETWORK_ERROR`, `TIMEOUT`).
 */
export class PostboxError extends Error {
  override name = 'PostboxError';
  /** The HTTP status, or 0 when no response came. */
  readonly status: number;
  readonly code: PostboxErrorCode;
  /** One entry per problem on validation errors (`field` is a dotted path); otherwise empty. */
  readonly details: ErrorDetail[];
  /** The response's `X-Request-Id` (or API Gateway's `apigw-requestid`): quote it when reporting a problem. */
  readonly requestId: string | undefined;
  /** `Retry-After`, in seconds, when the response had one (429). */
  readonly retryAfter: number | undefined;
  /** The `Idempotency-Key` the call sent (a send or batch): retry with it to never send twice. */
  readonly idempotencyKey: string | undefined;

  constructor(init: {
    status: number;
    code: PostboxErrorCode;
    message: string;
    details?: ErrorDetail[];
    requestId?: string | undefined;
    retryAfter?: number | undefined;
    idempotencyKey?: string | undefined;
    cause?: unknown;
  }) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.details = init.details ?? [];
    this.requestId = init.requestId;
    this.retryAfter = init.retryAfter;
    this.idempotencyKey = init.idempotencyKey;
  }
}

/**
 * A test helper's wait that ended without what it waited for (`emails.waitFor`, a webhook receiver's
 * `waitFor`): the message says what was waited for and what did arrive; `received` holds the latter
 * (the emails to the address, newest first, or the events received, in arrival order).
 */
export class WaitForTimeoutError<T = unknown> extends Error {
  override name = 'WaitForTimeoutError';
  readonly timeoutMs: number;
  readonly received: T[];

  constructor(message: string, init: { timeoutMs: number; received: T[]; cause?: unknown }) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.timeoutMs = init.timeoutMs;
    this.received = init.received;
  }
}

/** Codes for responses without Postbox's envelope (API Gateway's own 413/500, a proxy's answer). */
const CODE_BY_STATUS: Record<number, ApiErrorCode> = {
  401: 'AUTH_INVALID',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** Seconds to wait from a `Retry-After` header (seconds or an HTTP date), or undefined. */
function parseRetryAfter(header: string | null): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, (date - Date.now()) / 1000);
}

/** The PostboxError a response that is not a success stands for. */
export function errorFromResponse(response: Response, text: string, idempotencyKey: string | undefined): PostboxError {
  const { status, headers } = response;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const envelope = isObject(body) && isObject(body.error) ? body.error : undefined;
  const fallbackMessage = isObject(body) && typeof body.message === 'string' ? body.message : `HTTP ${status}`;
  return new PostboxError({
    status,
    code:
      typeof envelope?.code === 'string'
        ? envelope.code
        : (CODE_BY_STATUS[status] ?? (status >= 500 ? 'INTERNAL_ERROR' : 'HTTP_ERROR')),
    message: typeof envelope?.message === 'string' ? envelope.message : fallbackMessage,
    details: Array.isArray(envelope?.details) ? (envelope.details as ErrorDetail[]) : [],
    requestId: headers.get('x-request-id') ?? headers.get('apigw-requestid') ?? undefined,
    retryAfter: parseRetryAfter(headers.get('retry-after')),
    idempotencyKey,
  });
}
