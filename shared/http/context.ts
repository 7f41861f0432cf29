import type middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { Caller } from '#accounts/caller.ts';
import type { ApiError } from '#core/errors.ts';
import type { RateLimitState } from '#http/rate-limit.store.ts';

export interface ValidatedInput {
  body?: unknown;
  query?: unknown;
  path?: unknown;
}

/** The Lambda context extended with what the middleware learns about the request. */
export interface ApiContext extends Context {
  requestId: string;
  startedAt: number;
  caller?: Caller;
  /** Set when authentication failed; thrown by requireAuthentication after rate limiting. */
  authFailure?: ApiError;
  rateLimit?: RateLimitState;
  /** A deferred rate-limit count (routes with `deferRateLimit`): the handler awaits it before writing. */
  admission?: Promise<void>;
  /** The JSON body nested deeper than MAX_JSON_DEPTH and was parsed with those values emptied (json-body.ts). */
  bodyTooDeep?: boolean;
  input: ValidatedInput;
}

export type ApiMiddleware = middy.MiddlewareObj<
  APIGatewayProxyEventV2,
  APIGatewayProxyStructuredResultV2,
  Error,
  ApiContext
>;
