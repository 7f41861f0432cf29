import { request as httpRequest } from 'node:http';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import * as routeMatching from '#app/route-matching.ts';
import { defaultRoute, routes } from '#app/routes.ts';
import type { LambdaHttpHandler } from '#http/request-scope.ts';
import { ROUTE_TIMEOUT_SECONDS, type RouteDefinition } from '#platform/routes.ts';
import {
  formatRequestTime,
  type GatewayRequest,
  isTextContentType,
  toApiGatewayEvent,
} from '../../../infra/local/gateway/event.ts';
import { createLambdaContext, FUNCTION_TIMEOUT_MS, type HandlerLoader } from '../../../infra/local/gateway/invoke.ts';
import {
  gatewayErrorResponse,
  InvalidLambdaResponseError,
  LAMBDA_PAYLOAD_LIMIT_BYTES,
  serializeLambdaResult,
  toHttpResponse,
} from '../../../infra/local/gateway/response.ts';
import { MAX_PAYLOAD_BYTES, type RunningGateway, startGateway } from '../../../infra/local/gateway/server.ts';

const GET_MODULE = 'functions/settings/get-auto-validation.ts';
const PUT_MODULE = 'functions/settings/put-auto-validation.ts';
const SETTINGS_PATH = '/api/v1/settings/auto-validation';

function request(overrides: Partial<GatewayRequest> = {}): GatewayRequest {
  return {
    method: 'GET',
    url: '/my/path',
    httpVersion: '1.1',
    headers: [['Host', 'localhost:3000']],
    remoteAddress: '127.0.0.1',
    body: Buffer.alloc(0),
    ...overrides,
  };
}

