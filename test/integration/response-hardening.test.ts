/**
 * Smaller HTTP hardening rules, through the local stack: answers that hold a secret are never
 * cached (`Cache-Control: no-store`); every API answer, the OpenAPI document and the reference's
 * page and script included, says `X-Content-Type-Options: nosniff`; `HEAD` on the one-click
 * unsubscribe link answers as `GET` without a body and never unsubscribes; the webhook test has a
 * small rate of its own (10 per minute per organization) besides the organization's.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createSender, createTestOrganization, recipients } from '../support/factories.ts';
import { type ApiResponse, acceptedId, call, expectError } from '../support/http.ts';
import { eventually, sesMessages } from '../support/ses-store.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

const receivers: WebhookReceiver[] = [];
afterAll(async () => {
  await Promise.all(receivers.map((receiver) => receiver.close()));
});

async function receiver(): Promise<WebhookReceiver> {
  const started = await startWebhookReceiver();
  receivers.push(started);
  return started;
}

describe('answers that hold a secret', () => {
  it('carry Cache-Control: no-store (webhook creation and rotation, upload URLs); reads without one do not', async () => {
    const { api } = await createTestOrganization();
    const created = await api.post('/api/v1/webhooks', { url: 'http://127.0.0.1:9/hooks' });
    expect(created.status, created.text).toBe(201);
    expect(created.body.data.secret).toMatch(/^whsec_/);
    expect(created.headers['cache-control']).toBe('no-store');

    const rotated = await api.post(`/api/v1/webhooks/${created.body.data.id}/rotate-secret`);
    expect(rotated.status, rotated.text).toBe(200);
    expect(rotated.body.data.secret).toMatch(/^whsec_/);
    expect(rotated.headers['cache-control']).toBe('no-store');

    // A presigned upload URL is a credential for an hour.
    const upload = await api.post('/api/v1/attachments', { filename: 'report.pdf', size: 5 });
    expect(upload.status, upload.text).toBe(201);
    expect(upload.body.data.upload_url).toEqual(expect.any(String));
    expect(upload.headers['cache-control']).toBe('no-store');

    const read = await api.get(`/api/v1/webhooks/${created.body.data.id}`);
    expect(read.status).toBe(200);
    expect(read.headers['cache-control']).toBeUndefined();
  });
});

describe('X-Content-Type-Options: nosniff', () => {
  it('is on the OpenAPI document, the reference page and script, and every JSON answer, errors included', async () => {
    const { api } = await createTestOrganization();
    const document = await call('GET', '/api/v1/openapi.json');
    expect(document.status).toBe(200);
    expect(document.headers['content-type']).toBe('application/json');
    expect(document.headers['x-content-type-options']).toBe('nosniff');
    expect(document.headers['cache-control']).toBe('public, max-age=300');
    expect(document.body.openapi).toMatch(/^3\.1/);
    expect((await call('GET', '/v1/openapi.json')).headers['x-content-type-options']).toBe('nosniff');

    const page = await call('GET', '/docs');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    const script = /<script src="([^"]+)"><\/script>/.exec(page.text)?.[1] ?? '';
    expect((await call('GET', script)).headers['x-content-type-options']).toBe('nosniff');

    const answers: Array<[string, ApiResponse]> = [
      ['success', await api.get('/api/v1/webhooks')],
      ['created', await api.post('/api/v1/webhooks', { url: 'http://127.0.0.1:9/hooks' })],
      ['validation error', await api.post('/api/v1/webhooks', { url: 'not a url' })],
      ['no key', await call('GET', '/api/v1/webhooks')],
      ['unknown path', await call('GET', '/api/v1/nothing-here')],
      ['wrong method', await call('DELETE', '/api/v1/openapi.json')],
    ];
    expect(answers.map(([, answer]) => answer.status)).toEqual([200, 201, 400, 401, 404, 405]);
    for (const [what, answer] of answers) {
      expect(answer.headers['content-type'], what).toBe('application/json');
      expect(answer.headers['x-content-type-options'], what).toBe('nosniff');
    }
  });
});

describe('HEAD on the one-click unsubscribe link', () => {
  /** The path of the one-click link of the one message the SES emulator holds with this subject. */
  async function linkOf(subject: string): Promise<string> {
    const message = await eventually(async () => {
      const found = await sesMessages(subject);
      return found.length === 1 ? found[0] : undefined;
    });
    const header = (message?.headers ?? []).find((candidate) => candidate.name === 'List-Unsubscribe');
    const url = /^<([^>]+)>$/.exec(header?.value ?? '')?.[1];
    if (!url) throw new Error(`no one-click link in ${header?.value}`);
    return new URL(url).pathname;
  }

  it('answers as GET without a body (200, or 404 for a bad token) and never unsubscribes', async () => {
    const sender = await createSender();
    const address = `scanned+${randomUUID().slice(0, 8)}@example.com`;
    const subject = `Scanned ${randomUUID()}`;
    const id = acceptedId(await sender.send({ to: recipients(address), subject, list_unsubscribe: true }));
    const path = await linkOf(subject);

    const get = await call('GET', path);
    expect(get.status).toBe(200);
    // Link scanners check a link with HEAD, some of them many times.
    const heads = await Promise.all([call('HEAD', path), call('HEAD', path), call('HEAD', path)]);
    for (const head of heads) {
      expect(head.status).toBe(200);
      expect(head.raw.length).toBe(0);
      for (const name of [
        'content-type',
        'cache-control',
        'referrer-policy',
        'x-robots-tag',
        'x-content-type-options',
      ]) {
        expect(head.headers[name], name).toBe(get.headers[name]);
      }
      expect(head.headers['x-request-id']).toEqual(expect.any(String));
      expect(head.headers['x-ratelimit-limit']).toBe(get.headers['x-ratelimit-limit']);
    }

    const suppressions = await sender.api.get('/api/v1/suppressions?limit=100');
    expect(suppressions.body.data.map((entry: { email: string }) => entry.email)).not.toContain(address);
    const email = await sender.api.get(`/api/v1/emails/${id}`);
    expect(email.body.data.events.map((event: { type: string }) => event.type)).not.toContain('unsubscribed');
    // The page still offers the button: nothing happened.
    expect((await call('GET', path)).text).toContain('name="List-Unsubscribe" value="One-Click"');

    const bad = await call('HEAD', '/unsubscribe/not-a-token');
    expect(bad.status).toBe(404);
    expect(bad.raw.length).toBe(0);
    expect(bad.headers['content-type']).toBe('text/html; charset=utf-8');

    // Any other method is still refused, and names HEAD among those allowed.
    const put = await call('PUT', path);
    expect(put.status).toBe(405);
    expect(put.headers.allow?.split(', ').sort()).toEqual(['GET', 'HEAD', 'POST']);
  });
});

