/**
 * One-click unsubscribe (RFC 8058 / RFC 2369) through the local stack: the headers in the message the
 * SES emulator received, the link's GET page (never unsubscribing) and its POST as Gmail sends it (a
 * suppression, an `unsubscribed` event, the metric, the webhook), tokens per batch recipient, tampered and
 * foreign tokens, the customer's own URIs, and the request's validation.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createSender, recipients } from '../support/factories.ts';
import { type ApiResponse, acceptedId, apiUrl, call, expectError, randomLoopbackAddress } from '../support/http.ts';
import { eventually, type StoredMessage, sesMessages } from '../support/ses-store.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

type Sender = Awaited<ReturnType<typeof createSender>>;

const receivers: WebhookReceiver[] = [];
afterAll(async () => {
  await Promise.all(receivers.map((receiver) => receiver.close()));
});

const uniqueSubject = () => `Unsubscribe ${randomUUID()}`;

/** The one message the SES emulator holds with this subject. */
async function messageWith(subject: string): Promise<StoredMessage> {
  return eventually(async () => {
    const found = await sesMessages(subject);
    return found.length === 1 ? found[0] : undefined;
  });
}

const listHeaders = (message: StoredMessage) =>
  (message.headers ?? []).filter((header) => header.name.toLowerCase().startsWith('list-unsubscribe'));

/** The one-click URL of the message's List-Unsubscribe header. */
function oneClickUrl(message: StoredMessage): string {
  const value = listHeaders(message).find((header) => header.name === 'List-Unsubscribe')?.value ?? '';
  const match = /^<([^>]+)>$/.exec(value);
  if (!match?.[1]) throw new Error(`no one-click link in ${value}`);
  return match[1];
}

/** The request path of a link (the tests call the gateway they run against). */
const pathOf = (url: string) => new URL(url).pathname;

