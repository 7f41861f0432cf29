/**
 * The one error type of the API. Every failure a client can see has a code from this
 * closed list; the HTTP status follows from the code. Anything else that is thrown is
 * reported as INTERNAL_ERROR without its message (see the error-handler middleware).
 */
export const errorStatus = {
  VALIDATION_ERROR: 400,
  DOMAIN_NOT_VERIFIED: 400,
  RECIPIENTS_SUPPRESSED: 400,
  RECIPIENTS_INVALID: 400,
  AUTH_MISSING: 401,
  AUTH_INVALID: 401,
  FORBIDDEN: 403,
  SENDING_PAUSED: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  IDEMPOTENCY_CONFLICT: 409,
  IDEMPOTENCY_IN_PROGRESS: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  LIMIT_EXCEEDED: 429,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export interface ErrorDetail {
  field: string;
  message: string;
}

export interface ErrorBody {
  error: { code: ErrorCode; message: string; details?: ErrorDetail[] };
}

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly details: ErrorDetail[] | undefined;
  readonly headers: Record<string, string>;
  /** Middy's convention: only errors below 500 may show their message to the caller. */
  readonly expose: boolean;

  constructor(
    code: ErrorCode,
    message: string,
    options: { details?: ErrorDetail[]; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.statusCode = errorStatus[code];
    this.details = options.details;
    this.headers = options.headers ?? {};
    this.expose = this.statusCode < 500;
  }

  toBody(): ErrorBody {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.details ? { details: this.details } : {}),
      },
    };
  }
}

export const notFound = (what: string): ApiError => new ApiError('NOT_FOUND', `${what} not found`);

export const validationError = (details: ErrorDetail[]): ApiError =>
  new ApiError('VALIDATION_ERROR', 'The request is invalid', { details });
