/**
 * The dashboard's Settings → Webhooks pages through HTTP on the local stack: add an endpoint (the
 * signing secret shown once), refused forms (an invalid URL, a 21st endpoint), edit, disable,
 * rotate, a test event to a receiver on 127.0.0.1 and its delivery in the log, a retry through the
 * delivery's page, delete through the confirmation page, CSRF, and organizations kept apart —
 * checked against what the webhook services then hold.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it } from 'vitest';
import { WEBHOOK_EVENT_TYPES } from '#webhooks/webhook.ts';
import { sendTestEvent } from '#webhooks/webhook-delivery-log.service.ts';
import { createWebhook, findWebhook, getWebhookView, listWebhooks } from '#webhooks/webhooks.service.ts';
import { DashboardBrowser, dashboardMember } from '../support/dashboard.ts';
import { eventually } from '../support/ses-store.ts';

const WEBHOOKS = '/dashboard/settings/webhooks';
const endpointPath = (id: string) => `${WEBHOOKS}/${id}`;
const SECRET = /<input id="webhook-secret" type="text" readonly value="([^"]+)"/;
const DELIVERY_LINK = /href="\/dashboard\/settings\/webhooks\/(wh_[^/"]+)\/deliveries\/(msg_[^"]+)"/;

/** The form's checkbox of an event type. */
const eventField = (type: string) => `event.${type}`;

/**
 * A receiver on 127.0.0.1: records each request and answers 200 "ok", after `delayMs` (so an attempt
 * stays in flight, and its delivery pending, for a moment).
 */
async function startReceiver() {
  const received: Array<{ headers: IncomingHttpHeaders; body: string }> = [];
  const state = { delayMs: 0 };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      setTimeout(() => {
        response.writeHead(200, { 'content-type': 'text/plain' });
        response.end('ok <from> the receiver');
      }, state.delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const receivers: Array<Awaited<ReturnType<typeof startReceiver>>> = [];
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
});
async function receiver() {
  const started = await startReceiver();
  receivers.push(started);
  return started;
}

/** Adds an endpoint through the list page's form; returns the response, the secret it shows and the new id. */
async function addThroughForm(browser: DashboardBrowser, form: Record<string, string>) {
  await browser.get(WEBHOOKS);
  const response = await browser.post(WEBHOOKS, form);
  const secret = SECRET.exec(response.text)?.[1];
  const id = new RegExp(`href="${WEBHOOKS}/(wh_[^"/]+)">[^<]*</a> <span class="badge info">New`).exec(
    response.text,
  )?.[1];
  return { response, secret, id };
}

