/**
 * The client's HTTP behaviour with an injected fetch: error mapping, retries and their delays,
 * idempotency keys, timeouts, cancellation, URLs and pagination. (sdk/test/*.test.ts run it against
 * the local stack.)
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  type components,
  type Email,
  type EmailListItem,
  Postbox,
  type PostboxError,
  type PostboxOptions,
  type ResponseBody,
} from '../../src/index.ts';

interface Attempt {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
  at: number;
}

type Answer = Response | Error | ((attempt: Attempt, signal: AbortSignal) => Promise<Response>);

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'x-request-id': `req-${status}`, ...headers },
  });
const ok = (data: unknown, status = 200) => json(status, { data });
const apiError = (status: number, code: string, headers: Record<string, string> = {}, details?: unknown) =>
  json(status, { error: { code, message: `${code} happened`, ...(details ? { details } : {}) } }, headers);

/** A client whose fetch answers `answers` in turn (the last one repeats), recording every attempt. */
function clientWith(answers: Answer[], options: Partial<PostboxOptions> = {}) {
  const attempts: Attempt[] = [];
  const fetch = async (url: string, init: RequestInit) => {
    const attempt: Attempt = {
      url,
      method: init.method ?? 'GET',
      headers: init.headers as Record<string, string>,
      body: init.body as string | undefined,
      at: performance.now(),
    };
    attempts.push(attempt);
    const answer = answers[Math.min(attempts.length - 1, answers.length - 1)];
    if (answer instanceof Error) throw answer;
    if (typeof answer === 'function') return answer(attempt, init.signal as AbortSignal);
    return (answer as Response).clone();
  };
  const postbox = new Postbox({
    apiKey: 'pb_test_key',
    baseUrl: 'https://postbox.example',
    fetch,
    retryBaseDelayMs: 5,
    ...options,
  });
  return { postbox, attempts };
}

async function failure(promise: Promise<unknown>): Promise<PostboxError> {
  try {
    await promise;
  } catch (error) {
    return error as PostboxError;
  }
  throw new Error('expected the call to fail');
}

const TEMPLATE = { name: 'n', subject: 's', text: 't' };
const SEND = { from: { email: 'a@x.test' }, to: [{ email: 'b@y.test' }], subject: 's', text: 't' };

