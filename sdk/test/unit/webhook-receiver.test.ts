/**
 * The receiver's own rules, with a fake API (no stack): deliveries signed with the endpoint's secret
 * are recorded once per webhook-id and answered 204, even one arriving before the creation's answer
 * was read; anything else is 401; a failed registration leaves no server behind.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { type EmailReceivedData, Postbox, PostboxError } from '../../src/index.ts';
import { webhookReceiver } from '../../src/testing/index.ts';

const secretBytes = randomBytes(32);
const secret = `whsec_${secretBytes.toString('base64')}`;

/** A client whose API creates and deletes one endpoint (creation answered when `answer` resolves). */
function fakePostbox(answer: Promise<void> = Promise.resolve()) {
  const calls: string[] = [];
  let registered: (url: string) => void = () => undefined;
  const created = new Promise<string>((resolve) => {
    registered = resolve;
  });
  const postbox = new Postbox({
    apiKey: 'pb_test_x',
    baseUrl: 'https://postbox.example',
    fetch: async (input, init) => {
      calls.push(`${init.method} ${new URL(input).pathname}`);
      if (init.method === 'POST') {
        const { url } = JSON.parse(String(init.body));
        registered(url);
        await answer;
        return Response.json({ data: { id: 'wh_1', url, events: [], secret } }, { status: 201 });
      }
      return Response.json({ data: { id: 'wh_1', deleted: true } });
    },
  });
  return { postbox, calls, created };
}

function deliver(url: string, id: string, body: string, key = secretBytes, timestamp = Math.floor(Date.now() / 1000)) {
  const signature = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
  return fetch(url, {
    method: 'POST',
    headers: { 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': `v1,${signature}` },
    body,
  });
}

const event = (type: string, data: Record<string, unknown> = {}) =>
  JSON.stringify({ type, timestamp: new Date().toISOString(), data });

describe('webhookReceiver', () => {
  it('records each verified delivery once, in arrival order, and refuses the others', async () => {
    const { postbox, calls } = fakePostbox();
    const receiver = await webhookReceiver(postbox);
    try {
      expect(calls).toEqual(['POST /api/v1/webhooks']);
      const waiting = receiver.waitFor('email.delivered', (e) => e.data.email_id === 'e2');
      expect((await deliver(receiver.url, 'msg_1', event('email.delivered', { email_id: 'e1' }))).status).toBe(204);
      expect((await deliver(receiver.url, 'msg_2', event('email.delivered', { email_id: 'e2' }))).status).toBe(204);
      // A retry of msg_1 (same webhook-id) is acknowledged, not recorded again.
      expect((await deliver(receiver.url, 'msg_1', event('email.delivered', { email_id: 'e1' }))).status).toBe(204);
      expect((await waiting).data).toEqual({ email_id: 'e2' });
      // Another secret, a stale timestamp, a body changed after signing.
      expect((await deliver(receiver.url, 'msg_3', event('email.sent'), randomBytes(32))).status).toBe(401);
      const stale = Math.floor(Date.now() / 1000) - 3600;
      expect((await deliver(receiver.url, 'msg_4', event('email.sent'), secretBytes, stale)).status).toBe(401);
      expect(receiver.events.map((e) => e.data)).toEqual([{ email_id: 'e1' }, { email_id: 'e2' }]);
      expect(receiver.rejected).toBe(2);
    } finally {
      await receiver.close();
    }
    expect(calls).toEqual(['POST /api/v1/webhooks', 'DELETE /api/v1/webhooks/wh_1']);
  });

  it('types waitFor by the event type: email.received gives its data', async () => {
    const { postbox } = fakePostbox();
    const receiver = await webhookReceiver(postbox, { events: ['email.received'] });
    try {
      const waiting = receiver.waitFor('email.received', (e) => e.data.inbound_id === 'inb_2');
      for (const id of ['inb_1', 'inb_2']) {
        const delivery = event('email.received', { inbound_id: id, subject: 'Re: hi' });
        expect((await deliver(receiver.url, `msg_${id}`, delivery)).status).toBe(204);
      }
      const received = await waiting;
      expectTypeOf(received.data).toEqualTypeOf<EmailReceivedData>();
      expect(received).toMatchObject({ type: 'email.received', data: { inbound_id: 'inb_2', subject: 'Re: hi' } });
      await expect(receiver.waitFor('email.sent')).rejects.toThrow('subscribed to email.received only');
    } finally {
      await receiver.close();
    }
  });

  it('holds a delivery that arrives before the secret is known until it is', async () => {
    let answer: () => void = () => undefined;
    const { postbox, created } = fakePostbox(
      new Promise<void>((resolve) => {
        answer = resolve;
      }),
    );
    const starting = webhookReceiver(postbox);
    const early = deliver(await created, 'msg_1', event('webhook.test'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    answer();
    const receiver = await starting;
    try {
      expect((await early).status).toBe(204);
      expect(await receiver.waitFor('webhook.test', undefined, { timeoutMs: 1 })).toMatchObject({
        type: 'webhook.test',
      });
    } finally {
      await receiver.close();
    }
  });

  it('closes its server when the endpoint cannot be created, and close() ignores an endpoint already gone', async () => {
    const refused = new Postbox({
      apiKey: 'pb_test_x',
      baseUrl: 'https://postbox.example',
      fetch: async () =>
        Response.json({ error: { code: 'CONFLICT', message: 'At most 20 endpoints' } }, { status: 409 }),
    });
    await expect(webhookReceiver(refused)).rejects.toBeInstanceOf(PostboxError);

    let deletes = 0;
    const gone = new Postbox({
      apiKey: 'pb_test_x',
      baseUrl: 'https://postbox.example',
      fetch: async (_input, init) => {
        if (init.method === 'POST') {
          return Response.json({ data: { id: 'wh_1', url: 'x', events: [], secret } }, { status: 201 });
        }
        deletes += 1;
        return Response.json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, { status: 404 });
      },
    });
    const receiver = await webhookReceiver(gone);
    await Promise.all([receiver.close(), receiver.close()]);
    await receiver.close();
    expect(deletes).toBe(1);
    await expect(fetch(receiver.url, { method: 'POST' })).rejects.toThrow();
  });
});
