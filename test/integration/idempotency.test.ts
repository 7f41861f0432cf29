import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { acceptEmail } from '#emails/send.service.ts';
import { sendEmailBody } from '#emails/send-request.ts';
import { createSender, deadIdempotentRequest, sendRequest } from '../support/factories.ts';
import { expectError } from '../support/http.ts';
import { eventually, sesMessages } from '../support/ses-store.ts';

const SEND = '/api/v1/emails/send';

async function sesCount(subject: string): Promise<number> {
  return (await sesMessages(subject)).length;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const message = (domain: string, subject = `Idem ${randomUUID()}`) => sendRequest(domain, { subject });

const withKey = (key: string) => ({ headers: { 'Idempotency-Key': key } });

/** Exactly one email with this subject reached SES, and it stays one for a while. */
async function expectSentOnce(subject: string) {
  await eventually(async () => ((await sesCount(subject)) > 0 ? true : undefined));
  await sleep(2500);
  expect(await sesCount(subject)).toBe(1);
}

describe('Idempotency-Key on POST /emails/send', () => {
  it('replays the first response for the same key and body, and sends one email', async () => {
    const { api, domain } = await createSender();
    const body = message(domain);
    const key = randomUUID();
    const first = await api.post(SEND, body, withKey(key));
    expect(first.status, first.text).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();

    // Same content, other key order: the same request.
    const reordered = { text: body.text, subject: body.subject, to: body.to, from: body.from };
    const second = await api.post(SEND, reordered, withKey(key));
    expect(second.status, second.text).toBe(201);
    expect(second.text).toBe(first.text);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);

    const id = first.body.data.message_id as string;
    const email = await api.get(`/api/v1/emails/${id}`);
    expect(email.status).toBe(200);
    expect(email.body.data.subject).toBe(body.subject);
    await expectSentOnce(body.subject);
  });

  it('refuses the same key with another body (409 IDEMPOTENCY_CONFLICT)', async () => {
    const { api, domain } = await createSender();
    const key = randomUUID();
    const body = message(domain);
    expect((await api.post(SEND, body, withKey(key))).status).toBe(201);
    const error = expectError(
      await api.post(SEND, { ...body, text: 'another text' }, withKey(key)),
      409,
      'IDEMPOTENCY_CONFLICT',
    );
    expect(error.message).toMatch(/Idempotency-Key/);
    // The first request is still replayed.
    const replay = await api.post(SEND, body, withKey(key));
    expect(replay.status).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
  });

  it('runs 10 concurrent requests with one key exactly once', async () => {
    const { api, domain } = await createSender();
    const key = randomUUID();
    const body = message(domain);
    const responses = await Promise.all(Array.from({ length: 10 }, () => api.post(SEND, body, withKey(key))));
    const originals = responses.filter((r) => r.status === 201 && r.headers['idempotent-replayed'] === undefined);
    const replays = responses.filter((r) => r.status === 201 && r.headers['idempotent-replayed'] === 'true');
    const inProgress = responses.filter((r) => r.status === 409 && r.body?.error?.code === 'IDEMPOTENCY_IN_PROGRESS');
    expect(originals, responses.map((r) => `${r.status} ${r.text}`).join('\n')).toHaveLength(1);
    expect(replays.length + inProgress.length).toBe(9);
    const id = originals[0]?.body.data.message_id;
    for (const replay of replays) expect(replay.body.data.message_id).toBe(id);

    // Once the first has finished, a retry is a replay.
    const retry = await api.post(SEND, body, withKey(key));
    expect(retry.status).toBe(201);
    expect(retry.body.data.message_id).toBe(id);
    await expectSentOnce(body.subject);
  });

  it('keeps the keys of each organization apart', async () => {
    const first = await createSender();
    const second = await createSender();
    const key = randomUUID();
    const subject = `Idem ${randomUUID()}`;
    const a = await first.api.post(SEND, message(first.domain, subject), withKey(key));
    const b = await second.api.post(SEND, message(second.domain, subject), withKey(key));
    expect(a.status, a.text).toBe(201);
    expect(b.status, b.text).toBe(201);
    expect(b.headers['idempotent-replayed']).toBeUndefined();
    expect(b.body.data.message_id).not.toBe(a.body.data.message_id);
    // Each organization sees only its own email.
    expect((await second.api.get(`/api/v1/emails/${a.body.data.message_id}`)).status).toBe(404);
    await eventually(async () => ((await sesCount(subject)) === 2 ? true : undefined));
  });

  it('refuses a malformed key with 400 VALIDATION_ERROR and sends nothing', async () => {
    const { api, domain } = await createSender();
    for (const key of ['k'.repeat(257), 'clé']) {
      const body = message(domain);
      const error = expectError(await api.post(SEND, body, withKey(key)), 400, 'VALIDATION_ERROR');
      expect(error.details).toEqual([{ field: 'Idempotency-Key', message: expect.any(String) }]);
      await sleep(500);
      expect(await sesCount(body.subject)).toBe(0);
    }
    const longest = await api.post(SEND, message(domain), withKey('k'.repeat(256)));
    expect(longest.status, longest.text).toBe(201);
  });

  it('does not burn the key on a failed request: the fixed request runs with the same key', async () => {
    const { api, domain } = await createSender();
    const key = randomUUID();
    const subject = `Idem ${randomUUID()}`;
    const wrong = { ...message(domain, subject), from: { email: 'a@unverified.example' } };
    expectError(await api.post(SEND, wrong, withKey(key)), 400, 'DOMAIN_NOT_VERIFIED');
    // A failure is not replayed: the same failing request runs (and fails) again.
    expectError(await api.post(SEND, wrong, withKey(key)), 400, 'DOMAIN_NOT_VERIFIED');

    const fixed = await api.post(SEND, message(domain, subject), withKey(key));
    expect(fixed.status, fixed.text).toBe(201);
    expect(fixed.headers['idempotent-replayed']).toBeUndefined();
    const again = await api.post(SEND, message(domain, subject), withKey(key));
    expect(again.text).toBe(fixed.text);
    expect(again.headers['idempotent-replayed']).toBe('true');
    await expectSentOnce(subject);
  });

  it('resumes the email of a request that died before answering, instead of sending a second one', async () => {
    const { api, domain, caller } = await createSender();
    const body = message(domain);
    const key = randomUUID();
    // The dead request wrote and queued the email under the id it reserved, and died before answering.
    const validated = sendEmailBody.parse(body);
    const reservedId = await deadIdempotentRequest(caller, key, 'send', validated);
    const written = await acceptEmail(caller, validated, { emailId: reservedId });

    const retry = await api.post(SEND, body, withKey(key));
    expect(retry.status, retry.text).toBe(201);
    expect(retry.body.data).toEqual(written);
    await expectSentOnce(body.subject);
    // From now on the key replays the resumed answer.
    const replay = await api.post(SEND, body, withKey(key));
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body.data.message_id).toBe(reservedId);
  });

  it('answers under /v1 as under /api/v1 (one route, one key)', async () => {
    const { api, domain } = await createSender();
    const key = randomUUID();
    const body = message(domain);
    const first = await api.post(SEND, body, withKey(key));
    const alias = await api.post('/v1/emails/send', body, withKey(key));
    expect(alias.status).toBe(201);
    expect(alias.text).toBe(first.text);
    expect(alias.headers['idempotent-replayed']).toBe('true');
  });
});