describe('the webhook test', () => {
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  /** Windows are whole minutes (from the epoch): a burst starts well inside one, so it shares it. */
  async function startOfBurst(): Promise<void> {
    const intoMinute = (Date.now() / 1000) % 60;
    if (intoMinute > 45) await sleep((60 - intoMinute) * 1000 + 100);
  }

  it('has a window of its own, 10 per minute per organization: beyond it 429 RATE_LIMITED with Retry-After', async () => {
    const { api } = await createTestOrganization();
    const hook = await receiver();
    const created = await api.post('/api/v1/webhooks', { url: hook.url });
    expect(created.status, created.text).toBe(201);
    const testPath = `/api/v1/webhooks/${created.body.data.id}/test`;

    await startOfBurst();
    const answers = await Promise.all(Array.from({ length: 11 }, () => api.post(testPath)));
    const admitted = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(admitted).toHaveLength(10);
    expect(refused).toHaveLength(1);
    const [answer] = refused as [ApiResponse];
    const error = expectError(answer, 429, 'RATE_LIMITED');
    const retryAfter = Number(answer.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(error.message).toBe(`Too many webhook tests: the limit is 10 per 60 seconds. Retry after ${retryAfter} s.`);
    // The X-RateLimit-* headers describe the window that refused it.
    expect(answer.headers['x-ratelimit-limit']).toBe('10');
    expect(answer.headers['x-ratelimit-remaining']).toBe('0');
    expect(answer.headers['x-ratelimit-reset']).toBe(String(retryAfter));
    // Only the admitted tests reached the endpoint (each answers after its attempt).
    expect(hook.received).toHaveLength(10);

    // The organization's other requests are not affected, nor is another organization's test.
    const list = await api.get('/api/v1/webhooks');
    expect(list.status).toBe(200);
    expect(list.headers['x-ratelimit-limit']).toBe('1000');
    const other = await createTestOrganization();
    const elsewhere = await other.api.post('/api/v1/webhooks', { url: hook.url });
    const tested = await other.api.post(`/api/v1/webhooks/${elsewhere.body.data.id}/test`);
    expect(tested.status, tested.text).toBe(200);
    expect(tested.body.data.status_code).toBe(200);
  });
});