describe('requests', () => {
  it('calls /api/v1 with the key, JSON and the query', async () => {
    const { postbox, attempts } = clientWith([json(200, { data: [], pagination: {} })]);
    await postbox.emails.list({
      status: 'delivered',
      from_date: new Date('2026-11-22T10:00:00Z'),
      to: undefined,
      limit: 5,
    });
    expect(attempts[0]?.url).toBe(
      'https://postbox.example/api/v1/emails?status=delivered&from_date=2026-11-22T10%3A00%3A00.000Z&limit=5',
    );
    expect(attempts[0]?.headers).toMatchObject({
      authorization: 'Bearer pb_test_key',
      accept: 'application/json',
      'user-agent': expect.stringMatching(/^postbox-sdk-js\//),
    });
    expect(attempts[0]?.headers['content-type']).toBeUndefined();
    expect(attempts[0]?.body).toBeUndefined();

    const put = clientWith([ok({ auto_validation_threshold: 'high' })]);
    await put.postbox.settings.setAutoValidation('high');
    expect(put.attempts[0]).toMatchObject({
      method: 'PUT',
      url: 'https://postbox.example/api/v1/settings/auto-validation',
      body: '{"threshold":"high"}',
      headers: { 'content-type': 'application/json' },
    });
  });

  it('accepts a base URL with a trailing slash or already ending in /api/v1 or /v1, and escapes ids', async () => {
    for (const baseUrl of ['https://p.example/', 'https://p.example/api/v1', 'https://p.example/api/v1/']) {
      const { postbox, attempts } = clientWith([ok({})], { baseUrl });
      await postbox.templates.get('tmpl_1/../x');
      expect(attempts[0]?.url).toBe('https://p.example/api/v1/templates/tmpl_1%2F..%2Fx');
    }
    const alias = clientWith([ok([])], { baseUrl: 'https://p.example/v1' });
    await alias.postbox.domains.list();
    expect(alias.attempts[0]?.url).toBe('https://p.example/v1/domains');
    expect(() => new Postbox({ apiKey: '', baseUrl: 'https://p.example' })).toThrow(/apiKey/);
  });

  it('answers the data of the envelope, and the whole page for lists', async () => {
    const { postbox } = clientWith([ok({ message_id: 'm', status: 'queued', queued_at: 't' }, 201)]);
    expect(await postbox.emails.send(SEND)).toEqual({ message_id: 'm', status: 'queued', queued_at: 't' });
    const page = { data: [{ id: 'sup_1' }], pagination: { page: 1, limit: 20, total_count: 1, total_pages: 1 } };
    expect(await clientWith([json(200, page)]).postbox.suppressions.list()).toEqual(page);
  });

  it('calls the global fetch as a plain function when none is injected', async () => {
    const original = globalThis.fetch;
    let receiver: unknown = 'not called';
    globalThis.fetch = async function (this: unknown) {
      receiver = this;
      return ok({ auto_validation_threshold: 'off' });
    } as typeof fetch;
    try {
      await new Postbox({ apiKey: 'k', baseUrl: 'https://p.example' }).settings.getAutoValidation();
    } finally {
      globalThis.fetch = original;
    }
    expect(receiver).toBeUndefined();
  });
});

describe('errors', () => {
  it('throws the envelope as a PostboxError with status, code, message, details and request id', async () => {
    const details = [{ field: 'to[0].email', message: 'Invalid email address' }];
    const { postbox, attempts } = clientWith([apiError(400, 'VALIDATION_ERROR', {}, details)]);
    const error = await failure(postbox.emails.send(SEND, { idempotencyKey: 'key-1' }));
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      name: 'PostboxError',
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'VALIDATION_ERROR happened',
      details,
      requestId: 'req-400',
      idempotencyKey: 'key-1',
    });
    expect(attempts).toHaveLength(1);
    const notFound = await failure(clientWith([apiError(404, 'NOT_FOUND')]).postbox.emails.get('x'));
    expect(notFound).toMatchObject({ status: 404, code: 'NOT_FOUND', details: [], idempotencyKey: undefined });
  });

  it("maps API Gateway's own answers (no envelope) to codes by status", async () => {
    const gateway = (status: number, message: string) =>
      new Response(JSON.stringify({ message }), {
        status,
        headers: { 'content-type': 'application/json', 'apigw-requestid': 'gw-1' },
      });
    const tooLarge = await failure(
      clientWith([gateway(413, 'Request Entity Too Large')]).postbox.templates.create(TEMPLATE),
    );
    expect(tooLarge).toMatchObject({
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
      message: 'Request Entity Too Large',
      requestId: 'gw-1',
    });
    const crashed = await failure(
      clientWith([gateway(500, 'Internal Server Error')], { maxRetries: 0 }).postbox.emails.get('x'),
    );
    expect(crashed).toMatchObject({ status: 500, code: 'INTERNAL_ERROR', message: 'Internal Server Error' });
    const proxy = await failure(
      clientWith([new Response('<html>Bad gateway</html>', { status: 502 })], { maxRetries: 0 }).postbox.domains.list(),
    );
    expect(proxy).toMatchObject({ status: 502, code: 'INTERNAL_ERROR', message: 'HTTP 502', requestId: undefined });
    const teapot = await failure(clientWith([new Response('', { status: 418 })]).postbox.domains.list());
    expect(teapot).toMatchObject({ status: 418, code: 'HTTP_ERROR' });
  });

  it('refuses a success whose body is not JSON', async () => {
    const error = await failure(clientWith([new Response('oops', { status: 200 })]).postbox.domains.list());
    expect(error).toMatchObject({ status: 200, code: 'INVALID_RESPONSE' });
  });
});

