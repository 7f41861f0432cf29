/**
 * `postbox.inbound` with an injected fetch: request paths and query strings, the answers, errors,
 * retries, `listAll`'s paging, and the typed `email.received` webhook event.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  type components,
  type Deleted,
  type EmailReceivedData,
  type InboundListItem,
  type InboundMessage,
  Postbox,
  PostboxError,
  type ResponseBody,
  verifyWebhook,
  type WebhookEvent,
  type WebhookEventOf,
  type WebhookEventType,
  type webhooks,
} from '../../src/index.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'x-request-id': `req-${status}` },
  });
const apiError = (status: number, code: string, details?: unknown) =>
  json(status, { error: { code, message: `${code} happened`, ...(details ? { details } : {}) } });

/** A client whose fetch answers `answers` in turn (the last one repeats), recording each request. */
function clientWith(answers: Array<Response | Error>) {
  const requests: Array<{ method: string; url: string; body: unknown }> = [];
  const postbox = new Postbox({
    apiKey: 'pb_test_key',
    baseUrl: 'https://postbox.example',
    retryBaseDelayMs: 1,
    fetch: async (url, init) => {
      requests.push({ method: init.method ?? 'GET', url, body: init.body });
      const answer = answers[Math.min(requests.length - 1, answers.length - 1)];
      if (answer instanceof Error) throw answer;
      return (answer as Response).clone();
    },
  });
  return { postbox, requests, search: () => requests.map((request) => new URL(request.url).search) };
}

const address = (email: string) => ({ email, name: null });
const VERDICTS = { spam: 'pass', virus: 'pass', spf: 'gray', dkim: 'gray', dmarc: 'gray' } as const;
const ATTACHMENT = {
  id: 'att_1',
  filename: 'invoice.pdf',
  content_type: 'application/pdf',
  size: 3,
  content_id: null,
  disposition: 'attachment',
  sha256: 'abc',
} as const;
const listItem = (id: string): InboundListItem => ({
  id,
  received_at: '2026-11-24T10:15:30.123Z',
  from: address('jane@example.org'),
  to: [address('support@acme.test')],
  cc: [],
  reply_to: [],
  subject: 'Re: your order',
  recipients: ['support@acme.test'],
  internet_message_id: '<m1@example.org>',
  in_reply_to_email_id: null,
  verdicts: VERDICTS,
  size: 1024,
  parse_error: null,
  attachments: [ATTACHMENT],
});
const MESSAGE: InboundMessage = {
  ...listItem('inb_1'),
  text: 'Thanks!',
  html: null,
  truncated: false,
  headers: [{ name: 'Subject', value: 'Re: your order' }],
  in_reply_to: null,
  references: [],
  attachments: [
    { ...ATTACHMENT, download_url: 'https://s3.example/att_1?X-Amz-Signature=s', expires_at: '2026-11-24T11:15:30Z' },
  ],
  raw_url: 'https://s3.example/raw?X-Amz-Signature=s',
  raw_expires_at: '2026-11-24T11:15:30Z',
};
const page = (ids: string[], number: number, totalPages: number) =>
  json(200, {
    data: ids.map(listItem),
    pagination: { page: number, limit: 2, total_count: totalPages * 2, total_pages: totalPages },
  });