describe('toApiGatewayEvent', () => {
  it('builds the documented payload format 2.0 event', () => {
    const now = new Date(Date.UTC(2020, 2, 12, 19, 3, 58, 390));
    const event = toApiGatewayEvent(
      {
        method: 'POST',
        url: '/my/path?parameter1=value1&parameter1=value2&parameter2=value',
        httpVersion: '1.1',
        headers: [
          ['Host', 'id.execute-api.us-east-1.amazonaws.com'],
          ['Header1', 'value1'],
          ['Header2', 'value1'],
          ['HEADER2', 'value2'],
          ['Cookie', 'cookie1; cookie2'],
          ['User-Agent', 'agent'],
          ['Content-Type', 'text/plain'],
        ],
        remoteAddress: '::ffff:192.0.2.1',
        body: Buffer.from('Hello from Lambda'),
      },
      { routeKey: '$default', pathParameters: { parameter1: 'value1' } },
      { requestId: 'id', now },
    );
    expect(event).toStrictEqual({
      version: '2.0',
      routeKey: '$default',
      rawPath: '/my/path',
      rawQueryString: 'parameter1=value1&parameter1=value2&parameter2=value',
      cookies: ['cookie1', 'cookie2'],
      headers: {
        host: 'id.execute-api.us-east-1.amazonaws.com',
        header1: 'value1',
        header2: 'value1,value2',
        'user-agent': 'agent',
        'content-type': 'text/plain',
      },
      queryStringParameters: { parameter1: 'value1,value2', parameter2: 'value' },
      pathParameters: { parameter1: 'value1' },
      requestContext: {
        accountId: 'local',
        apiId: 'local',
        domainName: 'id.execute-api.us-east-1.amazonaws.com',
        domainPrefix: 'id',
        http: { method: 'POST', path: '/my/path', protocol: 'HTTP/1.1', sourceIp: '192.0.2.1', userAgent: 'agent' },
        requestId: 'id',
        routeKey: '$default',
        stage: '$default',
        time: '12/Mar/2020:19:03:58 +0000',
        timeEpoch: now.getTime(),
      },
      body: 'Hello from Lambda',
      isBase64Encoded: false,
    });
  });

  it('lower-cases header names, joins repeated headers with commas and collects every Cookie header', () => {
    const event = toApiGatewayEvent(
      request({
        headers: [
          ['X-Custom', 'a'],
          ['x-custom', 'b'],
          ['X-CUSTOM', 'c, d'],
          ['Cookie', 'a=1; b=2'],
          ['cookie', 'c=3;d=4;'],
        ],
      }),
      { routeKey: '$default' },
    );
    expect(event.headers).toStrictEqual({ 'x-custom': 'a,b,c, d' });
    expect(event.cookies).toStrictEqual(['a=1', 'b=2', 'c=3', 'd=4']);
  });

  it('omits cookies, queryStringParameters, pathParameters, body and stageVariables when there are none', () => {
    const event = toApiGatewayEvent(request(), { routeKey: '$default', pathParameters: {} });
    expect(event.rawQueryString).toBe('');
    for (const key of ['cookies', 'queryStringParameters', 'pathParameters', 'body', 'stageVariables']) {
      expect(event).not.toHaveProperty(key);
    }
    expect(event.isBase64Encoded).toBe(false);
    expect(toApiGatewayEvent(request({ url: '/my/path?' }), { routeKey: '$default' })).not.toHaveProperty(
      'queryStringParameters',
    );
  });

  it('decodes query parameters, joins repeated keys and keeps rawQueryString as sent', () => {
    const raw = 'name=J%C3%BCrgen&tag=a&tag=b%2Cc&q=hello+world&flag&sum=1%2B1';
    const event = toApiGatewayEvent(request({ url: `/search?${raw}` }), { routeKey: '$default' });
    expect(event.rawPath).toBe('/search');
    expect(event.rawQueryString).toBe(raw);
    expect(event.queryStringParameters).toStrictEqual({
      name: 'Jürgen',
      tag: 'a,b,c',
      q: 'hello world',
      flag: '',
      sum: '1+1',
    });
  });

  it('passes the path parameters and the route key it is given', () => {
    const event = toApiGatewayEvent(request({ url: '/api/v1/domains/dom_1/verify' }), {
      routeKey: 'POST /api/v1/domains/{id}/verify',
      pathParameters: { id: 'dom_1' },
    });
    expect(event.routeKey).toBe('POST /api/v1/domains/{id}/verify');
    expect(event.requestContext.routeKey).toBe('POST /api/v1/domains/{id}/verify');
    expect(event.pathParameters).toStrictEqual({ id: 'dom_1' });
  });

  it('passes text bodies as UTF-8 strings and everything else as base64', () => {
    const bytes = Buffer.from([0, 1, 2, 0xfe, 0xff]);
    const binary = toApiGatewayEvent(
      request({ method: 'POST', headers: [['Content-Type', 'application/octet-stream']], body: bytes }),
      { routeKey: '$default' },
    );
    expect(binary.isBase64Encoded).toBe(true);
    expect(Buffer.from(binary.body ?? '', 'base64')).toStrictEqual(bytes);

    const untyped = toApiGatewayEvent(request({ method: 'POST', headers: [], body: Buffer.from('{}') }), {
      routeKey: '$default',
    });
    expect(untyped).toMatchObject({ body: Buffer.from('{}').toString('base64'), isBase64Encoded: true });

    const json = toApiGatewayEvent(
      request({
        method: 'POST',
        headers: [['Content-Type', 'application/json; charset=utf-8']],
        body: Buffer.from('{"name":"Zoë"}'),
      }),
      { routeKey: '$default' },
    );
    expect(json).toMatchObject({ body: '{"name":"Zoë"}', isBase64Encoded: false });
  });

  it.each([
    ['text/plain', true],
    ['text/html; charset=utf-8', true],
    ['application/json', true],
    ['Application/JSON', true],
    ['application/vnd.api+json', true],
    ['application/xml', true],
    ['application/atom+xml', true],
    ['application/x-www-form-urlencoded', true],
    ['application/javascript', true],
    ['application/octet-stream', false],
    ['multipart/form-data; boundary=x', false],
    ['image/png', false],
    [undefined, false],
  ])('treats %s as text: %s', (contentType, expected) => {
    expect(isTextContentType(contentType)).toBe(expected);
  });

  it('reports the socket address, the Host header and the user agent', () => {
    const ipv6 = toApiGatewayEvent(request({ remoteAddress: '::1' }), { routeKey: '$default' });
    expect(ipv6.requestContext.http.sourceIp).toBe('::1');
    const mapped = toApiGatewayEvent(request({ remoteAddress: '::ffff:10.0.0.7' }), { routeKey: '$default' });
    expect(mapped.requestContext.http.sourceIp).toBe('10.0.0.7');
    expect(mapped.requestContext.domainName).toBe('localhost:3000');
    expect(mapped.requestContext.domainPrefix).toBe('localhost');
    expect(mapped.requestContext.http.userAgent).toBe('');
    const ip = toApiGatewayEvent(request({ headers: [['Host', '127.0.0.1:3000']] }), { routeKey: '$default' });
    expect(ip.requestContext.domainPrefix).toBe('127.0.0.1');
  });

  it('stamps each event with a fresh request id and the current time', () => {
    const before = Date.now();
    const events = Array.from({ length: 50 }, () => toApiGatewayEvent(request(), { routeKey: '$default' }));
    const after = Date.now();
    expect(new Set(events.map((e) => e.requestContext.requestId)).size).toBe(50);
    for (const event of events) {
      expect(event.requestContext.time).toMatch(/^\d{2}\/[A-Z][a-z]{2}\/\d{4}:\d{2}:\d{2}:\d{2} \+0000$/);
      expect(event.requestContext.timeEpoch).toBeGreaterThanOrEqual(before);
      expect(event.requestContext.timeEpoch).toBeLessThanOrEqual(after);
    }
    expect(formatRequestTime(new Date(Date.UTC(2024, 0, 5, 3, 4, 5)))).toBe('05/Jan/2024:03:04:05 +0000');
  });
});