/** POST as Gmail sends it (RFC 8058): a form body, no key, no cookies. */
const oneClickPost = (path: string): Promise<ApiResponse> =>
  call('POST', path, {
    raw: 'List-Unsubscribe=One-Click',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

/** A token with one character of its MAC changed. */
function tampered(path: string): string {
  const last = path.at(-1) === 'A' ? 'B' : 'A';
  return path.slice(0, -1) + last;
}

async function suppressionsOf(sender: Sender) {
  const listed = await sender.api.get('/api/v1/suppressions?limit=100');
  expect(listed.status, listed.text).toBe(200);
  return listed.body.data as Array<{ email: string; reason: string; source: string }>;
}

async function eventsOf(sender: Sender, id: string) {
  const email = await sender.api.get(`/api/v1/emails/${id}`);
  expect(email.status, email.text).toBe(200);
  return email.body.data.events as Array<{ type: string; recipient: string | null }>;
}

/** Sends one email with `list_unsubscribe: true` to `to` and returns its id and one-click path. */
async function sendWithLink(sender: Sender, to: string, fields: Record<string, unknown> = {}) {
  const subject = uniqueSubject();
  const id = acceptedId(await sender.send({ to: recipients(to), subject, list_unsubscribe: true, ...fields }));
  const message = await messageWith(subject);
  return { id, message, path: pathOf(oneClickUrl(message)) };
}

describe('list_unsubscribe: true (Postbox’s one-click link)', () => {
  it('puts exactly the two headers on the message, pointing at this deployment', async () => {
    const sender = await createSender();
    const { id, message } = await sendWithLink(sender, `jane+${randomUUID().slice(0, 8)}@example.com`);
    const headers = listHeaders(message);
    expect(headers.map((header) => header.name).sort()).toEqual(['List-Unsubscribe', 'List-Unsubscribe-Post']);
    expect(headers.find((header) => header.name === 'List-Unsubscribe-Post')?.value).toBe('List-Unsubscribe=One-Click');
    const url = oneClickUrl(message);
    expect(url.startsWith(`${apiUrl().replace(/\/$/, '')}/unsubscribe/`)).toBe(true);
    // The token is opaque: neither the recipient nor anything readable of it is in the URL.
    expect(url).not.toContain('jane');
    const email = (await sender.api.get(`/api/v1/emails/${id}`)).body.data;
    expect(email.list_unsubscribe).toBe(true);
  });

  it('GET shows a confirmation page and unsubscribes nothing; the POST as Gmail sends it unsubscribes once', async () => {
    const sender = await createSender();
    const hook = await startWebhookReceiver();
    receivers.push(hook);
    const created = await sender.api.post('/api/v1/webhooks', { url: hook.url, events: ['email.unsubscribed'] });
    expect(created.status, created.text).toBe(201);
    const address = `reader+${randomUUID().slice(0, 8)}@example.com`;
    const { id, path } = await sendWithLink(sender, address);

    const page = await call('GET', path);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.text).toContain('<form method="post">');
    expect(page.text).toContain('name="List-Unsubscribe" value="One-Click"');
    expect(page.text).toContain(address);
    // Link scanners follow links: a GET (twice) changes nothing.
    expect((await call('GET', path)).status).toBe(200);
    expect((await suppressionsOf(sender)).map((entry) => entry.email)).not.toContain(address);
    expect((await eventsOf(sender, id)).map((event) => event.type)).not.toContain('unsubscribed');

    const posted = await oneClickPost(path);
    expect(posted.status, posted.text).toBe(200);
    expect(posted.text).toContain('You are unsubscribed');
    expect(await suppressionsOf(sender)).toContainEqual(
      expect.objectContaining({ email: address, reason: 'unsubscribe', source: 'automatic' }),
    );
    const unsubscribed = (await eventsOf(sender, id)).filter((event) => event.type === 'unsubscribed');
    expect(unsubscribed).toEqual([expect.objectContaining({ recipient: address })]);

    // Repeated: 200 and nothing new.
    const again = await oneClickPost(path);
    expect(again.status).toBe(200);
    expect((await eventsOf(sender, id)).filter((event) => event.type === 'unsubscribed')).toHaveLength(1);
    expect((await suppressionsOf(sender)).filter((entry) => entry.email === address)).toHaveLength(1);
    // The page now says so instead of offering the button.
    expect((await call('GET', path)).text).toContain('You are unsubscribed');

    // A later send to the address is refused.
    const later = await sender.send({ to: recipients(address) });
    expectError(later, 400, 'RECIPIENTS_SUPPRESSED');

    // The webhook and the metric, from the stored event.
    const [delivery] = await hook.waitFor(1);
    const payload = JSON.parse(delivery?.body ?? '{}');
    expect(payload).toMatchObject({ type: 'email.unsubscribed', data: { email_id: id, recipient: address } });
    const counted = await eventually(async () => {
      const metrics = await sender.api.get('/api/v1/metrics?granularity=hour');
      const totals = metrics.body.data?.totals as { unsubscribed?: number } | undefined;
      return totals?.unsubscribed === 1 ? totals : undefined;
    });
    expect(counted.unsubscribed).toBe(1);
    // Exactly one delivery: the repeated POST fired nothing.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(hook.events().filter((event) => event.type === 'email.unsubscribed')).toHaveLength(1);
  });

  it('answers 404 for a tampered, truncated or made-up token, and a token never affects another organization', async () => {
    const a = await createSender();
    const b = await createSender();
    const address = `shared+${randomUUID().slice(0, 8)}@example.com`;
    const fromA = await sendWithLink(a, address);
    const fromB = await sendWithLink(b, address);

    for (const path of [
      tampered(fromA.path),
      fromA.path.slice(0, -5),
      '/unsubscribe/abc.def',
      `/unsubscribe/${'A'.repeat(300)}`,
      // A's MAC on B's reference (organization and email): not B's token.
      `/unsubscribe/${(fromB.path.split('/').pop() ?? '').split('.')[0]}.${fromA.path.split('.').pop() ?? ''}`,
    ]) {
      const posted = await oneClickPost(path);
      expect(posted.status, path).toBe(404);
      expect(posted.text).toContain('This link is not valid');
      expect((await call('GET', path)).status).toBe(404);
    }
    expect((await suppressionsOf(a)).map((entry) => entry.email)).not.toContain(address);
    expect((await suppressionsOf(b)).map((entry) => entry.email)).not.toContain(address);

    // A's real token unsubscribes from A only.
    expect((await oneClickPost(fromA.path)).status).toBe(200);
    expect((await suppressionsOf(a)).map((entry) => entry.email)).toContain(address);
    expect((await suppressionsOf(b)).map((entry) => entry.email)).not.toContain(address);
    expect((await eventsOf(b, fromB.id)).map((event) => event.type)).not.toContain('unsubscribed');
    expect((await b.send({ to: recipients(address) })).status).toBe(201);
  });

  it('is rate limited per source IP, in a window of its own (above the API’s for requests without a key)', async () => {
    const sourceIp = randomLoopbackAddress();
    // 200 at once from one address; on a machine slow enough to spread them over more than four
    // seconds a burst may stay under 50 per second, so up to three bursts are tried.
    let answers: ApiResponse[] = [];
    for (let burst = 0; burst < 3; burst += 1) {
      answers = await Promise.all(
        Array.from({ length: 200 }, () => call('GET', '/unsubscribe/not-a-token', { sourceIp })),
      );
      if (answers.some((answer) => answer.status === 429)) break;
    }
    const statuses = answers.map((answer) => answer.status);
    // At least one full window of 50 (the 10 per second a request without a key gets elsewhere would
    // let at most 40 through in the few seconds 200 requests take), and not all 200.
    expect(statuses.filter((status) => status === 404).length).toBeGreaterThanOrEqual(50);
    const limited = answers.filter((answer) => answer.status === 429);
    expect(limited.length).toBeGreaterThan(0);
    expect(limited[0]?.body.error.code).toBe('RATE_LIMITED');
    expect(limited[0]?.headers['retry-after']).toBeDefined();
    expect(new Set(statuses)).toEqual(new Set([404, 429]));
    // Another address is not affected.
    expect((await call('GET', '/unsubscribe/not-a-token', { sourceIp: randomLoopbackAddress() })).status).toBe(404);
  });

  it('gives every recipient of a batch a token of its own', async () => {
    const sender = await createSender();
    const tag = randomUUID().slice(0, 8);
    const template = await sender.api.post('/api/v1/templates', {
      name: 'Digest',
      subject: `Digest {{name}} ${tag}`,
      text: 'Hi {{name}}',
      variable_schema: [{ name: 'name', type: 'string', required: true }],
    });
    expect(template.status, template.text).toBe(201);
    const names = ['one', 'two', 'three'];
    const batch = await sender.api.post('/api/v1/emails/batch', {
      template_id: template.body.data.id,
      from: { email: `news@${sender.domain}` },
      recipients: names.map((name) => ({ to: { email: `${name}+${tag}@example.com` }, data: { name } })),
      list_unsubscribe: true,
    });
    expect(batch.status, batch.text).toBe(201);
    expect(batch.body.data.accepted).toBe(3);
    const paths = await Promise.all(
      names.map(async (name) => pathOf(oneClickUrl(await messageWith(`Digest ${name} ${tag}`)))),
    );
    expect(new Set(paths).size).toBe(3);
    expect((await oneClickPost(paths[1] as string)).status).toBe(200);
    const suppressed = (await suppressionsOf(sender)).map((entry) => entry.email);
    expect(suppressed).toContain(`two+${tag}@example.com`);
    expect(suppressed).not.toContain(`one+${tag}@example.com`);
    expect(suppressed).not.toContain(`three+${tag}@example.com`);
  });
});

describe('list_unsubscribe: {url, mailto} (the customer’s own)', () => {
  it('puts the URIs in the header as given, with the one-click header only when there is a url', async () => {
    const sender = await createSender();
    const both = uniqueSubject();
    acceptedId(
      await sender.send({
        subject: both,
        list_unsubscribe: {
          url: 'https://example.com/unsub?u=42&l=news',
          mailto: 'mailto:unsub@example.com?subject=stop',
        },
      }),
    );
    expect(listHeaders(await messageWith(both))).toEqual([
      {
        name: 'List-Unsubscribe',
        value: '<https://example.com/unsub?u=42&l=news>, <mailto:unsub@example.com?subject=stop>',
      },
      { name: 'List-Unsubscribe-Post', value: 'List-Unsubscribe=One-Click' },
    ]);
    const mailOnly = uniqueSubject();
    acceptedId(await sender.send({ subject: mailOnly, list_unsubscribe: { mailto: 'mailto:unsub@example.com' } }));
    expect(listHeaders(await messageWith(mailOnly))).toEqual([
      { name: 'List-Unsubscribe', value: '<mailto:unsub@example.com>' },
    ]);
  });

  it('refuses what would make a wrong or unusable header, naming the field', async () => {
    const sender = await createSender();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ list_unsubscribe: { url: 'http://example.com/u' } }, 'list_unsubscribe.url'],
      [{ list_unsubscribe: { url: 'https://example.com/a b' } }, 'list_unsubscribe.url'],
      [{ list_unsubscribe: { url: 'https://user:pw@example.com/u' } }, 'list_unsubscribe.url'],
      [{ list_unsubscribe: { mailto: 'unsub@example.com' } }, 'list_unsubscribe.mailto'],
      [{ list_unsubscribe: { mailto: 'mailto:not-an-address' } }, 'list_unsubscribe.mailto'],
      [{ list_unsubscribe: { url: `https://example.com/${'x'.repeat(900)}` } }, 'list_unsubscribe.url'],
      [{ list_unsubscribe: {} }, 'list_unsubscribe'],
      [{ list_unsubscribe: false }, 'list_unsubscribe'],
      [{ list_unsubscribe: true, to: recipients('a@example.com', 'b@example.com') }, 'list_unsubscribe'],
      [{ list_unsubscribe: true, cc: recipients('c@example.com') }, 'list_unsubscribe'],
      [
        { list_unsubscribe: true, headers: { 'List-Unsubscribe': '<https://example.com/x>' } },
        'headers.List-Unsubscribe',
      ],
      [
        {
          list_unsubscribe: true,
          headers: Object.fromEntries(Array.from({ length: 14 }, (_, i) => [`X-Custom-${i}`, 'v'])),
        },
        'headers',
      ],
    ];
    for (const [fields, field] of cases) {
      const response = await sender.send(fields);
      expectError(response, 400, 'VALIDATION_ERROR');
      expect(
        response.body.error.details.map((detail: { field: string }) => detail.field),
        JSON.stringify(fields).slice(0, 120),
      ).toContain(field);
    }
    // 13 custom headers and the link's 2 make SES's 15.
    const fits = await sender.send({
      list_unsubscribe: true,
      headers: Object.fromEntries(Array.from({ length: 13 }, (_, i) => [`X-Custom-${i}`, 'v'])),
    });
    expect(fits.status, fits.text).toBe(201);
  });
});