describe('dashboard webhooks list', () => {
  it('adds an endpoint: 201, the signing secret shown once; the list shows the endpoint, never the secret', async () => {
    const { organization, browser } = await dashboardMember();
    const settings = await browser.get('/dashboard/settings/api-keys');
    expect(settings.text).toContain(`<a href="${WEBHOOKS}">Webhooks</a>`);

    const empty = await browser.get(WEBHOOKS);
    expect(empty.status).toBe(200);
    expect(empty.text).toContain('aria-current="page">Webhooks');
    expect(empty.text).toContain('No webhook endpoints yet');
    expect(empty.text).toContain('<label for="webhook-url">Endpoint URL</label>');
    expect(empty.text).toContain('<label for="webhook-description">Description</label>');
    expect(empty.text).toContain('<legend>Events</legend>');
    for (const type of WEBHOOK_EVENT_TYPES) expect(empty.text).toContain(`name="${eventField(type)}"`);
    expect(empty.text).not.toContain('id="webhook-secret"');

    const { response, secret, id } = await addThroughForm(browser, {
      url: '  https://hooks.example.com/postbox  ',
      description: 'Orders <b>service</b>',
      [eventField('email.bounced')]: 'on',
      [eventField('email.delivered')]: 'on',
    });
    expect(response.status, response.text.slice(0, 500)).toBe(201);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]+$/);
    expect(response.text.split(secret as string)).toHaveLength(2); // in the read-only input only
    expect(response.text).toContain('it will not be shown again');
    expect(response.text).toContain('data-copy="webhook-secret"');
    expect(id).toMatch(/^wh_/);

    const stored = await findWebhook(organization.id, id as string);
    expect(stored).toMatchObject({
      url: 'https://hooks.example.com/postbox',
      description: 'Orders <b>service</b>',
      events: ['email.delivered', 'email.bounced'],
      enabled: true,
    });
    expect(stored.secrets[0]?.secret).toBe(secret);

    const list = await browser.get(WEBHOOKS);
    expect(list.status).toBe(200);
    expect(list.text).toContain(`href="${endpointPath(id as string)}">https://hooks.example.com/postbox</a>`);
    expect(list.text).toContain('Orders &lt;b&gt;service&lt;/b&gt;');
    expect(list.text).toContain('<code>email.delivered</code>, <code>email.bounced</code>');
    expect(list.text).toContain('<span class="badge ok">Enabled</span>');
    expect(list.text).not.toContain(secret as string);
    expect(list.text).not.toContain('id="webhook-secret"');

    // No event checked: every event.
    const all = await addThroughForm(browser, { url: 'https://all.example.com/hook', description: '' });
    expect(all.response.status).toBe(201);
    expect(await getWebhookView(organization.id, all.id as string)).toMatchObject({ events: [], description: null });
    expect((await browser.get(WEBHOOKS)).text).toContain('<td>All events</td>');
  });

  it('refuses an invalid URL or a too long description: 400, the form again with the message and what was typed', async () => {
    const { organization, browser } = await dashboardMember();
    const invalid = await addThroughForm(browser, {
      url: 'not a <url>',
      [eventField('email.opened')]: 'on',
    });
    expect(invalid.response.status).toBe(400);
    expect(invalid.secret).toBeUndefined();
    expect(invalid.response.text).toContain('Must be an absolute URL');
    expect(invalid.response.text).toContain('value="not a &lt;url&gt;"');
    expect(invalid.response.text).toContain('aria-invalid="true"');
    expect(invalid.response.text).toMatch(/name="event\.email\.opened" value="on" checked>/);
    expect(invalid.response.text).toContain('name="csrf_token"');

    const ftp = await addThroughForm(browser, { url: 'ftp://files.example.com/hook' });
    expect(ftp.response.status).toBe(400);
    expect(ftp.response.text).toMatch(/Must be an (http or )?https URL/);

    const long = await addThroughForm(browser, { url: 'https://ok.example.com/', description: 'd'.repeat(257) });
    expect(long.response.status).toBe(400);
    expect(long.response.text).toContain('Must be at most 256 characters');
    expect(long.response.text).toContain('value="https://ok.example.com/"');

    expect(await listWebhooks(organization.id)).toEqual([]);
  });

  it('refuses a 21st endpoint with the conflict message (409)', async () => {
    const { organization, browser } = await dashboardMember();
    for (let index = 0; index < 20; index += 1) {
      await createWebhook(organization.id, { url: `https://hooks.example.com/${index}` });
    }
    const refused = await addThroughForm(browser, { url: 'https://one-too-many.example.com/' });
    expect(refused.response.status).toBe(409);
    expect(refused.secret).toBeUndefined();
    expect(refused.response.text).toContain('already has 20 webhook endpoints');
    expect(refused.response.text).toContain('value="https://one-too-many.example.com/"');
    expect(await listWebhooks(organization.id)).toHaveLength(20);
  });

  it('shows only a fixed message for ?notice=, never the text it was given', async () => {
    const { browser } = await dashboardMember();
    const page = await browser.get(`${WEBHOOKS}?notice=${encodeURIComponent('<i>pwned</i>')}`);
    expect(page.status).toBe(200);
    expect(page.text).not.toContain('pwned');
  });
});