describe('toHttpResponse', () => {
  const header = (response: { headers: [string, string][] }, name: string): string[] =>
    response.headers.filter(([n]) => n.toLowerCase() === name.toLowerCase()).map(([, v]) => v);

  it('uses statusCode, headers and body and turns each cookie into a Set-Cookie header', () => {
    const response = toHttpResponse({
      statusCode: 201,
      headers: { 'Content-Type': 'application/json', 'X-Request-Id': 'req_1' },
      cookies: ['a=1; Path=/; HttpOnly', 'b=2'],
      body: '{"ok":true}',
    });
    expect(response.statusCode).toBe(201);
    expect(header(response, 'content-type')).toStrictEqual(['application/json']);
    expect(header(response, 'x-request-id')).toStrictEqual(['req_1']);
    expect(header(response, 'set-cookie')).toStrictEqual(['a=1; Path=/; HttpOnly', 'b=2']);
    expect(header(response, 'content-length')).toStrictEqual(['11']);
    expect(response.body.toString()).toBe('{"ok":true}');
  });

  it('decodes base64 bodies to bytes', () => {
    const bytes = Buffer.from([0, 0x80, 0xff, 10]);
    const response = toHttpResponse({ statusCode: 200, body: bytes.toString('base64'), isBase64Encoded: true });
    expect(response.body).toStrictEqual(bytes);
    expect(header(response, 'content-length')).toStrictEqual(['4']);
  });

  it('sends an empty body when there is none and replaces a Content-Length set by the handler', () => {
    const response = toHttpResponse({ statusCode: 200, headers: { 'content-length': '99' } });
    expect(response.body.length).toBe(0);
    expect(header(response, 'content-length')).toStrictEqual(['0']);
    expect(header(toHttpResponse({ statusCode: 204 }), 'content-length')).toStrictEqual([]);
  });

  it('treats null fields as absent', () => {
    const response = toHttpResponse({
      statusCode: 200,
      headers: null,
      cookies: null,
      body: null,
      isBase64Encoded: null,
    });
    expect(response.body.length).toBe(0);
    expect(response.headers).toStrictEqual([['Content-Length', '0']]);
  });

  it('infers a 200 JSON response for a result without statusCode', () => {
    const response = toHttpResponse({ message: 'Hello from Lambda!' });
    expect(response.statusCode).toBe(200);
    expect(header(response, 'content-type')).toStrictEqual(['application/json']);
    expect(response.body.toString()).toBe('{"message":"Hello from Lambda!"}');
    expect(toHttpResponse([1, 2]).body.toString()).toBe('[1,2]');
    expect(toHttpResponse(null).body.toString()).toBe('null');
  });

  it('sends a string result as is, as application/json', () => {
    const response = toHttpResponse('Hello from Lambda!');
    expect(response.statusCode).toBe(200);
    expect(header(response, 'content-type')).toStrictEqual(['application/json']);
    expect(response.body.toString()).toBe('Hello from Lambda!');
    expect(header(response, 'content-length')).toStrictEqual(['18']);
  });

  it.each([
    ['undefined', undefined],
    ['a non-numeric statusCode', { statusCode: '200' }],
    ['an out-of-range statusCode', { statusCode: 99 }],
    ['a non-string body', { statusCode: 200, body: { a: 1 } }],
    ['cookies that are not an array', { statusCode: 200, cookies: 'a=1' }],
    ['invalid base64', { statusCode: 200, body: 'not base64!', isBase64Encoded: true }],
    ['a header with a line break', { statusCode: 200, headers: { 'X-Bad': 'a\r\nSet-Cookie: evil=1' } }],
    ['an object header value', { statusCode: 200, headers: { 'X-Bad': { a: 1 } } }],
    ['a bigint', 1n],
  ])('rejects %s', (_, result) => {
    expect(() => toHttpResponse(result)).toThrow(InvalidLambdaResponseError);
  });
});

