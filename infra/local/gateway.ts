/**
 * The local stand-in for API Gateway HTTP API (Lambda proxy integration, payload format
 * version 2.0). It resolves each request against the route table exactly as the deployed
 * API does (a matching route, or the `$default` route otherwise), turns it into the
 * event API Gateway would send, invokes the route's handler with a fake Lambda context and
 * translates the handler's result back into an HTTP response. Like API Gateway + Lambda it
 * answers on its own, in API Gateway's native format (`{"message": "…"}`, none of our
 * middleware's headers), only when a request cannot be handled: 413 (a body over the 10 MB
 * payload cap, or an event over Lambda's 6 MB invocation payload limit), 500 (the handler
 * failed, timed out, or returned something malformed or over Lambda's 6 MB response limit).
 * That holds for the `$default` route too: a failure is never papered over.
 *
 * Format reference: "Working with AWS Lambda proxy integrations for HTTP APIs" in the
 * API Gateway developer guide.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import {
  createServer,
  type IncomingMessage,
  type ServerResponse,
  validateHeaderName,
  validateHeaderValue,
} from 'node:http';
import { isIP } from 'node:net';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import type { LambdaHttpHandler } from '#http/api-handler.ts';
import { defaultRoute, matchRoute, ROUTE_TIMEOUT_SECONDS, routeId } from '#platform/routes.ts';

/** API Gateway's request payload quota (10 MB). */
export const MAX_PAYLOAD_BYTES = 10 * 1024 * 1024;
/**
 * Lambda's synchronous invocation payload limit (6 MB), which applies to the serialized event
 * and to the serialized result alike.
 */
export const LAMBDA_PAYLOAD_LIMIT_BYTES = 6_291_456;
/** The deployed functions' timeout (`ROUTE_TIMEOUT_SECONDS`). */
export const FUNCTION_TIMEOUT_MS = ROUTE_TIMEOUT_SECONDS * 1000;

export interface GatewayOptions {
  /** 0 picks any free port. */
  port: number;
  /** Defaults to 127.0.0.1. */
  host?: string;
  /** Resolves a route's handler module (path relative to the repository root). */
  loadHandler: (handlerModule: string) => Promise<LambdaHttpHandler>;
  /** Receives one line per request and the errors of failed invocations. */
  log?: (line: string) => void;
  /** Per-invocation timeout; defaults to FUNCTION_TIMEOUT_MS (the deployed functions' timeout). */
  timeoutMs?: number;
  /** Request body cap; defaults to MAX_PAYLOAD_BYTES. */
  maxPayloadBytes?: number;
}

