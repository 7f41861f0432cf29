/**
 * From an HTTP request to the event API Gateway HTTP API sends a Lambda proxy integration (payload
 * format 2.0): headers joined and lower-cased, cookies split out, query parameters joined, the request
 * context filled in, and a body passed as text or base64 the way API Gateway decides. Pure, so a test
 * or a bench can build the exact event a deployed handler receives without the gateway's HTTP hop.
 */
import { randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';

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

/** A request target's path and query string (without `?`); a fragment is dropped. */
export function splitTarget(url: string): { path: string; query: string } {
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
