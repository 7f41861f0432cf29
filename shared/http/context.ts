import type middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { Environment } from '#accounts/api-key.ts';
import type { ApiError } from '#core/errors.ts';
import type { RateLimitState } from '#http/rate-limit.store.ts';

/** Who is calling: resolved from the API key by the authenticate middleware. */
export interface Identity {
  organizationId: string;
  apiKeyId: string;
  environment: Environment;
  keyPrefix: string;
  rateLimitPerSecond: number | null;
}

export interface ValidatedInput {
  body?: unknown;
  query?: unknown;
  path?: unknown;
}

/** The Lambda context extended with what the middleware learns about the request. */
export interface ApiContext extends Context {
  requestId: string;
  startedAt: number;
  caller?: Identity;
  /** Set when authentication failed; thrown by requireAuthentication after rate limiting. */
  authFailure?: ApiError;
  rateLimit?: RateLimitState;
  /** A deferred rate-limit count (routes with `deferRateLimit`): the handler awaits it before writing. */
  admission?: Promise<void>;
  input: ValidatedInput;
}

export type ApiMiddleware = middy.MiddlewareObj<
  APIGatewayProxyEventV2,
  APIGatewayProxyStructuredResultV2,
  Error,
  ApiContext
>;