export interface RunningGateway {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** The parts of an HTTP request the event is built from (an IncomingMessage plus its body). */
export interface GatewayRequest {
  method: string;
  /** The request target as sent: path plus optional `?query`. */
  url: string;
  /** Defaults to 1.1. */
  httpVersion?: string;
  /** Header name/value pairs in arrival order, names in any case (IncomingMessage.rawHeaders, paired). */
  headers: ReadonlyArray<readonly [string, string]>;
  /** The client's socket address; IPv4-mapped IPv6 addresses are reported as plain IPv4. */
  remoteAddress?: string;
  body: Buffer;
}

export interface EventRoute {
  /** `METHOD /path` of the matched route, or `$default`. */
  routeKey: string;
  pathParameters?: Record<string, string>;
}

export interface HttpResponse {
  statusCode: number;
  /** Name/value pairs; a name may repeat (one Set-Cookie per cookie). */
  headers: [name: string, value: string][];
  body: Buffer;
}

/** Media types API Gateway passes to Lambda as text; every other body is base64-encoded. */
export function isTextContentType(contentType: string | undefined): boolean {
  if (contentType === undefined) return false;
  const mediaType = (contentType.split(';')[0] ?? '').trim().toLowerCase();
  return (
    mediaType.startsWith('text/') ||
    mediaType === 'application/json' ||
    mediaType.endsWith('+json') ||
    mediaType === 'application/xml' ||
    mediaType.endsWith('+xml') ||
    mediaType === 'application/x-www-form-urlencoded' ||
    mediaType === 'application/javascript'
  );
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** API Gateway's `requestContext.time`: `12/Mar/2020:19:03:58 +0000` (always UTC). */
export function formatRequestTime(date: Date): string {
  const pad = (n: number): string => String(n).padStart(2, '0');
  return (
    `${pad(date.getUTCDate())}/${MONTHS[date.getUTCMonth()]}/${date.getUTCFullYear()}:` +
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} +0000`
  );
}

function splitTarget(url: string): { path: string; query: string } {
  let target = url;
  if (!target.startsWith('/')) {
    // Absolute-form request target (proxies); anything unparsable is used as a path.
    try {
      const parsed = new URL(target);
      target = parsed.pathname + parsed.search;
    } catch {
      // keep as is
    }
  }
  const hash = target.indexOf('#');
  if (hash !== -1) target = target.slice(0, hash);
  const question = target.indexOf('?');
  return question === -1
    ? { path: target, query: '' }
    : { path: target.slice(0, question), query: target.slice(question + 1) };
}

/**
 * The payload-format-2.0 event for a request. Pure apart from the fresh `requestId` and
 * the current time, both of which can be supplied.
 */
export function toApiGatewayEvent(
  request: GatewayRequest,
  route: EventRoute,
  options: { requestId?: string; now?: Date } = {},
): APIGatewayProxyEventV2 {
  const now = options.now ?? new Date();
  const { path, query } = splitTarget(request.url);

  const headers: Record<string, string> = {};
  const cookies: string[] = [];
  for (const [rawName, value] of request.headers) {
    const name = rawName.toLowerCase();
    if (name === 'cookie') {
      for (const cookie of value.split(';')) {
        const trimmed = cookie.trim();
        if (trimmed !== '') cookies.push(trimmed);
      }
      continue;
    }
    const previous = headers[name];
    headers[name] = previous === undefined ? value : `${previous},${value}`;
  }

  let queryStringParameters: Record<string, string> | undefined;
  if (query !== '') {
    const params: Record<string, string> = {};
    for (const [key, value] of new URLSearchParams(query)) {
      const previous = params[key];
      params[key] = previous === undefined ? value : `${previous},${value}`;
    }
    if (Object.keys(params).length > 0) queryStringParameters = params;
  }

  const hostHeader = headers.host ?? 'localhost';
  const hostname = hostHeader.replace(/:\d+$/, '').replace(/^\[(.*)\]$/, '$1');
  const domainPrefix = isIP(hostname) ? hostname : (hostname.split('.')[0] ?? hostname);
  const sourceIp = (request.remoteAddress ?? '127.0.0.1').replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');

  const event: APIGatewayProxyEventV2 = {
    version: '2.0',
    routeKey: route.routeKey,
    rawPath: path,
    rawQueryString: query,
    ...(cookies.length > 0 ? { cookies } : {}),
    headers,
    ...(queryStringParameters ? { queryStringParameters } : {}),
    ...(route.pathParameters && Object.keys(route.pathParameters).length > 0
      ? { pathParameters: { ...route.pathParameters } }
      : {}),
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: hostHeader,
      domainPrefix,
      http: {
        method: request.method,
        path,
        protocol: `HTTP/${request.httpVersion ?? '1.1'}`,
        sourceIp,
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: options.requestId ?? randomUUID(),
      routeKey: route.routeKey,
      stage: '$default',
      time: formatRequestTime(now),
      timeEpoch: now.getTime(),
    },
    isBase64Encoded: false,
  };
  if (request.body.length > 0) {
    if (isTextContentType(headers['content-type'])) {
      event.body = request.body.toString('utf8');
    } else {
      event.body = request.body.toString('base64');
      event.isBase64Encoded = true;
    }
  }
  return event;
}

/** A Lambda result API Gateway cannot turn into a response (it answers 500). */
export class InvalidLambdaResponseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidLambdaResponseError';
  }
}

/** Standard alphabet, padding optional (a single leftover character can never be valid). */
function isBase64(text: string): boolean {
  return /^[A-Za-z0-9+/]*={0,2}$/.test(text) && text.replace(/=+$/, '').length % 4 !== 1;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function checkedHeader(name: string, value: string): [string, string] {
  try {
    validateHeaderName(name);
    validateHeaderValue(name, value);
  } catch (error) {
    throw new InvalidLambdaResponseError(`invalid header ${JSON.stringify(name)}: ${(error as Error).message}`);
  }
  return [name, value];
}

/** Headers the gateway owns: the body framing is recomputed from the bytes it sends. */
const FRAMING_HEADERS = new Set(['content-length', 'transfer-encoding']);

function withContentLength(statusCode: number, headers: [string, string][], body: Buffer): [string, string][] {
  const kept = headers.filter(([name]) => !FRAMING_HEADERS.has(name.toLowerCase()));
  // RFC 9110 §8.6: no Content-Length on 1xx or 204.
  if (statusCode >= 200 && statusCode !== 204) kept.push(['Content-Length', String(body.length)]);
  return kept;
}

/**
 * Interprets a Lambda result the way API Gateway does for payload format 2.0: an object
 * with `statusCode` is a structured response (`headers`, `cookies`, `body`,
 * `isBase64Encoded`); any other JSON value is the body of a 200 application/json response
 * (a string as is, anything else JSON-encoded). Throws InvalidLambdaResponseError for a
 * result that cannot be sent.
 */
export function toHttpResponse(result: unknown): HttpResponse {
  if (!isRecord(result) || !('statusCode' in result)) {
    let body: string | undefined;
    if (typeof result === 'string') {
      body = result;
    } else {
      try {
        body = JSON.stringify(result);
      } catch (error) {
        throw new InvalidLambdaResponseError(`result is not JSON-serializable: ${(error as Error).message}`);
      }
    }
    if (body === undefined) throw new InvalidLambdaResponseError(`handler returned ${typeof result}`);
    const bytes = Buffer.from(body, 'utf8');
    return {
      statusCode: 200,
      headers: withContentLength(200, [['Content-Type', 'application/json']], bytes),
      body: bytes,
    };
  }

  // Lambda results are JSON: an explicit null counts as absent.
  const statusCode = result.statusCode;
  const headers = result.headers ?? {};
  const cookies = result.cookies ?? [];
  const body = result.body;
  const isBase64Encoded = result.isBase64Encoded ?? false;
  if (typeof statusCode !== 'number' || !Number.isInteger(statusCode) || statusCode < 200 || statusCode > 599) {
    throw new InvalidLambdaResponseError(`invalid statusCode ${JSON.stringify(statusCode)}`);
  }
  if (!isRecord(headers)) throw new InvalidLambdaResponseError('headers must be an object');
  if (!Array.isArray(cookies) || !cookies.every((cookie) => typeof cookie === 'string')) {
    throw new InvalidLambdaResponseError('cookies must be an array of strings');
  }
  if (body !== undefined && body !== null && typeof body !== 'string') {
    throw new InvalidLambdaResponseError(`body must be a string, got ${typeof body}`);
  }
  if (typeof isBase64Encoded !== 'boolean') throw new InvalidLambdaResponseError('isBase64Encoded must be a boolean');

  const pairs: [string, string][] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
      throw new InvalidLambdaResponseError(`header ${JSON.stringify(name)} must be a string`);
    }
    pairs.push(checkedHeader(name, String(value)));
  }
  for (const cookie of cookies as string[]) pairs.push(checkedHeader('Set-Cookie', cookie));

  const text = body ?? '';
  let bytes: Buffer;
  if (isBase64Encoded) {
    if (!isBase64(text)) throw new InvalidLambdaResponseError('body is not valid base64');
    bytes = Buffer.from(text, 'base64');
  } else {
    bytes = Buffer.from(text, 'utf8');
  }
  return { statusCode, headers: withContentLength(statusCode, pairs, bytes), body: bytes };
}

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

/**
 * Lambda's side of returning a result: it is serialized to JSON (a result that cannot be, or
 * whose JSON exceeds the 6 MB response limit, fails the invocation) and API Gateway reads
 * that JSON back. Throws InvalidLambdaResponseError where API Gateway would answer 500.
 */
export function serializeLambdaResult(result: unknown): unknown {
  let json: string | undefined;
  try {
    json = JSON.stringify(result);
  } catch (error) {
    throw new InvalidLambdaResponseError(`result is not JSON-serializable: ${(error as Error).message}`);
  }
  if (json === undefined) throw new InvalidLambdaResponseError(`handler returned ${typeof result}`);
  const size = Buffer.byteLength(json, 'utf8');
  if (size > LAMBDA_PAYLOAD_LIMIT_BYTES) {
    throw new InvalidLambdaResponseError(
      `the serialized result (${size} bytes) exceeds Lambda's ${LAMBDA_PAYLOAD_LIMIT_BYTES}-byte response payload limit`,
    );
  }
  return JSON.parse(json);
}