describe('retries', () => {
  it('retries a 429 after Retry-After, even a POST without an Idempotency-Key', async () => {
    const { postbox, attempts } = clientWith([
      apiError(429, 'RATE_LIMITED', { 'retry-after': '0.2' }),
      ok({ id: 'tmpl_1' }, 201),
    ]);
    expect(await postbox.templates.create(TEMPLATE)).toEqual({ id: 'tmpl_1' });
    expect(attempts).toHaveLength(2);
    const waited = (attempts[1]?.at ?? 0) - (attempts[0]?.at ?? 0);
    expect(waited).toBeGreaterThanOrEqual(195);
    // Up to 20% jitter (and a loaded machine's timer delays).
    expect(waited).toBeLessThan(1000);
  });

  it('caps the wait at maxRetryDelayMs and gives up after maxRetries with the last error', async () => {
    const { postbox, attempts } = clientWith([apiError(429, 'RATE_LIMITED', { 'retry-after': '3600' })], {
      maxRetryDelayMs: 20,
      maxRetries: 3,
    });
    const started = performance.now();
    const error = await failure(postbox.settings.getAutoValidation());
    expect(performance.now() - started).toBeLessThan(2000);
    expect(attempts).toHaveLength(4);
    expect(error).toMatchObject({ status: 429, code: 'RATE_LIMITED', retryAfter: 3600 });
  });

  it('reads Retry-After as an HTTP date too', async () => {
    const at = new Date(Date.now() + 1500).toUTCString();
    const { postbox, attempts } = clientWith([apiError(429, 'RATE_LIMITED', { 'retry-after': at }), ok({})]);
    await postbox.domains.list();
    expect((attempts[1]?.at ?? 0) - (attempts[0]?.at ?? 0)).toBeGreaterThan(300);
  });

  it('never retries the sending limit (429 LIMIT_EXCEEDED) or a 4xx', async () => {
    const limit = clientWith([apiError(429, 'LIMIT_EXCEEDED'), ok({})]);
    expect(await failure(limit.postbox.emails.send(SEND))).toMatchObject({ code: 'LIMIT_EXCEEDED' });
    expect(limit.attempts).toHaveLength(1);
    const conflict = clientWith([apiError(409, 'CONFLICT'), ok({})]);
    expect(await failure(conflict.postbox.emails.cancel('x'))).toMatchObject({ code: 'CONFLICT' });
    expect(conflict.attempts).toHaveLength(1);
  });

  it('retries 5xx and network errors for GET, PUT and DELETE, with a growing backoff', async () => {
    const { postbox, attempts } = clientWith(
      [apiError(500, 'INTERNAL_ERROR'), new TypeError('fetch failed'), apiError(503, 'INTERNAL_ERROR'), ok({})],
      { maxRetries: 3, retryBaseDelayMs: 40 },
    );
    await postbox.templates.delete('tmpl_1');
    expect(attempts.map((attempt) => attempt.method)).toEqual(['DELETE', 'DELETE', 'DELETE', 'DELETE']);
    const gaps = attempts.slice(1).map((attempt, index) => attempt.at - (attempts[index]?.at ?? 0));
    // Between half and all of 40 ms × 2^n.
    expect(gaps[0]).toBeGreaterThanOrEqual(19);
    expect(gaps[1]).toBeGreaterThanOrEqual(39);
    expect(gaps[2]).toBeGreaterThanOrEqual(79);

    const put = clientWith([new TypeError('fetch failed'), ok({ auto_validation_threshold: 'off' })]);
    await put.postbox.settings.setAutoValidation('off');
    expect(put.attempts).toHaveLength(2);
  });

  it('never retries a POST without an Idempotency-Key after a 5xx or a network error', async () => {
    const crashed = clientWith([apiError(500, 'INTERNAL_ERROR'), ok({})]);
    expect(await failure(crashed.postbox.templates.create(TEMPLATE))).toMatchObject({ code: 'INTERNAL_ERROR' });
    expect(crashed.attempts).toHaveLength(1);
    const lost = clientWith([new TypeError('socket hang up'), ok({})]);
    const error = await failure(lost.postbox.suppressions.add({ email: 'a@b.test', reason: 'manual' }));
    expect(error).toMatchObject({
      status: 0,
      code: 'NETWORK_ERROR',
      message: expect.stringContaining('socket hang up'),
    });
    expect((error as Error).cause).toBeInstanceOf(TypeError);
    expect(lost.attempts).toHaveLength(1);
  });

  it('retries a send with the same Idempotency-Key, a new one per call', async () => {
    const { postbox, attempts } = clientWith([
      new TypeError('socket hang up'),
      apiError(409, 'IDEMPOTENCY_IN_PROGRESS'),
      apiError(502, 'INTERNAL_ERROR'),
      ok({ message_id: 'm' }, 201),
    ]);
    await postbox.emails.send(SEND, { maxRetries: 3 });
    expect(attempts).toHaveLength(4);
    const keys = new Set(attempts.map((attempt) => attempt.headers['idempotency-key']));
    expect(keys.size).toBe(1);
    const [key] = keys;
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

    await postbox.emails.send(SEND);
    await postbox.emails.batch({ template_id: 't', from: { email: 'a@x.test' }, recipients: [] });
    await postbox.emails.send(SEND, { idempotencyKey: 'order-1042' });
    const later = attempts.slice(4).map((attempt) => attempt.headers['idempotency-key']);
    expect(new Set([key, ...later]).size).toBe(4);
    expect(later[2]).toBe('order-1042');
    // Calls other than sends carry no key.
    await postbox.templates.create(TEMPLATE);
    expect(attempts.at(-1)?.headers['idempotency-key']).toBeUndefined();
  });

  it('gives up with the last error and the key, so the caller can retry it later', async () => {
    const { postbox, attempts } = clientWith([new TypeError('fetch failed')], { maxRetries: 2 });
    const error = await failure(postbox.emails.send(SEND, { idempotencyKey: 'k-7' }));
    expect(attempts).toHaveLength(3);
    expect(error).toMatchObject({ code: 'NETWORK_ERROR', status: 0, idempotencyKey: 'k-7' });
  });

  it('turns retries off with maxRetries 0, per client or per call', async () => {
    const client = clientWith([apiError(503, 'INTERNAL_ERROR'), ok({})], { maxRetries: 0 });
    await failure(client.postbox.domains.list());
    expect(client.attempts).toHaveLength(1);
    const call = clientWith([apiError(503, 'INTERNAL_ERROR'), ok({})]);
    await failure(call.postbox.domains.list({ maxRetries: 0 }));
    expect(call.attempts).toHaveLength(1);
  });
});