describe('dashboard webhook endpoint page', () => {
  it('edits the URL, description and events, disables and enables it; an invalid URL shows the form again', async () => {
    const { organization, browser } = await dashboardMember();
    const created = await createWebhook(organization.id, {
      url: 'https://first.example.com/hook',
      events: ['email.sent'],
      description: 'First',
    });
    const path = endpointPath(created.id);

    const page = await browser.get(path);
    expect(page.status).toBe(200);
    expect(page.text).toContain('aria-current="page">Webhooks');
    expect(page.text).toContain(`<code>${created.id}</code>`);
    expect(page.text).toContain('id="webhook-url" name="url"');
    expect(page.text).toContain('value="https://first.example.com/hook"');
    expect(page.text).toMatch(/name="event\.email\.sent" value="on" checked>/);
    expect(page.text).not.toMatch(/name="event\.email\.opened" value="on" checked>/);
    expect(page.text).toMatch(/id="webhook-enabled"[^>]* checked>/);
    expect(page.text).toContain('No deliveries yet');
    expect(page.text).not.toContain('id="webhook-secret"');

    const saved = await browser.post(path, {
      url: 'https://second.example.com/hook',
      description: '',
      [eventField('email.opened')]: 'on',
      [eventField('email.clicked')]: 'on',
      enabled: 'on',
    });
    expect(saved.status).toBe(303);
    expect(saved.location).toBe(`${path}?notice=saved`);
    expect(await getWebhookView(organization.id, created.id)).toMatchObject({
      url: 'https://second.example.com/hook',
      description: null,
      events: ['email.opened', 'email.clicked'],
      enabled: true,
      disabled_reason: null,
    });
    const after = await browser.get(saved.location as string);
    expect(after.text).toContain('Saved.');
    expect(after.text).toContain('<code>email.opened</code>, <code>email.clicked</code>');

    // Unchecking "Enabled" disables it by hand; every event unchecked is every event.
    const disabled = await browser.post(path, { url: 'https://second.example.com/hook', description: 'Paused' });
    expect(disabled.status).toBe(303);
    expect(await getWebhookView(organization.id, created.id)).toMatchObject({
      enabled: false,
      disabled_reason: 'manual',
      events: [],
      description: 'Paused',
    });
    const disabledPage = await browser.get(path);
    expect(disabledPage.text).toContain('<span class="badge bad">Disabled</span> <span class="muted">Disabled by hand');
    expect(disabledPage.text).not.toMatch(/id="webhook-enabled"[^>]* checked>/);
    expect((await browser.get(WEBHOOKS)).text).toContain('<span class="badge bad">Disabled</span>');

    const enabled = await browser.post(path, { url: 'https://second.example.com/hook', enabled: 'on' });
    expect(enabled.status).toBe(303);
    expect(await getWebhookView(organization.id, created.id)).toMatchObject({ enabled: true, disabled_reason: null });

    await browser.get(path);
    const invalid = await browser.post(path, { url: 'javascript:alert(1)', description: 'Nope' });
    expect(invalid.status).toBe(400);
    expect(invalid.text).toMatch(/Must be an (http or )?https URL/);
    expect(invalid.text).toContain('value="javascript:alert(1)"');
    expect(invalid.text).toContain('value="Nope"');
    expect(invalid.text).toContain(`<code>${created.id}</code>`);
    expect((await getWebhookView(organization.id, created.id)).url).toBe('https://second.example.com/hook');
  });

  it('rotates the secret: the new one shown once; the old one keeps signing for 24 hours', async () => {
    const { organization, browser } = await dashboardMember();
    const { id, secret: first } = await addThroughForm(browser, { url: 'https://rotate.example.com/hook' });
    const path = endpointPath(id as string);
    await browser.get(path);

    const rotated = await browser.post(`${path}/rotate-secret`);
    expect(rotated.status).toBe(200);
    expect(rotated.headers.get('cache-control')).toBe('no-store');
    const second = SECRET.exec(rotated.text)?.[1];
    expect(second).toMatch(/^whsec_/);
    expect(second).not.toBe(first);
    expect(rotated.text).toContain('it will not be shown again');
    expect(rotated.text).toContain('keeps signing alongside it for 24 hours');
    expect(rotated.text).not.toContain(first as string);

    const stored = await findWebhook(organization.id, id as string);
    expect(stored.secrets.map((entry) => entry.secret)).toEqual([second, first]);
    const expiresIn = Date.parse(stored.secrets[1]?.expires_at ?? '') - Date.now();
    expect(expiresIn).toBeGreaterThan(23.9 * 3600_000);
    expect(expiresIn).toBeLessThanOrEqual(24 * 3600_000);

    const later = await browser.get(path);
    expect(later.text).not.toContain(second as string);
    expect(later.text).not.toContain('id="webhook-secret"');
  });

  it('counts the test button in the API route’s window of webhook tests: past 10 a minute, a 429 page', async () => {
    const hook = await receiver();
    const { browser, api } = await dashboardMember();
    const { id } = await addThroughForm(browser, { url: hook.url });
    // Windows are whole minutes: start the burst well inside one.
    const intoMinute = (Date.now() / 1000) % 60;
    if (intoMinute > 45) await new Promise((resolve) => setTimeout(resolve, (60 - intoMinute) * 1000 + 100));
    for (let index = 0; index < 10; index += 1) {
      expect((await api.post(`/api/v1/webhooks/${id}/test`)).status).toBe(200);
    }
    await browser.get(endpointPath(id as string));
    const refused = await browser.post(`${endpointPath(id as string)}/test`);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(refused.text).toContain('Too many webhook tests: the limit is 10 per 60 seconds.');
    expect(hook.received).toHaveLength(10);
  });

  it('sends a test event and shows the answer; the delivery is logged with its attempt and payload; Retry sends it again', async () => {
    const hook = await receiver();
    const { browser } = await dashboardMember();
    const { id, secret } = await addThroughForm(browser, { url: hook.url });
    const path = endpointPath(id as string);
    await browser.get(path);

    const tested = await browser.post(`${path}/test`);
    expect(tested.status).toBe(200);
    expect(tested.text).toMatch(/Test event sent: HTTP status <strong>200<\/strong> after \d+ ms\./);
    expect(hook.received).toHaveLength(1);
    const request = hook.received[0];
    expect(JSON.parse(request?.body ?? '{}')).toMatchObject({ type: 'webhook.test' });
    expect(() =>
      new Webhook(secret as string).verify(request?.body ?? '', request?.headers as Record<string, string>),
    ).not.toThrow();
    const [, webhookId, deliveryId] = DELIVERY_LINK.exec(tested.text) ?? [];
    expect(webhookId).toBe(id);
    expect(deliveryId).toBe(request?.headers['webhook-id']);
    const deliveryPage = `${path}/deliveries/${deliveryId}`;

    // The log: the delivery, newest first, filtered by status.
    const log = await browser.get(path);
    const row = log.text.split('<tr>').find((candidate) => candidate.includes(deliveryId as string)) ?? '';
    expect(row).toContain('<code>webhook.test</code>');
    expect(row).toContain('<span class="badge ok">Succeeded</span>');
    expect(row).toContain('<code>200</code>');
    expect(log.text).toContain('1 delivery, newest first');
    expect((await browser.get(`${path}?status=succeeded`)).text).toContain(deliveryPage);
    const failed = await browser.get(`${path}?status=failed`);
    expect(failed.text).toContain('No failed deliveries.');
    expect(failed.text).toMatch(/<option value="failed" selected>/);
    expect((await browser.get(`${path}?status=bogus`)).status).toBe(400);
    expect((await browser.get(`${path}?page=2`)).text).toContain('There is nothing on this page');

    // The delivery: its attempt (escaped answer) and its payload, pretty-printed and escaped.
    const delivery = await browser.get(deliveryPage);
    expect(delivery.status).toBe(200);
    expect(delivery.text).toContain('<h1>Delivery of <code>webhook.test</code></h1>');
    expect(delivery.text).toContain(`<code>${deliveryId}</code>`);
    expect(delivery.text).toContain('<span class="badge ok">Succeeded</span>');
    expect(delivery.text).toContain('<pre>ok &lt;from&gt; the receiver</pre>');
    expect(delivery.text).toMatch(/<td><code>200<\/code><\/td>\n<td class="num">\d+ ms<\/td>/);
    expect(delivery.text).toContain('<pre>{\n  &quot;type&quot;: &quot;webhook.test&quot;,');
    expect(delivery.text).toContain(`action="${deliveryPage}/retry"`);

    // Retry: 303 back to it; pending while the attempt is in flight (no second retry), then succeeded.
    hook.state.delayMs = 700;
    const retried = await browser.post(`${deliveryPage}/retry`);
    expect(retried.status).toBe(303);
    expect(retried.location).toBe(`${deliveryPage}?notice=retried`);
    const pending = await browser.get(retried.location as string);
    expect(pending.text).toContain('Retry queued');
    expect(pending.text).toContain('<span class="badge info">Pending</span>');
    expect(pending.text).not.toContain(`action="${deliveryPage}/retry"`);
    const again = await browser.post(`${deliveryPage}/retry`);
    expect(again.status).toBe(409);
    expect(again.text).toContain('The delivery is pending already');
    expect(again.text).toContain(`<code>${deliveryId}</code>`);

    const done = await eventually(async () => {
      const page = await browser.get(deliveryPage);
      return page.text.includes('<span class="badge ok">Succeeded</span>') ? page : undefined;
    }, 20_000);
    expect(done.text.match(/<pre>ok &lt;from&gt; the receiver<\/pre>/g)).toHaveLength(2);
    expect(done.text).toContain(`action="${deliveryPage}/retry"`);
    expect(hook.received).toHaveLength(2);
    expect(hook.received[1]?.headers['webhook-id']).toBe(deliveryId);
  }, 60_000);

  it('shows a test event that got no answer as failed, with its error', async () => {
    const hook = await receiver();
    await hook.close();
    const { browser } = await dashboardMember();
    const { id } = await addThroughForm(browser, { url: hook.url });
    await browser.get(endpointPath(id as string));
    const tested = await browser.post(`${endpointPath(id as string)}/test`);
    expect(tested.status).toBe(200);
    expect(tested.text).toContain('<div class="notice error" role="alert">Test event sent: no answer after');
    expect(tested.text).toContain('Error: ');
    const [, , deliveryId] = DELIVERY_LINK.exec(tested.text) ?? [];
    const delivery = await browser.get(`${endpointPath(id as string)}/deliveries/${deliveryId}`);
    expect(delivery.text).toContain('<span class="badge bad">Failed</span>');
  });

  it('deletes through the confirmation page', async () => {
    const { organization, browser } = await dashboardMember();
    const created = await createWebhook(organization.id, { url: 'https://doomed.example.com/hook' });
    const path = endpointPath(created.id);

    const page = await browser.get(path);
    expect(page.text).toContain(`href="${path}/delete"`);
    const confirm = await browser.get(`${path}/delete`);
    expect(confirm.status).toBe(200);
    expect(confirm.text).toContain('Delete this webhook endpoint?');
    expect(confirm.text).toContain('https://doomed.example.com/hook');
    expect(confirm.text).toContain(`<form method="post" action="${path}/delete">`);
    expect(confirm.text).toContain(`<a class="button secondary" href="${path}">Cancel</a>`);
    // Looking is harmless.
    expect(await listWebhooks(organization.id)).toHaveLength(1);

    const deleted = await browser.post(`${path}/delete`);
    expect(deleted.status).toBe(303);
    expect(deleted.location).toBe(`${WEBHOOKS}?notice=deleted`);
    const list = await browser.get(deleted.location as string);
    expect(list.text).toContain('The endpoint is deleted');
    expect(list.text).not.toContain('https://doomed.example.com/hook');
    expect(await listWebhooks(organization.id)).toEqual([]);
    expect((await browser.get(path)).status).toBe(404);
    await browser.get(WEBHOOKS);
    expect((await browser.post(`${path}/delete`)).status).toBe(404);
  });
});