describe('postbox.inbound requests', () => {
  it('lists with the query given (dates also as Date objects) and answers the page', async () => {
    const { postbox, requests } = clientWith([page(['inb_1'], 1, 1)]);
    const answer = await postbox.inbound.list({
      to: 'support@acme.test',
      from: 'jane@example.org',
      from_date: new Date('2026-11-22T10:00:00Z'),
      to_date: '2026-11-23',
      limit: 5,
      page: 2,
    });
    expect(requests[0]).toMatchObject({ method: 'GET', body: undefined });
    expect(requests[0]?.url).toBe(
      'https://postbox.example/api/v1/inbound?to=support%40acme.test&from=jane%40example.org' +
        '&from_date=2026-11-22T10%3A00%3A00.000Z&to_date=2026-11-23&limit=5&page=2',
    );
    expect(answer.data.map((message) => message.id)).toEqual(['inb_1']);
    expect(answer.pagination).toEqual({ page: 1, limit: 2, total_count: 2, total_pages: 1 });

    const bare = clientWith([page([], 1, 0)]);
    await bare.postbox.inbound.list();
    expect(bare.requests[0]?.url).toBe('https://postbox.example/api/v1/inbound');
  });

  it('gets one message (id escaped) and answers its data with the download URLs', async () => {
    const { postbox, requests } = clientWith([json(200, { data: MESSAGE })]);
    const message = await postbox.inbound.get('inb_1/../x');
    expect(requests[0]).toMatchObject({ method: 'GET', url: 'https://postbox.example/api/v1/inbound/inb_1%2F..%2Fx' });
    expect(message).toEqual(MESSAGE);
    expect(message.attachments[0]?.download_url).toMatch(/^https:\/\/s3\.example\//);
  });

  it('deletes one message and answers {id, deleted: true}', async () => {
    const { postbox, requests } = clientWith([json(200, { data: { id: 'inb_1', deleted: true } })]);
    expect(await postbox.inbound.delete('inb_1')).toEqual({ id: 'inb_1', deleted: true });
    expect(requests).toEqual([
      { method: 'DELETE', url: 'https://postbox.example/api/v1/inbound/inb_1', body: undefined },
    ]);
  });
});

describe('postbox.inbound errors and retries', () => {
  it('throws NOT_FOUND for an unknown id, from get and delete alike', async () => {
    for (const call of [(p: Postbox) => p.inbound.get('inb_x'), (p: Postbox) => p.inbound.delete('inb_x')]) {
      const { postbox, requests } = clientWith([apiError(404, 'NOT_FOUND')]);
      const error = await call(postbox).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(PostboxError);
      expect(error).toMatchObject({ status: 404, code: 'NOT_FOUND', requestId: 'req-404' });
      expect(requests).toHaveLength(1);
    }
  });

  it('throws a bad filter as VALIDATION_ERROR with its details, and a sending key as FORBIDDEN', async () => {
    const details = [{ field: 'from', message: 'from is not a valid email address' }];
    const invalid = clientWith([apiError(400, 'VALIDATION_ERROR', details)]);
    await expect(invalid.postbox.inbound.list({ from: 'nope' })).rejects.toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
      details,
    });
    const sending = clientWith([apiError(403, 'FORBIDDEN')]);
    await expect(sending.postbox.inbound.list()).rejects.toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect(invalid.requests).toHaveLength(1);
    expect(sending.requests).toHaveLength(1);
  });

  it('retries get and delete after a 5xx or a network error', async () => {
    const read = clientWith([apiError(503, 'INTERNAL_ERROR'), json(200, { data: MESSAGE })]);
    expect(await read.postbox.inbound.get('inb_1')).toEqual(MESSAGE);
    expect(read.requests).toHaveLength(2);
    const removal = clientWith([new TypeError('fetch failed'), json(200, { data: { id: 'inb_1', deleted: true } })]);
    expect(await removal.postbox.inbound.delete('inb_1')).toEqual({ id: 'inb_1', deleted: true });
    expect(removal.requests.map((request) => request.method)).toEqual(['DELETE', 'DELETE']);
  });
});

describe('postbox.inbound.listAll', () => {
  it('iterates every page once with the filters, skipping a message pushed onto the next page', async () => {
    // A message arrives between pages 1 and 2: inb_b moves from page 1 to page 2.
    const { postbox, search } = clientWith([
      page(['inb_a', 'inb_b'], 1, 3),
      page(['inb_b', 'inb_c'], 2, 3),
      page(['inb_d'], 3, 3),
    ]);
    const ids: string[] = [];
    for await (const message of postbox.inbound.listAll({ limit: 2, to: 'support@acme.test' })) ids.push(message.id);
    expect(ids).toEqual(['inb_a', 'inb_b', 'inb_c', 'inb_d']);
    expect(search()).toEqual([
      '?limit=2&to=support%40acme.test&page=1',
      '?limit=2&to=support%40acme.test&page=2',
      '?limit=2&to=support%40acme.test&page=3',
    ]);
  });

  it('asks for 100 per page unless told, starts at the page given, and stops at an empty page', async () => {
    const { postbox, search } = clientWith([page(['inb_x'], 4, 9), page([], 5, 9)]);
    const ids: string[] = [];
    for await (const message of postbox.inbound.listAll({ page: 4 })) ids.push(message.id);
    expect(ids).toEqual(['inb_x']);
    expect(search()).toEqual(['?limit=100&page=4', '?limit=100&page=5']);
  });

  it('makes one request for an empty inbox, and stops at the first error', async () => {
    const empty = clientWith([page([], 1, 0)]);
    for await (const _ of empty.postbox.inbound.listAll()) throw new Error('no message expected');
    expect(empty.requests).toHaveLength(1);

    const failing = clientWith([page(['inb_a', 'inb_b'], 1, 2), apiError(400, 'VALIDATION_ERROR')]);
    const ids: string[] = [];
    const error = await (async () => {
      for await (const message of failing.postbox.inbound.listAll({ limit: 2 })) ids.push(message.id);
    })().catch((caught: unknown) => caught);
    expect(ids).toEqual(['inb_a', 'inb_b']);
    expect(error).toMatchObject({ code: 'VALIDATION_ERROR' });
  });
});