describe('serializeLambdaResult', () => {
  it('returns the result as API Gateway reads it back from Lambda', () => {
    expect(serializeLambdaResult({ statusCode: 200, headers: { a: undefined, b: '1' }, body: 'x' })).toStrictEqual({
      statusCode: 200,
      headers: { b: '1' },
      body: 'x',
    });
    expect(serializeLambdaResult('text')).toBe('text');
    expect(serializeLambdaResult(null)).toBeNull();
  });

  it('accepts a result of exactly the 6 MB response limit and rejects one byte more', () => {
    expect(LAMBDA_PAYLOAD_LIMIT_BYTES).toBe(6_291_456);
    // A string result serializes with two quotes around it.
    const exact = 'a'.repeat(LAMBDA_PAYLOAD_LIMIT_BYTES - 2);
    expect(serializeLambdaResult(exact)).toBe(exact);
    expect(() => serializeLambdaResult(`${exact}a`)).toThrow(/response payload limit/);
    expect(() => serializeLambdaResult(`${exact}a`)).toThrow(InvalidLambdaResponseError);
  });

  it.each([
    ['undefined', undefined],
    ['a function', () => 1],
    ['a bigint', 1n],
  ])('rejects %s', (_, result) => {
    expect(() => serializeLambdaResult(result)).toThrow(InvalidLambdaResponseError);
  });
});

describe('gatewayErrorResponse', () => {
  it.each([
    [413, 'Request Entity Too Large'],
    [500, 'Internal Server Error'],
  ] as const)('answers %i in API Gateway format', (status, message) => {
    const response = gatewayErrorResponse(status);
    const body = JSON.stringify({ message });
    expect(response.statusCode).toBe(status);
    expect(response.body.toString()).toBe(body);
    expect(response.headers).toStrictEqual([
      ['Content-Type', 'application/json'],
      ['Content-Length', String(Buffer.byteLength(body))],
    ]);
  });
});

describe('createLambdaContext', () => {
  it('counts down to the deadline and refuses the callback-era methods', () => {
    const context = createLambdaContext('postbox-local-default', Date.now() + 30_000);
    expect(context).toMatchObject({
      functionName: 'postbox-local-default',
      functionVersion: '$LATEST',
      memoryLimitInMB: '512',
      callbackWaitsForEmptyEventLoop: true,
      logGroupName: '/aws/lambda/postbox-local-default',
    });
    expect(context.invokedFunctionArn).toMatch(/^arn:aws:lambda:[^:]+:\d{12}:function:postbox-local-default$/);
    expect(context.awsRequestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(context.getRemainingTimeInMillis()).toBeGreaterThan(29_000);
    expect(context.getRemainingTimeInMillis()).toBeLessThanOrEqual(30_000);
    expect(() => context.done()).toThrow(/not supported/);
    expect(() => context.fail('x')).toThrow(/not supported/);
    expect(() => context.succeed('x')).toThrow(/not supported/);
    expect(createLambdaContext('f', Date.now() - 5).getRemainingTimeInMillis()).toBe(0);
  });
});

interface Echo {
  module: string;
  event: APIGatewayProxyEventV2;
  context: { functionName: string; remaining: number; awsRequestId: string };
}

/**
 * Asserts an error API Gateway produced itself: the exact native body, JSON, the
 * apigw-requestid header and none of the headers Postbox's middleware adds. Returns the body.
 */
async function expectGatewayError(response: Response, status: number, message: string): Promise<string> {
  expect(response.status).toBe(status);
  const text = await response.text();
  expect(text).toBe(JSON.stringify({ message }));
  expect(response.headers.get('content-type')).toBe('application/json');
  expect(response.headers.get('apigw-requestid')).toMatch(/^[0-9a-f-]{36}$/);
  expect(response.headers.get('x-request-id')).toBeNull();
  expect([...response.headers.keys()].filter((name) => name.startsWith('x-ratelimit-'))).toStrictEqual([]);
  return text;
}

const echo =
  (module: string): LambdaHttpHandler =>
  async (event: APIGatewayProxyEventV2, context: Context): Promise<APIGatewayProxyStructuredResultV2> => ({
    statusCode: 200,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      module,
      event,
      context: {
        functionName: context.functionName,
        remaining: context.getRemainingTimeInMillis(),
        awsRequestId: context.awsRequestId,
      },
    } satisfies Echo),
  });

