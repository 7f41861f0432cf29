/**
 * `postbox.emails.waitFor` against the local stack, as an application's test uses it: the email its
 * code sent, with the links to follow; `subject` and `since` narrow it; a timeout says what did
 * arrive; a 429 on the way (a simulated one, then a real one) only delays it.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { WaitForTimeoutError } from '../src/index.ts';
import { checkedFetch, type Fetch, recording, sdk, sdkSender, uniqueSubject } from './support/stack.ts';

const address = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.com`;

async function timedOut(promise: Promise<unknown>): Promise<WaitForTimeoutError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(WaitForTimeoutError);
  return error as WaitForTimeoutError;
}

describe('postbox.emails.waitFor', () => {
  it('answers the email sent, as GET /emails/{id} does, with the links of its HTML', async () => {
    const { postbox, from } = await sdkSender();
    const to = address('magic');
    const subject = uniqueSubject('Sign in');
    const html = `<p>Hello!</p><p><a href="https://app.example/verify?token=t0k3n&amp;next=%2Fhome">Sign in</a></p>
      <p>Trouble? Paste https://app.example/verify?token=t0k3n&amp;next=%2Fhome or read https://help.example/sign-in.</p>
      <img src="https://cdn.example/logo.png" alt="">`;
    const { message_id } = await postbox.emails.send({
      from: { email: from },
      to: [{ email: to, name: 'Jane' }],
      subject,
      html,
      text: 'Sign in: https://app.example/text-only',
    });

    const email = await postbox.emails.waitFor({ to, subject });
    const { links, ...asRead } = email;
    // The same fields as a read (its status and events may have moved on since).
    const read = await postbox.emails.get(message_id);
    expect({ ...asRead, status: read.status, events: read.events, updated_at: read.updated_at }).toEqual(read);
    expect(email).toMatchObject({ id: message_id, to_addresses: [to], subject, html });
    expect(links).toEqual([
      'https://app.example/verify?token=t0k3n&next=%2Fhome',
      'https://help.example/sign-in',
      'https://cdn.example/logo.png',
    ]);
    // `to` compares as the API does: case and surrounding spaces do not matter.
    expect((await postbox.emails.waitFor({ to: `  ${to.toUpperCase()} ` })).id).toBe(message_id);
  });

  it("reads a text-only email's links from its text", async () => {
    const { postbox, from } = await sdkSender();
    const to = address('text');
    await postbox.emails.send({
      from: { email: from },
      to: [{ email: to }],
      subject: 'Your code',
      text: 'Your code is 123456.\nOr follow https://app.example/otp?code=123456&user=7, valid for 10 minutes.',
    });
    const email = await postbox.emails.waitFor({ to });
    expect(email).toMatchObject({ html: null, subject: 'Your code' });
    expect(email.links).toEqual(['https://app.example/otp?code=123456&user=7']);
  });

  it('matches a string subject exactly and a RegExp by test; the newest match wins', async () => {
    const { postbox, from } = await sdkSender();
    const to = address('subjects');
    const send = (subject: string) =>
      postbox.emails.send({ from: { email: from }, to: [{ email: to }], subject, text: subject });
    const welcome = await send('Welcome to Acme');
    const firstReset = await send('Reset your password');
    const secondReset = await send('Reset your password');

    expect((await postbox.emails.waitFor({ to, subject: 'Welcome to Acme' })).id).toBe(welcome.message_id);
    expect((await postbox.emails.waitFor({ to, subject: /^welcome/i })).id).toBe(welcome.message_id);
    expect((await postbox.emails.waitFor({ to, subject: 'Reset your password' })).id).toBe(secondReset.message_id);
    expect(firstReset.message_id).not.toBe(secondReset.message_id);
    // A part of the subject is not the subject.
    const error = await timedOut(postbox.emails.waitFor({ to, subject: 'Welcome', timeoutMs: 1_500 }));
    expect(error.message).toContain('with the subject "Welcome" since');
    expect(error.received.map((item) => (item as { subject: string }).subject)).toEqual([
      'Reset your password',
      'Reset your password',
      'Welcome to Acme',
    ]);
  });

  it('waits for an email sent after `since` (a Date or an ISO string), not an earlier one', async () => {
    const { postbox, from } = await sdkSender();
    const to = address('since');
    const send = () => postbox.emails.send({ from: { email: from }, to: [{ email: to }], subject: 'Code', text: 'x' });
    const earlier = await send();
    const earlierEmail = await postbox.emails.waitFor({ to });
    expect(earlierEmail.id).toBe(earlier.message_id);
    const since = new Date(Date.parse(earlierEmail.created_at) + 1);

    const waiting = postbox.emails.waitFor({ to, subject: 'Code', since, timeoutMs: 15_000 });
    await new Promise((resolve) => setTimeout(resolve, 700)); // a poll or two that find only the earlier one
    const later = await send();
    expect((await waiting).id).toBe(later.message_id);
    expect((await postbox.emails.waitFor({ to, since: since.toISOString() })).id).toBe(later.message_id);
    expect((await postbox.emails.waitFor({ to, since: earlierEmail.created_at })).id).toBe(later.message_id);
  });

  it('times out with what was waited for and what did arrive', async () => {
    const { postbox, from } = await sdkSender();
    const to = address('nothing');
    const nothing = await timedOut(postbox.emails.waitFor({ to, timeoutMs: 1_200 }));
    expect(nothing.message).toMatch(
      new RegExp(
        `^Timed out after 1200 ms waiting for an email to ${to} since (\\S+Z)\\. No email to ${to} since \\1\\.$`,
      ),
    );
    expect(nothing).toMatchObject({ name: 'WaitForTimeoutError', timeoutMs: 1_200, received: [] });

    const sent = await postbox.emails.send({
      from: { email: from },
      to: [{ email: to }],
      subject: 'Welcome',
      text: 'x',
    });
    const created = (await postbox.emails.get(sent.message_id)).created_at;
    const wrongSubject = await timedOut(postbox.emails.waitFor({ to, subject: /sign in/i, timeoutMs: 1_200 }));
    expect(wrongSubject.message).toBe(
      `Timed out after 1200 ms waiting for an email to ${to} with the subject /sign in/i since ${
        wrongSubject.message.match(/since (\S+Z)\./)?.[1]
      }. Emails to ${to} since then (newest first): "Welcome" at ${created}.`,
    );

    // An email just before `since` is named, so a `since` set too late shows.
    const tooLate = new Date(Date.parse(created) + 1);
    const late = await timedOut(postbox.emails.waitFor({ to, since: tooLate, timeoutMs: 1_000 }));
    expect(late.message).toBe(
      `Timed out after 1000 ms waiting for an email to ${to} since ${tooLate.toISOString()}. ` +
        `No email to ${to} since ${tooLate.toISOString()}. Before then: "Welcome" at ${created}.`,
    );
  });

  it('rejects a wait without `to` or with a `since` that is not a date, before any request', async () => {
    const { fetch, attempts } = recording();
    const postbox = sdk('pb_test_unused', { fetch });
    await expect(postbox.emails.waitFor({ to: ' ' })).rejects.toThrow(TypeError);
    await expect(postbox.emails.waitFor({ to: 'a@example.com', since: 'yesterday' })).rejects.toThrow(
      '`since` is not a date: yesterday',
    );
    expect(attempts).toHaveLength(0);
  });

  it('waits out a 429 on its way, retried by the client or by its own next poll', async () => {
    const { key, from } = await sdkSender();
    const to = address('limited');
    await sdk(key).emails.send({ from: { email: from }, to: [{ email: to }], subject: 'Hi', text: 'x' });

    // A simulated 429 on the first poll: the client waits for Retry-After and polls again.
    let first = true;
    const limitedOnce: Fetch = (input, init) => {
      const headers = {
        ...(init.headers as Record<string, string>),
        ...(first ? { 'postbox-simulate': 'rate_limited' } : {}),
      };
      first = false;
      return checkedFetch(input, { ...init, headers });
    };
    for (const maxRetries of [2, 0]) {
      first = true;
      const { fetch, attempts } = recording(limitedOnce);
      const email = await sdk(key, { fetch, maxRetries }).emails.waitFor({ to, timeoutMs: 5_000 });
      expect(email.to_addresses).toEqual([to]);
      expect(attempts.map((attempt) => `${attempt.method} ${attempt.status}`)).toEqual([
        'GET 429',
        'GET 200',
        'GET 200',
      ]);
      const [limited, next] = attempts as [(typeof attempts)[0], (typeof attempts)[0]];
      expect(next.startedAt - limited.endedAt).toBeGreaterThanOrEqual(995);
    }
  });

  it('keeps polling through real rate limiting (an organization allowed 2 requests a second)', async () => {
    const { key, from } = await sdkSender({ rateLimitPerSecond: 2 });
    const to = address('busy');
    const { fetch, attempts } = recording();
    const postbox = sdk(key, { fetch });
    // Polls every 50 ms against a limit of 2/s while the email is sent: some polls meet a 429.
    const waiting = postbox.emails.waitFor({ to, pollIntervalMs: 50, timeoutMs: 20_000 });
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const sent = await sdk(key, { maxRetries: 10 }).emails.send({
      from: { email: from },
      to: [{ email: to }],
      subject: 'Eventually',
      text: 'x',
    });
    expect((await waiting).id).toBe(sent.message_id);
    expect(attempts.some((attempt) => attempt.status === 429)).toBe(true);
    expect(attempts.at(-1)?.status).toBe(200);
  });
});