describe('time limits and cancellation', () => {
  const hang = (_attempt: Attempt, signal: AbortSignal) =>
    new Promise<Response>((_resolve, reject) => {
      signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    });

  it('ends an attempt after timeoutMs with TIMEOUT, and retries it when repeatable', async () => {
    const { postbox, attempts } = clientWith([hang, ok([])], { timeoutMs: 50 });
    expect(await postbox.domains.list()).toEqual([]);
    expect(attempts).toHaveLength(2);
    const once = clientWith([hang], { timeoutMs: 30 });
    const error = await failure(once.postbox.templates.create(TEMPLATE));
    expect(error).toMatchObject({ status: 0, code: 'TIMEOUT' });
    expect(once.attempts).toHaveLength(1);
  });

  it("stops at the caller's signal, without retrying, during an attempt or a wait", async () => {
    const controller = new AbortController();
    const { postbox, attempts } = clientWith([hang]);
    setTimeout(() => controller.abort(new Error('no longer needed')), 20);
    await expect(postbox.domains.list({ signal: controller.signal })).rejects.toThrow('no longer needed');
    expect(attempts).toHaveLength(1);

    const waiting = new AbortController();
    const limited = clientWith([apiError(429, 'RATE_LIMITED', { 'retry-after': '30' })]);
    setTimeout(() => waiting.abort(new Error('stop waiting')), 50);
    const started = performance.now();
    await expect(limited.postbox.domains.list({ signal: waiting.signal })).rejects.toThrow('stop waiting');
    expect(performance.now() - started).toBeLessThan(1000);
    expect(limited.attempts).toHaveLength(1);
  });
});