describe('startGateway', () => {
  const special = new Map<string, LambdaHttpHandler>();
  const loadHandler = vi.fn(async (module: string) => special.get(module) ?? echo(module));
  const log = vi.fn<(line: string) => void>();
  let gateway: RunningGateway;

  beforeAll(async () => {
    gateway = await startGateway({ port: 0, loadHandler, log });
  });
  afterAll(async () => {
    await gateway.close();
  });
  afterEach(() => {
    special.clear();
    loadHandler.mockClear();
    log.mockClear();
  });

  const call = (path: string, init?: RequestInit) => fetch(`${gateway.url}${path}`, init);

  it('listens on a free port and reports its URL', () => {
    expect(gateway.port).toBeGreaterThan(0);
    expect(gateway.url).toBe(`http://127.0.0.1:${gateway.port}`);
  });

  it('invokes the matching route with its route key and a Lambda context', async () => {
    const response = await call(`${SETTINGS_PATH}?x=1&x=2`, {
      headers: { 'X-Trace': 'abc', Cookie: 'session=s1; theme=dark', 'User-Agent': 'vitest' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('apigw-requestid')).toMatch(/^[0-9a-f-]{36}$/);
    const { module, event, context } = (await response.json()) as Echo;
    expect(module).toBe(GET_MODULE);
    expect(loadHandler).toHaveBeenCalledWith(GET_MODULE);
    expect(event).toMatchObject({
      version: '2.0',
      routeKey: `GET ${SETTINGS_PATH}`,
      rawPath: SETTINGS_PATH,
      rawQueryString: 'x=1&x=2',
      queryStringParameters: { x: '1,2' },
      cookies: ['session=s1', 'theme=dark'],
      isBase64Encoded: false,
      requestContext: {
        routeKey: `GET ${SETTINGS_PATH}`,
        stage: '$default',
        requestId: response.headers.get('apigw-requestid'),
        domainName: `127.0.0.1:${gateway.port}`,
        http: { method: 'GET', path: SETTINGS_PATH, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'vitest' },
      },
    });
    expect(event.headers['x-trace']).toBe('abc');
    expect(event.headers).not.toHaveProperty('cookie');
    expect(event).not.toHaveProperty('pathParameters');
    expect(event).not.toHaveProperty('body');
    expect(context.functionName).toBe(`postbox-local-${routeMatching.routeId(routes[0] as RouteDefinition)}`);
    expect(context.functionName).toBe('postbox-local-GetSettingsAutoValidation');
    // The deployed function timeout, not API Gateway's 30 s integration limit.
    expect(FUNCTION_TIMEOUT_MS).toBe(ROUTE_TIMEOUT_SECONDS * 1000);
    expect(context.remaining).toBeGreaterThan(FUNCTION_TIMEOUT_MS - 5_000);
    expect(context.remaining).toBeLessThanOrEqual(FUNCTION_TIMEOUT_MS);
    expect(log).toHaveBeenCalledWith(
      expect.stringMatching(/^GET \/api\/v1\/settings\/auto-validation → 200 in \d+ ms$/),
    );
  });

  it('routes another method on the same path to its own handler, with the body', async () => {
    const response = await call(SETTINGS_PATH, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: '{"enabled":true}',
    });
    const { module, event, context } = (await response.json()) as Echo;
    expect(module).toBe(PUT_MODULE);
    expect(event.routeKey).toBe(`PUT ${SETTINGS_PATH}`);
    expect(event.body).toBe('{"enabled":true}');
    expect(event.isBase64Encoded).toBe(false);
    expect(context.functionName).toBe('postbox-local-PutSettingsAutoValidation');
  });

  it('serves the /v1 alias with the same handler under the alias route key', async () => {
    const response = await call('/v1/settings/auto-validation');
    const { module, event, context } = (await response.json()) as Echo;
    expect(module).toBe(GET_MODULE);
    expect(event.routeKey).toBe('GET /v1/settings/auto-validation');
    expect(event.rawPath).toBe('/v1/settings/auto-validation');
    expect(context.functionName).toBe('postbox-local-GetSettingsAutoValidation');
  });

  it('passes the path parameters of the match', async () => {
    const response = await call('/api/v1/emails/em%201');
    const { module, event, context } = (await response.json()) as Echo;
    expect(module).toBe('functions/emails/get.ts');
    expect(event.pathParameters).toStrictEqual({ id: 'em 1' });
    expect(event.routeKey).toBe('GET /api/v1/emails/{id}');
    expect(context.functionName).toBe('postbox-local-GetEmailsId');
  });

  it('sends every dashboard path to the dashboard function with the proxy variable, as API Gateway does', async () => {
    const response = await call('/dashboard/emails/em%201');
    const { module, event, context } = (await response.json()) as Echo;
    expect(module).toBe('functions/dashboard/router.ts');
    expect(event.pathParameters).toStrictEqual({ proxy: 'emails/em 1' });
    expect(event.routeKey).toBe('ANY /dashboard/{proxy+}');
    expect(context.functionName).toBe('postbox-local-Dashboard');
  });

  it.each([
    ['DELETE', SETTINGS_PATH],
    ['GET', '/api/v1/nothing-here'],
    ['POST', '/'],
  ])('sends %s %s to the $default route', async (method, path) => {
    special.set(defaultRoute.handler, async (event) => ({
      statusCode: 404,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ routeKey: event.routeKey, pathParameters: event.pathParameters ?? null }),
    }));
    const response = await call(path, { method });
    expect(loadHandler).toHaveBeenCalledExactlyOnceWith(defaultRoute.handler);
    expect(response.status).toBe(404);
    expect(await response.json()).toStrictEqual({ routeKey: '$default', pathParameters: null });
  });

  it('gives HEAD no special treatment', async () => {
    const response = await call(SETTINGS_PATH, { method: 'HEAD' });
    expect(loadHandler).toHaveBeenCalledExactlyOnceWith(defaultRoute.handler);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
  });

  it('answers 500 in API Gateway format when the $default handler fails, as AWS would', async () => {
    special.set(defaultRoute.handler, async () => {
      throw new Error('no table');
    });
    for (const [path, method] of [
      [SETTINGS_PATH, 'DELETE'],
      ['/nope', 'GET'],
    ] as const) {
      const response = await call(path, { method });
      await expectGatewayError(response, 500, 'Internal Server Error');
      expect(response.headers.get('allow')).toBeNull();
    }
    expect(log).toHaveBeenCalledWith(expect.stringContaining('no table'));
    expect(log).toHaveBeenCalledWith(expect.stringMatching(/^GET \/nope → 500 in \d+ ms$/));
  });

  it('sends one Set-Cookie header per cookie', async () => {
    special.set(GET_MODULE, async () => ({ statusCode: 204, cookies: ['a=1; Path=/', 'b=2; HttpOnly'] }));
    const response = await call(SETTINGS_PATH);
    expect(response.status).toBe(204);
    expect(response.headers.getSetCookie()).toStrictEqual(['a=1; Path=/', 'b=2; HttpOnly']);
  });

  it('infers a JSON response when the handler returns no statusCode', async () => {
    special.set(GET_MODULE, (async () => ({ hello: 'world' })) as unknown as LambdaHttpHandler);
    const response = await call(SETTINGS_PATH);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('content-length')).toBe('17');
    expect(await response.json()).toStrictEqual({ hello: 'world' });
  });

  it('round-trips a binary body', async () => {
    special.set(PUT_MODULE, async (event) => ({
      statusCode: 200,
      headers: { 'Content-Type': 'application/octet-stream' },
      body: event.body,
      isBase64Encoded: event.isBase64Encoded,
    }));
    const bytes = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
    const response = await call(SETTINGS_PATH, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/octet-stream' },
      body: bytes,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe('256');
    expect(Buffer.from(await response.arrayBuffer())).toStrictEqual(bytes);
  });

  it('accepts a body of exactly the payload limit and answers 413 to one byte more', async () => {
    const small = await startGateway({ port: 0, loadHandler, log, maxPayloadBytes: 1024 });
    try {
      special.set(PUT_MODULE, async (event) => ({
        statusCode: 200,
        body: String(Buffer.from(event.body ?? '', event.isBase64Encoded ? 'base64' : 'utf8').length),
      }));
      const exact = await fetch(`${small.url}${SETTINGS_PATH}`, { method: 'PUT', body: Buffer.alloc(1024) });
      expect(exact.status).toBe(200);
      expect(await exact.text()).toBe('1024');
      loadHandler.mockClear();
      const over = await fetch(`${small.url}${SETTINGS_PATH}`, { method: 'PUT', body: Buffer.alloc(1025) });
      await expectGatewayError(over, 413, 'Request Entity Too Large');
      expect(loadHandler).not.toHaveBeenCalled();
    } finally {
      await small.close();
    }
  });

  it('answers 413 in API Gateway format to a body over 10 MB, without invoking a handler', async () => {
    const response = await call(SETTINGS_PATH, { method: 'PUT', body: Buffer.alloc(MAX_PAYLOAD_BYTES + 1) });
    await expectGatewayError(response, 413, 'Request Entity Too Large');
    expect(loadHandler).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalledWith(expect.stringContaining(`${MAX_PAYLOAD_BYTES}-byte payload limit`));
    // The gateway keeps serving.
    expect((await call(SETTINGS_PATH)).status).toBe(200);
  });

  it('answers 413 to a chunked body that grows over 10 MB', async () => {
    const { status, headers, body } = await new Promise<{
      status: number;
      headers: Record<string, unknown>;
      body: string;
    }>((resolve, reject) => {
      const req = httpRequest(`${gateway.url}${SETTINGS_PATH}`, { method: 'PUT' }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }),
        );
      });
      req.on('error', reject);
      const chunk = Buffer.alloc(1024 * 1024);
      for (let i = 0; i < 11; i++) req.write(chunk);
      req.end();
    });
    expect(status).toBe(413);
    expect(body).toBe('{"message":"Request Entity Too Large"}');
    expect(headers['content-type']).toBe('application/json');
    expect(Object.keys(headers).filter((name) => /^x-(request-id|ratelimit-)/.test(name))).toStrictEqual([]);
    expect(loadHandler).not.toHaveBeenCalled();
  });

  it("answers 413 without invoking the function when the event exceeds Lambda's 6 MB payload limit", async () => {
    // A JSON body travels as text: the event is the body plus about a kilobyte of metadata.
    const under = await call(SETTINGS_PATH, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: `"${'a'.repeat(LAMBDA_PAYLOAD_LIMIT_BYTES - 10_000)}"`,
    });
    expect(under.status).toBe(200);
    expect(loadHandler).toHaveBeenCalledExactlyOnceWith(PUT_MODULE);
    loadHandler.mockClear();

    const over = await call(SETTINGS_PATH, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: `"${'a'.repeat(LAMBDA_PAYLOAD_LIMIT_BYTES)}"`,
    });
    await expectGatewayError(over, 413, 'Request Entity Too Large');
    expect(loadHandler).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalledWith(expect.stringContaining(`${LAMBDA_PAYLOAD_LIMIT_BYTES}-byte invocation payload`));

    // Binary bodies are base64-encoded in the event: 5 MB of bytes is already too much.
    const binary = await call(SETTINGS_PATH, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/octet-stream' },
      body: Buffer.alloc(5 * 1024 * 1024),
    });
    await expectGatewayError(binary, 413, 'Request Entity Too Large');
    expect(loadHandler).not.toHaveBeenCalled();
  });

  it('answers 500 in API Gateway format without details when the handler throws', async () => {
    special.set(GET_MODULE, async () => {
      throw new Error('secret database password in message');
    });
    const response = await call(SETTINGS_PATH);
    const text = await expectGatewayError(response, 500, 'Internal Server Error');
    expect(text).not.toContain('secret');
    expect(log).toHaveBeenCalledWith(expect.stringContaining('secret database password in message'));
    // The stack reaches the log.
    expect(log).toHaveBeenCalledWith(expect.stringMatching(/secret database password in message\n\s+at /));
    expect(log).toHaveBeenCalledWith(
      expect.stringMatching(/^GET \/api\/v1\/settings\/auto-validation → 500 in \d+ ms$/),
    );
  });

  it('answers 500 when the handler throws synchronously or rejects with a non-error', async () => {
    special.set(GET_MODULE, (() => {
      throw new TypeError('sync');
    }) as unknown as LambdaHttpHandler);
    await expectGatewayError(await call(SETTINGS_PATH), 500, 'Internal Server Error');
    special.set(GET_MODULE, () => Promise.reject('plain string'));
    await expectGatewayError(await call(SETTINGS_PATH), 500, 'Internal Server Error');
    expect(log).toHaveBeenCalledWith(expect.stringContaining('plain string'));
  });

  it('answers 500 when the handler module cannot be loaded or returns nothing usable', async () => {
    loadHandler.mockRejectedValueOnce(new Error('Cannot find module'));
    await expectGatewayError(await call(SETTINGS_PATH), 500, 'Internal Server Error');
    expect(log).toHaveBeenCalledWith(expect.stringContaining('Cannot find module'));

    special.set(GET_MODULE, (async () => ({
      statusCode: 200,
      body: { not: 'a string' },
    })) as unknown as LambdaHttpHandler);
    await expectGatewayError(await call(SETTINGS_PATH), 500, 'Internal Server Error');

    special.set(GET_MODULE, (async () => undefined) as unknown as LambdaHttpHandler);
    await expectGatewayError(await call(SETTINGS_PATH), 500, 'Internal Server Error');
    expect(log).toHaveBeenCalledWith(expect.stringContaining('InvalidLambdaResponseError'));
  });

  it("answers 500 when the handler's response exceeds Lambda's 6 MB response limit", async () => {
    special.set(GET_MODULE, async () => ({
      statusCode: 200,
      headers: { 'Content-Type': 'text/plain' },
      body: 'a'.repeat(LAMBDA_PAYLOAD_LIMIT_BYTES + 1),
    }));
    await expectGatewayError(await call(SETTINGS_PATH), 500, 'Internal Server Error');
    expect(log).toHaveBeenCalledWith(expect.stringContaining('response payload limit'));

    // Just under the limit goes through.
    special.set(GET_MODULE, async () => ({ statusCode: 200, body: 'a'.repeat(LAMBDA_PAYLOAD_LIMIT_BYTES - 1_000) }));
    const fits = await call(SETTINGS_PATH);
    expect(fits.status).toBe(200);
    expect((await fits.text()).length).toBe(LAMBDA_PAYLOAD_LIMIT_BYTES - 1_000);
  });

  it('answers 500 in API Gateway format when the handler outlives its timeout', async () => {
    const quickLog = vi.fn<(line: string) => void>();
    const quick = await startGateway({
      port: 0,
      loadHandler: async () => () => new Promise(() => {}),
      timeoutMs: 200,
      log: quickLog,
    });
    try {
      const started = Date.now();
      const response = await fetch(`${quick.url}${SETTINGS_PATH}`);
      await expectGatewayError(response, 500, 'Internal Server Error');
      expect(Date.now() - started).toBeGreaterThanOrEqual(190);
      expect(quickLog).toHaveBeenCalledWith(expect.stringContaining('timed out after 200 ms'));
    } finally {
      await quick.close();
    }
  });

  it('answers Postbox-Simulate: gateway_timeout with API Gateway’s 503 after its timeout, never invoking the route', async () => {
    const invoked = vi.fn<HandlerLoader>(async () => async () => ({ statusCode: 200 }));
    const quick = await startGateway({ port: 0, loadHandler: invoked, gatewayTimeoutMs: 300 });
    try {
      const started = Date.now();
      const response = await fetch(`${quick.url}${SETTINGS_PATH}`, {
        headers: { 'Postbox-Simulate': 'gateway_timeout' },
      });
      await expectGatewayError(response, 503, 'Service Unavailable');
      expect(Date.now() - started).toBeGreaterThanOrEqual(290);
      expect(invoked).not.toHaveBeenCalled();
    } finally {
      await quick.close();
    }
  });

  it('answers 500 when the $default handler times out too', async () => {
    const quick = await startGateway({
      port: 0,
      loadHandler: async () => () => new Promise(() => {}),
      timeoutMs: 100,
    });
    try {
      await expectGatewayError(await fetch(`${quick.url}/nope`), 500, 'Internal Server Error');
    } finally {
      await quick.close();
    }
  });

  it('closes with keep-alive connections open', async () => {
    const other = await startGateway({ port: 0, loadHandler });
    const agentResponse = await fetch(`${other.url}${SETTINGS_PATH}`, { headers: { Connection: 'keep-alive' } });
    await agentResponse.text();
    await expect(other.close()).resolves.toBeUndefined();
  });
});