describe('types', () => {
  it('come from the OpenAPI document', () => {
    const postbox = new Postbox({ apiKey: 'k', baseUrl: 'https://p.example' });
    expectTypeOf(postbox.inbound.get).returns.resolves.toEqualTypeOf<InboundMessage>();
    expectTypeOf<InboundMessage>().toEqualTypeOf<components['schemas']['InboundMessage']>();
    expectTypeOf(postbox.inbound.list).returns.resolves.toEqualTypeOf<ResponseBody<'listInbound'>>();
    expectTypeOf<ResponseBody<'listInbound'>['data']>().toEqualTypeOf<InboundListItem[]>();
    expectTypeOf(postbox.inbound.listAll).returns.toEqualTypeOf<AsyncGenerator<InboundListItem, void, undefined>>();
    expectTypeOf(postbox.inbound.delete).returns.resolves.toEqualTypeOf<Deleted>();
    // @ts-expect-error: `status` is not a filter of the inbound list.
    void (() => postbox.inbound.list({ status: 'delivered' }));
  });

  it('give every webhook event type its own data, email.received included', () => {
    // The document's `webhooks` section has exactly the event types an endpoint subscribes to.
    expectTypeOf<keyof webhooks>().toEqualTypeOf<WebhookEventType>();
    expectTypeOf<WebhookEvent['type']>().toEqualTypeOf<WebhookEventType>();
    expectTypeOf<WebhookEventOf<'email.received'>>().toEqualTypeOf<{
      type: 'email.received';
      timestamp: string;
      data: EmailReceivedData;
    }>();
    expectTypeOf<WebhookEventOf<'email.bounced'>['data']>().toEqualTypeOf<components['schemas']['EmailEventData']>();
    const narrow = (event: WebhookEvent) => {
      if (event.type === 'email.received') expectTypeOf(event.data).toEqualTypeOf<EmailReceivedData>();
      // @ts-expect-error: only some event types have an `inbound_id`.
      void event.data.inbound_id;
    };
    void narrow;
  });
});

describe('verifyWebhook and email.received', () => {
  it('answers a signed email.received delivery, typed once its type is checked', async () => {
    const { Webhook } = await import('standardwebhooks');
    const secret = `whsec_${Buffer.from('0123456789abcdef0123456789abcdef').toString('base64')}`;
    const data: EmailReceivedData = {
      event_id: 'evt_1',
      inbound_id: 'inb_1',
      received_at: '2026-11-24T10:15:30.123Z',
      from: address('jane@example.org'),
      to: [address('support@acme.test')],
      cc: [],
      subject: 'Re: your order',
      internet_message_id: '<m1@example.org>',
      in_reply_to_email_id: 'email_1',
      verdicts: VERDICTS,
      attachments: [ATTACHMENT],
      text: 'Thanks!',
      html: null,
      truncated: false,
    };
    const body = JSON.stringify({ type: 'email.received', timestamp: '2026-11-24T10:15:31.000Z', data });
    const now = new Date('2026-11-24T10:15:32.000Z');
    const headers = {
      'webhook-id': 'msg_1',
      'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
      'webhook-signature': new Webhook(secret).sign('msg_1', now, body),
    };
    const event = await verifyWebhook(body, headers, secret, { now });
    expect(event.type).toBe('email.received');
    if (event.type !== 'email.received') throw new Error('expected email.received');
    expect(event.data.inbound_id).toBe('inb_1');
    expect(event.data.attachments[0]?.filename).toBe('invoice.pdf');
    expect(event.data).toEqual(data);
  });
});
