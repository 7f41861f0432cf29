/**
 * The example app tested the way its developers would: against a real Postbox (@postbox/local), reading
 * back the email it sent with `emails.waitFor`, receiving Postbox's signed webhooks, and provoking a
 * rate limit with the `Postbox-Simulate` header.
 */
import { randomUUID } from 'node:crypto';
import { Postbox } from '@postbox/sdk';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { createApp } from '../src/app.js';

const baseUrl = inject('postboxUrl');
const apiKey = inject('postboxApiKey');
const postbox = new Postbox({ apiKey, baseUrl });
const apps = [];

/** The app, listening, with an SDK client of its own (`fetch` lets a test add a fault header). */
async function startApp(fetch) {
  const app = createApp({
    postbox: new Postbox({ apiKey, baseUrl, ...(fetch ? { fetch } : {}) }),
    from: 'signin@postbox.test',
  });
  const url = await app.listen();
  apps.push(app);
  return { app, url };
}

const login = (url, email) =>
  fetch(`${url}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });

afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

describe('magic-link sign-in', () => {
  it('signs the user in with the link from the email it sent', async () => {
    const { url } = await startApp();
    const email = `jane.${randomUUID()}@example.com`;
    expect((await login(url, email)).status).toBe(202);

    const sent = await postbox.emails.waitFor({ to: email, subject: 'Your sign-in link' });
    const link = sent.links.find((candidate) => candidate.startsWith(`${url}/verify?token=`));
    expect(link).toBeDefined();
    const signedIn = await fetch(link);
    expect(signedIn.status).toBe(200);
    expect(await signedIn.json()).toEqual({ signed_in: email });
    // A link works once.
    expect((await fetch(link)).status).toBe(401);
  });

  it('learns from a signed webhook that an address bounced, and stops sending to it', async () => {
    const { app, url } = await startApp();
    const endpoint = await postbox.webhooks.create({ url: `${url}/webhooks/postbox`, events: ['email.bounced'] });
    app.setWebhookSecret(endpoint.secret);
    try {
      const email = `bounced+${randomUUID()}@example.com`;
      expect((await login(url, email)).status).toBe(202);
      const deadline = Date.now() + 20_000;
      let status;
      do {
        await new Promise((resolve) => setTimeout(resolve, 200));
        status = await (await fetch(`${url}/status?email=${encodeURIComponent(email)}`)).json();
      } while (!status.undeliverable && Date.now() < deadline);
      expect(status.undeliverable).toBe(true);
      expect((await login(url, email)).status).toBe(422);
      // A forged webhook is refused.
      const forged = await fetch(`${url}/webhooks/postbox`, { method: 'POST', body: '{}' });
      expect(forged.status).toBe(401);
    } finally {
      await postbox.webhooks.delete(endpoint.id);
    }
  });

  it('does not lose the sign-in email when Postbox answers 429 first', async () => {
    let first = true;
    const rateLimitedOnce = (input, init) => {
      const headers = { ...init.headers, ...(first ? { 'postbox-simulate': 'rate_limited' } : {}) };
      first = false;
      return fetch(input, { ...init, headers });
    };
    const { url } = await startApp(rateLimitedOnce);
    const email = `sam.${randomUUID()}@example.com`;
    expect((await login(url, email)).status).toBe(202);
    expect(first).toBe(false);
    const sent = await postbox.emails.waitFor({ to: email });
    expect(sent.subject).toBe('Your sign-in link');
    const all = await postbox.emails.list({ to: email });
    expect(all.pagination.total_count).toBe(1);
  });
});