describe('pagination', () => {
  const item = (id: string) => ({ id });
  const page = (ids: string[], number: number, totalPages: number) =>
    json(200, {
      data: ids.map(item),
      pagination: { page: number, limit: 2, total_count: totalPages * 2, total_pages: totalPages },
    });

  it('iterates every page once, skipping items an insertion pushed onto the next page', async () => {
    // An email arrives between pages 1 and 2: b moves from page 1 to page 2.
    const { postbox, attempts } = clientWith([page(['a', 'b'], 1, 3), page(['b', 'c'], 2, 3), page(['d'], 3, 3)]);
    const ids: string[] = [];
    for await (const email of postbox.emails.listAll({ limit: 2, status: 'delivered' })) ids.push(email.id);
    expect(ids).toEqual(['a', 'b', 'c', 'd']);
    expect(attempts.map((attempt) => new URL(attempt.url).search)).toEqual([
      '?limit=2&status=delivered&page=1',
      '?limit=2&status=delivered&page=2',
      '?limit=2&status=delivered&page=3',
    ]);
  });

  it('asks for 100 per page unless told, starts at the page given, and stops at an empty page', async () => {
    const { postbox, attempts } = clientWith([page(['x'], 4, 9), page([], 5, 9)]);
    const seen = [];
    for await (const template of postbox.templates.listAll({ page: 4, is_active: false })) seen.push(template.id);
    expect(seen).toEqual(['x']);
    expect(attempts.map((attempt) => new URL(attempt.url).search)).toEqual([
      '?limit=100&page=4&is_active=false',
      '?limit=100&page=5&is_active=false',
    ]);
  });
});

describe('types', () => {
  it('come from the OpenAPI document', () => {
    const postbox = new Postbox({ apiKey: 'k', baseUrl: 'https://p.example', fetch: async () => ok({}) });
    expectTypeOf(postbox.emails.get).returns.resolves.toEqualTypeOf<Email>();
    expectTypeOf<Email>().toEqualTypeOf<components['schemas']['Email']>();
    expectTypeOf(postbox.emails.list).returns.resolves.toEqualTypeOf<ResponseBody<'listEmails'>>();
    expectTypeOf<ResponseBody<'listEmails'>['data']>().toEqualTypeOf<EmailListItem[]>();
    expectTypeOf(postbox.emails.send).parameter(0).toEqualTypeOf<components['schemas']['SendEmailRequest']>();
    expectTypeOf(postbox.settings.setAutoValidation)
      .parameter(0)
      .toEqualTypeOf<'off' | 'managed' | 'medium' | 'high'>();
    expectTypeOf<PostboxError['code']>().toMatchTypeOf<string>();
    // @ts-expect-error: `sent` is not a status of the document.
    void (() => postbox.emails.list({ status: 'sent' }));
  });
});

describe('verifyWebhook', () => {
  // The standardwebhooks package signs (what Postbox signs with); the SDK verifies with Web Crypto alone.
  it('verifies what the Standard Webhooks reference signs, and refuses a changed body, another secret or an old timestamp', async () => {
    const { Webhook } = await import('standardwebhooks');
    const { verifyWebhook, WebhookVerificationError } = await import('../../src/index.ts');
    const secret = `whsec_${Buffer.from('0123456789abcdef0123456789abcdef').toString('base64')}`;
    const other = `whsec_${Buffer.from('fedcba9876543210fedcba9876543210').toString('base64')}`;
    const body = JSON.stringify({
      type: 'email.delivered',
      timestamp: '2026-11-25T10:00:00.000Z',
      data: { email_id: 'e' },
    });
    const now = new Date('2026-11-25T10:00:05.000Z');
    const headers = {
      'webhook-id': 'msg_1',
      'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
      // A rotation's two signatures: the one of the other secret first.
      'webhook-signature': `${new Webhook(other).sign('msg_1', now, body)} ${new Webhook(secret).sign('msg_1', now, body)}`,
    };
    expect(await verifyWebhook(body, headers, secret, { now })).toMatchObject({ type: 'email.delivered' });
    expect(await verifyWebhook(body, new Headers(headers), other, { now })).toMatchObject({ data: { email_id: 'e' } });
    await expect(verifyWebhook(`${body} `, headers, secret, { now })).rejects.toBeInstanceOf(WebhookVerificationError);
    const third = `whsec_${Buffer.from('x'.repeat(32)).toString('base64')}`;
    await expect(verifyWebhook(body, headers, third, { now })).rejects.toBeInstanceOf(WebhookVerificationError);
    const later = new Date(now.getTime() + 301_000);
    await expect(verifyWebhook(body, headers, secret, { now: later })).rejects.toThrow(/timestamp/);
    await expect(verifyWebhook(body, { 'webhook-id': 'msg_1' }, secret, { now })).rejects.toThrow(/Missing/);
  });
});