/** The messages of the errors API Gateway produces itself. */
export type GatewayErrorStatus = 413 | 500;
const GATEWAY_ERROR_MESSAGES: Record<GatewayErrorStatus, string> = {
  413: 'Request Entity Too Large',
  500: 'Internal Server Error',
};

/**
 * An error API Gateway answers itself, in its native format: `{"message": "…"}` as
 * application/json, without any of the headers our middleware adds (the gateway adds only
 * `apigw-requestid`).
 */
export function gatewayErrorResponse(statusCode: GatewayErrorStatus): HttpResponse {
  const body = Buffer.from(JSON.stringify({ message: GATEWAY_ERROR_MESSAGES[statusCode] }), 'utf8');
  return { statusCode, headers: withContentLength(statusCode, [['Content-Type', 'application/json']], body), body };
}

class PayloadTooLargeError extends Error {}
class HandlerTimeoutError extends Error {}

function readBody(request: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      reject(new PayloadTooLargeError());
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > limit) {
        cleanup();
        chunks.length = 0;
        reject(new PayloadTooLargeError());
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = (): void => {
      cleanup();
      resolve(Buffer.concat(chunks, size));
    };
    const onError = (error: Error): void => {
      cleanup();
      reject(error);
    };
    const onClose = (): void => onError(new Error('The client closed the connection before sending the whole body'));
    const cleanup = (): void => {
      request.off('data', onData);
      request.off('end', onEnd);
      request.off('error', onError);
      request.off('close', onClose);
    };
    request.on('data', onData);
    request.on('end', onEnd);
    request.on('error', onError);
    request.on('close', onClose);
  });
}

