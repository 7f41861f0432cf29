/**
 * Invoking a request's handler as API Gateway + Lambda would: resolved against the route table as the
 * deployed API does (a matching route, else `$default`), turned into the event, and handed to the
 * handler with a fake Lambda context under the deployed functions' timeout. What AWS refuses is refused
 * the same way on every route, `$default` included (an event over 6 MB: 413; a handler that fails, times
 * out or returns what API Gateway cannot send: 500): a failure is never papered over. A request asking
 * for a fault (`Postbox-Simulate`, simulate.ts) gets it instead of the function. See docs/api.md.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { matchGatewayRoute } from '#app/route-matching.ts';
import type { LambdaHttpHandler } from '#http/request-scope.ts';
import { ALIAS_PREFIX, API_PREFIX, ROUTE_TIMEOUT_SECONDS } from '#platform/routes.ts';
import { type GatewayRequest, splitTarget, toApiGatewayEvent } from './event.ts';
import {
  gatewayErrorResponse,
  type HttpResponse,
  LAMBDA_PAYLOAD_LIMIT_BYTES,
  serializeLambdaResult,
  toHttpResponse,
} from './response.ts';
import { simulatedFault, simulateHeader } from './simulate.ts';

/** The API's default per-organization limit (`RATE_LIMIT_PER_SECOND`, read when asked), which a simulated 429 names. */
const defaultRateLimitPerSecond = () => Number(process.env.RATE_LIMIT_PER_SECOND || 10);

const isApiPath = (path: string) => path.startsWith(`${API_PREFIX}/`) || path.startsWith(`${ALIAS_PREFIX}/`);

/** The deployed functions' timeout (`ROUTE_TIMEOUT_SECONDS`). */
export const FUNCTION_TIMEOUT_MS = ROUTE_TIMEOUT_SECONDS * 1000;

/** Resolves a route's handler module (path relative to the repository root). */
export type HandlerLoader = (handlerModule: string) => Promise<LambdaHttpHandler>;

/** A Lambda context for one invocation; `deadline` is the epoch ms at which it times out. */
export function createLambdaContext(functionName: string, deadline: number): Context {
  const region = process.env.AWS_REGION ?? 'us-east-1';
  const day = new Date().toISOString().slice(0, 10).replaceAll('-', '/');
  const unsupported = (name: string) => (): never => {
    throw new Error(`context.${name}() is not supported; return a value or a promise instead`);
  };
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:${region}:000000000000:function:${functionName}`,
    memoryLimitInMB: '512',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: `${day}/[$LATEST]${randomBytes(16).toString('hex')}`,
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: unsupported('done'),
    fail: unsupported('fail'),
    succeed: unsupported('succeed'),
  };
}

class HandlerTimeoutError extends Error {}

/** An error for the log: its stack where it has one. */
export function describeError(error: unknown): string {
  return error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error);
}

async function invoke(
  loadHandler: HandlerLoader,
  handlerModule: string,
  functionName: string,
  event: APIGatewayProxyEventV2,
  timeoutMs: number,
): Promise<unknown> {
  const context = createLambdaContext(functionName, Date.now() + timeoutMs);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new HandlerTimeoutError()), timeoutMs);
  });
  try {
    return await Promise.race([
      (async () => {
        const handler = await loadHandler(handlerModule);
        if (typeof handler !== 'function') throw new Error(`${handlerModule} does not export a handler function`);
        return handler(event, context);
      })(),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export interface InvokeOptions {
  loadHandler: HandlerLoader;
  /** Per-invocation timeout. */
  timeoutMs: number;
  /** The request's id: the event's `requestContext.requestId`. */
  requestId: string;
  /** Receives why a request did not get the handler's answer. */
  log: (line: string) => void;
  /** What a simulated `rate_limited` answer says the limit is (the deployment's default). */
  rateLimitPerSecond?: number;
  /** How long a simulated `gateway_timeout` waits (API Gateway's 30 s unless a test shortens it). */
  gatewayTimeoutMs?: number;
}

/**
 * The response to a request (body already read): the handler's answer, or the 413 or 500
 * API Gateway would give instead.
 */
export async function invokeRoute(request: GatewayRequest, options: InvokeOptions): Promise<HttpResponse> {
  const { method } = request;
  const { path } = splitTarget(request.url);
  const { timeoutMs, log } = options;

  const target = matchGatewayRoute(method, path);
  const fault = simulateHeader(request.headers);
  if (fault !== undefined && target.functionId !== 'default' && isApiPath(path)) {
    log(`${method} ${path}: Postbox-Simulate: ${fault}; the function was not invoked`);
    return simulatedFault(fault, options.requestId, {
      rateLimitPerSecond: options.rateLimitPerSecond ?? defaultRateLimitPerSecond(),
      ...(options.gatewayTimeoutMs !== undefined ? { gatewayTimeoutMs: options.gatewayTimeoutMs } : {}),
    });
  }
  const handlerModule = target.handler;
  const functionName = `postbox-local-${target.functionId}`;
  const event = toApiGatewayEvent(
    request,
    { routeKey: target.routeKey, ...(target.pathParameters ? { pathParameters: target.pathParameters } : {}) },
    { requestId: options.requestId },
  );

  // Lambda refuses a synchronous invocation whose event exceeds its 6 MB payload limit, so
  // the function never runs. API Gateway then fails the request; 413 with its native
  // "Request Entity Too Large" approximates what it answers when Lambda refuses the payload.
  const eventBytes = Buffer.byteLength(JSON.stringify(event), 'utf8');
  if (eventBytes > LAMBDA_PAYLOAD_LIMIT_BYTES) {
    log(
      `${method} ${path}: the event (${eventBytes} bytes) exceeds Lambda's ${LAMBDA_PAYLOAD_LIMIT_BYTES}-byte ` +
        `invocation payload limit; ${handlerModule} was not invoked`,
    );
    return gatewayErrorResponse(413);
  }

  try {
    const output = await invoke(options.loadHandler, handlerModule, functionName, event, timeoutMs);
    return toHttpResponse(serializeLambdaResult(output));
  } catch (error) {
    // Every route, $default included: in AWS a failed handler is API Gateway's 500, never
    // the answer the handler would have given.
    const timedOut = error instanceof HandlerTimeoutError;
    log(
      `${method} ${path}: ${handlerModule} ${
        timedOut ? `timed out after ${timeoutMs} ms` : `failed: ${describeError(error)}`
      }`,
    );
    // A function that outlives its own timeout (10 s, under API Gateway's 30 s integration
    // limit) is a Lambda function error, which HTTP APIs answer with 500.
    return gatewayErrorResponse(500);
  }
}
