/**
 * The one Middy stack every HTTP route shares, in an order that matters: requestContext, errorEnvelope (its
 * onError runs first), authenticate (records a failure), rateLimit (per organization, or per source IP
 * after a failure; `deferRateLimit` runs it alongside the first reads), requireAuth (now the 401),
 * authorizeKey (the 403 of a sending key on a full-access route), jsonBody, validateInput. A handler is
 * built from its operation: its schemas validate the request, its result must match its response schema.
 * docs/architecture.md, "Request path"; the order of checks: docs/api.md, "Errors".
 */

import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type * as z from 'zod';
import type { Caller } from '#accounts/caller.ts';
import type { ApiKeyPermission } from '#core/api-key-permission.ts';
import { config } from '#core/config.ts';
import { logger } from '#core/logger.ts';
import type { ApiContext } from '#http/context.ts';
import { authenticate, requireAuthentication } from '#http/middleware/authenticate.ts';
import { authorizeKey } from '#http/middleware/authorize-key.ts';
import { errorEnvelope } from '#http/middleware/error-envelope.ts';
import { jsonBody } from '#http/middleware/json-body.ts';
import { type RouteLimit, rateLimit, type SourceIpLimit } from '#http/middleware/rate-limit.ts';
import { requestContext } from '#http/middleware/request-context.ts';
import { validateInput } from '#http/middleware/validate-input.ts';
import { type LambdaHttpHandler, withRequestScope } from '#http/request-scope.ts';
import { type ApiResult, jsonResponse } from '#http/response.ts';
import type { ApiOperation } from '#platform/api-operation.ts';

/** A request part's validated type (`undefined` when the operation has no schema for it). */
type Infer<S> = [NonNullable<S>] extends [z.ZodType] ? z.output<NonNullable<S>> : undefined;

// biome-ignore lint/suspicious/noExplicitAny: any operation, whatever its schemas.
type AnyOperation = ApiOperation<any, any, any, any, any, any>;

/** What an operation's handler must answer: its status and `data` its response schema accepts. */
export type OperationResult<O extends AnyOperation> = ApiResult<
  NonNullable<O['paginated']> extends true ? z.input<O['response']>[] : z.input<O['response']>,
  O['status']
>;

export interface HandlerOptions {
  /**
   * The rate-limit count runs alongside the handler's first reads instead of before them: the
   * handler must await `admission` before it writes anything (see middleware/rate-limit.ts).
   */
  deferRateLimit?: boolean;
  /** A window of the route's own per organization, besides the organization's (middleware/rate-limit.ts). */
  routeRateLimit?: RouteLimit;
}

export interface ApiRequest<B, Q, P> {
  body: Infer<B>;
  query: Infer<Q>;
  path: Infer<P>;
  caller: Caller;
  requestId: string;
  event: APIGatewayProxyEventV2;
  /** Resolves once the request is within its rate limit (at once unless `deferRateLimit`); rejects with 429. */
  admission: Promise<void>;
}

function toResponse(result: ApiResult): APIGatewayProxyStructuredResultV2 {
  const envelope = result.pagination ? { data: result.data, pagination: result.pagination } : { data: result.data };
  return jsonResponse(result.status, envelope, result.headers);
}

/** Builds the Middy stack; `requireAuth: false` only for the unmatched-route handler. */
export function middlewareStack(
  schemas: { body?: z.ZodType; query?: z.ZodType; path?: z.ZodType },
  options: {
    requireAuth: boolean;
    /** The least key permission the route takes (with requireAuth). */
    permission?: ApiKeyPermission;
    maxBodyBytes: number;
    deferRateLimit?: boolean;
    sourceIp?: SourceIpLimit;
    routeRateLimit?: RouteLimit;
  },
) {
  const stack = middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, ApiContext>()
    .use(injectLambdaContext(logger))
    .use(requestContext())
    .use(errorEnvelope())
    .use(authenticate())
    .use(
      rateLimit({
        defer: options.deferRateLimit ?? false,
        ...(options.sourceIp ? { sourceIp: options.sourceIp } : {}),
        ...(options.routeRateLimit ? { perRoute: options.routeRateLimit } : {}),
      }),
    );
  if (options.requireAuth) stack.use(requireAuthentication());
  if (options.requireAuth && options.permission) stack.use(authorizeKey(options.permission));
  if (schemas.body) stack.use(jsonBody(options.maxBodyBytes));
  return stack.use(validateInput(schemas));
}

export function apiHandler<O extends AnyOperation>(
  operation: O,
  run: (request: ApiRequest<O['body'], O['query'], O['path']>) => Promise<OperationResult<O>>,
  options: HandlerOptions = {},
): LambdaHttpHandler {
  const stack = middlewareStack(
    { body: operation.body, query: operation.query, path: operation.path },
    {
      requireAuth: true,
      permission: operation.permission,
      maxBodyBytes: operation.maxBodyBytes ?? config.maxBodyBytes,
      deferRateLimit: options.deferRateLimit ?? false,
      ...(options.routeRateLimit ? { routeRateLimit: options.routeRateLimit } : {}),
    },
  ).handler(async (event, context) => {
    const result = await run({
      body: context.input.body as Infer<O['body']>,
      query: context.input.query as Infer<O['query']>,
      path: context.input.path as Infer<O['path']>,
      // requireAuthentication guarantees an identity here.
      caller: context.caller as Caller,
      requestId: context.requestId,
      event,
      admission: context.admission ?? Promise.resolve(),
    });
    return toResponse(result);
  });
  return withRequestScope(stack as unknown as LambdaHttpHandler);
}

/**
 * A handler that goes through the stack without requiring authentication; requests without a key
 * are counted per source IP (`sourceIp`: in a window of the route's own, at its own rate).
 */
export function publicHandler(
  run: (event: APIGatewayProxyEventV2, context: ApiContext) => Promise<APIGatewayProxyStructuredResultV2>,
  options: { sourceIp?: SourceIpLimit } = {},
): LambdaHttpHandler {
  const stack = middlewareStack(
    {},
    {
      requireAuth: false,
      maxBodyBytes: config.maxBodyBytes,
      ...(options.sourceIp ? { sourceIp: options.sourceIp } : {}),
    },
  ).handler(run);
  return withRequestScope(stack as unknown as LambdaHttpHandler);
}