function pairHeaders(rawHeaders: readonly string[]): [string, string][] {
  const pairs: [string, string][] = [];
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) pairs.push([rawHeaders[i] ?? '', rawHeaders[i + 1] ?? '']);
  return pairs;
}

function describe(error: unknown): string {
  return error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error);
}

async function invoke(
  loadHandler: GatewayOptions['loadHandler'],
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

function send(response: ServerResponse, result: HttpResponse, requestId: string): void {
  const headers = [...result.headers, ['apigw-requestid', requestId]];
  response.writeHead(result.statusCode, headers.flat());
  response.end(result.body);
}

/** Starts the local gateway; resolves once it is listening. */
export async function startGateway(options: GatewayOptions): Promise<RunningGateway> {
  const host = options.host ?? '127.0.0.1';
  const timeoutMs = options.timeoutMs ?? FUNCTION_TIMEOUT_MS;
  const maxPayloadBytes = options.maxPayloadBytes ?? MAX_PAYLOAD_BYTES;
  const log = options.log ?? (() => {});

  const handle = async (request: IncomingMessage, response: ServerResponse, requestId: string): Promise<void> => {
    const started = Date.now();
    const method = request.method ?? 'GET';
    const { path } = splitTarget(request.url ?? '/');
    const finish = (result: HttpResponse): void => {
      send(response, result, requestId);
      log(`${method} ${path} → ${result.statusCode} in ${Date.now() - started} ms`);
    };

    let body: Buffer;
    try {
      body = await readBody(request, maxPayloadBytes);
    } catch (error) {
      if (error instanceof PayloadTooLargeError) {
        // Answer at once; Node discards the rest of the upload without buffering it.
        log(`${method} ${path}: the request body exceeds the ${maxPayloadBytes}-byte payload limit`);
        finish(gatewayErrorResponse(413));
      } else {
        log(`${method} ${path}: reading the request failed: ${describe(error)}`);
        request.destroy();
      }
      return;
    }

    const resolution = matchRoute(method, path);
    const match = 'match' in resolution ? resolution.match : undefined;
    const handlerModule = match ? match.route.handler : defaultRoute.handler;
    const functionName = `postbox-local-${match ? routeId(match.route) : 'default'}`;
    const event = toApiGatewayEvent(
      {
        method,
        url: request.url ?? '/',
        httpVersion: request.httpVersion,
        headers: pairHeaders(request.rawHeaders),
        remoteAddress: request.socket.remoteAddress,
        body,
      },
      match ? { routeKey: match.routeKey, pathParameters: match.pathParameters } : { routeKey: '$default' },
      { requestId },
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
      finish(gatewayErrorResponse(413));
      return;
    }

    let result: HttpResponse;
    try {
      const output = await invoke(options.loadHandler, handlerModule, functionName, event, timeoutMs);
      result = toHttpResponse(serializeLambdaResult(output));
    } catch (error) {
      // Every route, $default included: in AWS a failed handler is API Gateway's 500, never
      // the answer the handler would have given.
      const timedOut = error instanceof HandlerTimeoutError;
      log(
        `${method} ${path}: ${handlerModule} ${
          timedOut ? `timed out after ${timeoutMs} ms` : `failed: ${describe(error)}`
        }`,
      );
      // A function that outlives its own timeout (10 s, under API Gateway's 30 s integration
      // limit) is a Lambda function error, which HTTP APIs answer with 500.
      result = gatewayErrorResponse(500);
    }
    finish(result);
  };

  const server = createServer((request, response) => {
    const requestId = randomUUID();
    handle(request, response, requestId).catch((error: unknown) => {
      log(`gateway error: ${describe(error)}`);
      if (!response.headersSent) {
        send(response, gatewayErrorResponse(500), requestId);
      } else {
        response.destroy();
      }
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('The gateway is not listening on a TCP port');
  // A wildcard listener is reached through loopback.
  const reachable = address.address === '0.0.0.0' ? '127.0.0.1' : address.address === '::' ? '::1' : address.address;
  const urlHost = address.family === 'IPv6' ? `[${reachable}]` : reachable;

  return {
    url: `http://${urlHost}:${address.port}`,
    port: address.port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