describe('dashboard webhooks across organizations and forms', () => {
  it('answers 404 for another organization’s endpoint and delivery (every page and post), changing nothing', async () => {
    const hook = await receiver();
    const mine = await dashboardMember();
    const theirs = await dashboardMember();
    const endpoint = await createWebhook(theirs.organization.id, {
      url: hook.url,
      description: 'Theirs only',
      events: ['email.sent'],
    });
    const { delivery_id: deliveryId } = await sendTestEvent(theirs.organization.id, endpoint.id);
    const path = endpointPath(endpoint.id);

    const list = await mine.browser.get(WEBHOOKS);
    expect(list.text).not.toContain(endpoint.id);
    expect(list.text).not.toContain('Theirs only');

    for (const page of [path, `${path}/delete`, `${path}/deliveries/${deliveryId}`]) {
      const response = await mine.browser.get(page);
      expect(response.status, page).toBe(404);
      expect(response.text, page).not.toContain('Theirs only');
      expect(response.text, page).not.toContain(hook.url);
    }
    await mine.browser.get(WEBHOOKS);
    for (const [post, form] of [
      [path, { url: 'https://hijack.example.com/', enabled: 'on' }],
      [path, { url: 'not a url' }],
      [`${path}/rotate-secret`, {}],
      [`${path}/test`, {}],
      [`${path}/delete`, {}],
      [`${path}/deliveries/${deliveryId}/retry`, {}],
    ] as const) {
      const response = await mine.browser.post(post, form);
      expect(response.status, post).toBe(404);
      expect(response.text, post).toContain('not found');
    }
    const stored = await findWebhook(theirs.organization.id, endpoint.id);
    expect(stored).toMatchObject({ url: hook.url, description: 'Theirs only', enabled: true });
    expect(stored.secrets).toHaveLength(1);
    expect(hook.received).toHaveLength(1); // their own test event only

    for (const id of ['wh_doesNotExist12345678', 'not-an-id', 'x'.repeat(1500)]) {
      expect((await mine.browser.get(endpointPath(id))).status, id).toBe(404);
      expect((await mine.browser.get(`${endpointPath(id)}/deliveries/msg_nope`)).status, id).toBe(404);
    }
    // Their own delivery, under their own endpoint only.
    const own = await mine.browser.get(`${WEBHOOKS}/wh_doesNotExist12345678/deliveries/${deliveryId}`);
    expect(own.status).toBe(404);
    expect((await theirs.browser.get(`${path}/deliveries/${deliveryId}`)).status).toBe(200);
  });

  it('refuses every post without the CSRF token (403): nothing added, changed, rotated, sent or deleted', async () => {
    const hook = await receiver();
    const { organization, browser } = await dashboardMember();
    const endpoint = await createWebhook(organization.id, { url: hook.url });
    const { delivery_id: deliveryId } = await sendTestEvent(organization.id, endpoint.id);
    const path = endpointPath(endpoint.id);
    await browser.get(path);

    for (const [post, form] of [
      [WEBHOOKS, { url: 'https://sneaky.example.com/' }],
      [path, { url: 'https://sneaky.example.com/', enabled: 'on' }],
      [`${path}/rotate-secret`, {}],
      [`${path}/test`, {}],
      [`${path}/delete`, {}],
      [`${path}/deliveries/${deliveryId}/retry`, {}],
    ] as const) {
      const missing = await browser.post(post, form, { csrf: false });
      expect(missing.status, post).toBe(403);
      expect(missing.text, post).toContain('This form has expired');
      const forged = await browser.post(post, { ...form, csrf_token: 'forged' });
      expect(forged.status, post).toBe(403);
    }
    const [stored] = await listWebhooks(organization.id);
    expect(stored).toMatchObject({ id: endpoint.id, url: hook.url, enabled: true });
    expect((await findWebhook(organization.id, endpoint.id)).secrets).toHaveLength(1);
    expect(hook.received).toHaveLength(1);
    const delivery = await browser.get(`${path}/deliveries/${deliveryId}`);
    expect(delivery.text).toContain('<span class="badge ok">Succeeded</span>');
  });

  it('sends a signed-out GET to sign-in with next, and refuses a signed-out POST', async () => {
    const { organization } = await dashboardMember();
    const endpoint = await createWebhook(organization.id, { url: 'https://signed-out.example.com/' });
    const browser = new DashboardBrowser();
    for (const path of [WEBHOOKS, endpointPath(endpoint.id)]) {
      const response = await browser.get(path);
      expect(response.status, path).toBe(303);
      expect(response.location, path).toBe(`/dashboard/sign-in?next=${encodeURIComponent(path)}`);
    }
    for (const path of [WEBHOOKS, `${endpointPath(endpoint.id)}/delete`]) {
      const response = await browser.post(path, { url: 'https://anonymous.example.com/' });
      expect(response.status, path).toBe(303);
      expect(response.location, path).toBe('/dashboard/sign-in');
    }
    expect(await listWebhooks(organization.id)).toHaveLength(1);
  });
});
