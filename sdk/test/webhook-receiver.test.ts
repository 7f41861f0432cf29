/**
 * `webhookReceiver` from `@postbox/sdk/testing` against the local stack (which accepts loopback,
 * plain-http endpoints): a send's events arrive verified, `waitFor` finds them, a forged delivery is
 * refused, a timeout names what arrived, and `close()` removes the endpoint and frees the port.
 */
import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { Postbox } from '../src/index.ts';
import { WaitForTimeoutError, type WebhookReceiver, webhookReceiver } from '../src/testing/index.ts';
import { eventually, sdkOrganization, sdkSender, uniqueSubject } from './support/stack.ts';

const receivers: WebhookReceiver[] = [];
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
});

async function receiverFor(postbox: Postbox, options: Parameters<typeof webhookReceiver>[1] = {}) {
  const receiver = await webhookReceiver(postbox, options);
  receivers.push(receiver);
  return receiver;
}

async function send(postbox: Postbox, from: string, to = 'jane@example.com') {
  const { message_id } = await postbox.emails.send({
    from: { email: from },
    to: [{ email: to }],
    subject: uniqueSubject('Receiver'),
    text: 'x',
  });
  return message_id;
}

describe('webhookReceiver', () => {
  it("registers an endpoint for itself and receives a send's email.sent and email.delivered, verified", async () => {
    const { postbox, from } = await sdkSender();
    const receiver = await receiverFor(postbox);
    expect(receiver.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/postbox-webhooks$/);
    expect(await postbox.webhooks.list()).toEqual([
      expect.objectContaining({ id: receiver.webhookId, url: receiver.url, events: [], enabled: true }),
    ]);

    const emailId = await send(postbox, from);
    const ofThisEmail = (event: { data: Record<string, unknown> }) => event.data.email_id === emailId;
    const delivered = await receiver.waitFor('email.delivered', ofThisEmail);
    expect(delivered).toMatchObject({
      type: 'email.delivered',
      timestamp: expect.any(String),
      data: { email_id: emailId, to: ['jane@example.com'], environment: 'test', smtp_code: 250 },
    });
    // Deliveries are unordered: email.sent may come after email.delivered.
    const sent = await receiver.waitFor('email.sent', ofThisEmail);
    expect(sent.data).toMatchObject({ email_id: emailId });
    const emailEvents = receiver.events.filter((event) => event.type.startsWith('email.'));
    expect(emailEvents.map((event) => event.type).sort()).toEqual(['email.delivered', 'email.sent']);
    expect(receiver.rejected).toBe(0);
    // Every delivery of the endpoint succeeded (answered 2xx), once each.
    const deliveries = await eventually(async () => {
      const page = await postbox.webhooks.listDeliveries(receiver.webhookId);
      return page.data.every((delivery) => delivery.status === 'succeeded') ? page.data : undefined;
    });
    expect(deliveries.filter((delivery) => delivery.event_type.startsWith('email.'))).toHaveLength(2);
  });

  it('waits for the event a predicate picks among several, and subscribes to the types asked for only', async () => {
    const { postbox, from } = await sdkSender();
    const receiver = await receiverFor(postbox, { events: ['email.delivered', 'email.bounced'] });
    expect((await postbox.webhooks.get(receiver.webhookId)).events).toEqual(['email.delivered', 'email.bounced']);
    const waiting = receiver.waitFor('email.bounced', (event) => event.data.recipient === 'bounced@example.com');
    const [delivered, bounced] = await Promise.all([
      send(postbox, from, 'fine@example.com'),
      send(postbox, from, 'bounced@example.com'),
    ]);
    const bounce = await waiting;
    expect(bounce.data).toMatchObject({ email_id: bounced, bounce_type: 'hard' });
    await receiver.waitFor('email.delivered', (event) => event.data.email_id === delivered);
    expect(new Set(receiver.events.map((event) => event.type))).toEqual(new Set(['email.delivered', 'email.bounced']));
    await expect(receiver.waitFor('email.sent')).rejects.toThrow(
      'The webhook receiver is subscribed to email.delivered, email.bounced only, not email.sent',
    );
  });

  it('refuses a forged delivery with 401 and does not record it', async () => {
    // (No sending domain: its domain.verified event could still be on its way to the new endpoint.)
    const { postbox } = await sdkOrganization();
    const receiver = await receiverFor(postbox);
    const body = JSON.stringify({ type: 'email.delivered', timestamp: new Date().toISOString(), data: {} });
    const forge = (headers: Record<string, string>) =>
      fetch(receiver.url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
    const now = String(Math.floor(Date.now() / 1000));
    const forged = await forge({
      'webhook-id': 'msg_forged',
      'webhook-timestamp': now,
      'webhook-signature': `v1,${Buffer.from('not the signature').toString('base64')}`,
    });
    expect(forged.status).toBe(401);
    expect((await forge({})).status).toBe(401);
    expect((await fetch(receiver.url)).status).toBe(405);
    expect(receiver.events).toEqual([]);
    expect(receiver.rejected).toBe(2);
    const error = await receiver.waitFor('email.delivered', undefined, { timeoutMs: 300 }).catch((e: unknown) => e);
    expect((error as Error).message).toBe(
      `Timed out after 300 ms waiting for an event of type email.delivered at ${receiver.url}. No event arrived; ` +
        '2 deliveries refused with 401 (signature did not verify).',
    );
  });

  it('times out naming the event types that did arrive', async () => {
    const { postbox, from } = await sdkSender();
    const receiver = await receiverFor(postbox, { events: ['email.sent', 'email.delivered'] });
    const emailId = await send(postbox, from);
    await receiver.waitFor('email.delivered', (event) => event.data.email_id === emailId);
    await receiver.waitFor('email.sent', (event) => event.data.email_id === emailId);
    const error = await receiver
      .waitFor('email.delivered', (event) => event.data.email_id === 'another', { timeoutMs: 500 })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(WaitForTimeoutError);
    // Types in order of arrival (deliveries are unordered).
    const arrived = receiver.events.map((event) => `${event.type} ×1`).join(', ');
    expect(error).toMatchObject({
      timeoutMs: 500,
      message:
        `Timed out after 500 ms waiting for an event of type email.delivered matching the predicate at ${receiver.url}. ` +
        `Received: ${arrived} (no email.delivered matched the predicate).`,
      received: receiver.events,
    });
    expect(receiver.events.map((event) => event.type).sort()).toEqual(['email.delivered', 'email.sent']);
  });

  it('close() deletes the endpoint, frees the port, ends pending waits, and may be called again', async () => {
    const { postbox } = await sdkOrganization();
    const receiver = await webhookReceiver(postbox);
    const port = Number(new URL(receiver.url).port);
    const pending = receiver.waitFor('email.delivered').catch((caught: unknown) => caught);
    await receiver.close();
    expect(await pending).toMatchObject({ message: `The webhook receiver at ${receiver.url} was closed` });
    expect(await postbox.webhooks.list()).toEqual([]);
    await receiver.close();
    await expect(fetch(receiver.url, { method: 'POST' })).rejects.toThrow();
    // The port can be listened on again.
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', resolve);
    });
    await new Promise((resolve) => server.close(resolve));
    await expect(receiver.waitFor('email.sent')).rejects.toThrow('is closed');
  });
});
