/**
 * Webhook deliveries end to end on the local stack: events recorded by the real pipeline reach a
 * receiver on 127.0.0.1 through the table's stream, the fan-out, the webhook queue and its consumer,
 * signed (verified with the `standardwebhooks` package); retries, 410, timeouts, exhaustion and a
 * manual retry, rotation, filters, disabled endpoints, isolation, the log and the test event.
 * (The local cloud retries after 1 s, 4 attempts, with a 1.5 s timeout: test/support/global-setup.ts.)
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it } from 'vitest';
import { db, tableName } from '#dynamo/client.ts';
import { keys } from '#dynamo/keys.ts';
import { getWebhook } from '#webhooks/webhook.store.ts';
import { createSender, createTestOrganization, recipients, verifiedDomainFor } from '../support/factories.ts';
import { expectError } from '../support/http.ts';
import { eventually } from '../support/ses-store.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

const receivers: WebhookReceiver[] = [];
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
});

async function receiver(behaviour: Parameters<typeof startWebhookReceiver>[0] = {}) {
  const started = await startWebhookReceiver(behaviour);
  receivers.push(started);
  return started;
}

type Api = Awaited<ReturnType<typeof createTestOrganization>>['api'];

async function addEndpoint(api: Api, url: string, fields: Record<string, unknown> = {}) {
  const created = await api.post('/api/v1/webhooks', { url, ...fields });
  expect(created.status, created.text).toBe(201);
  return created.body.data as { id: string; secret: string };
}

async function deliveriesOf(api: Api, webhookId: string, query = '') {
  const listed = await api.get(`/api/v1/webhooks/${webhookId}/deliveries${query}`);
  expect(listed.status, listed.text).toBe(200);
  return listed.body as {
    data: Array<{ id: string; status: string; event_type: string; attempt_count: number; [field: string]: unknown }>;
    pagination: Record<string, number>;
  };
}

async function deliveryWith(api: Api, webhookId: string, status: string) {
  return eventually(async () => (await deliveriesOf(api, webhookId, `?status=${status}`)).data[0], 20_000);
}

describe('webhook deliveries', () => {
  it('delivers a send’s events signed, with Postbox’s ids, verified by the standardwebhooks package', async () => {
    const hook = await receiver();
    const sender = await createSender();
    const endpoint = await addEndpoint(sender.api, hook.url);
    const sent = await sender.send({ to: recipients('someone@example.com'), tags: { order: '42' } });
    expect(sent.status, sent.text).toBe(201);
    const emailId = sent.body.data.message_id;

    // (The domain's own domain.verified may arrive too: its change reached the stream after the
    // endpoint was added. Only the email's events are looked at.)
    const emailEvents = async () =>
      hook.events().filter((event) => event.type.startsWith('email.')).length >= 2 ? true : undefined;
    await eventually(emailEvents);
    const arrived = hook.received.filter((request) => request.body.includes('"email.'));
    const verifier = new Webhook(endpoint.secret);
    for (const request of hook.received) {
      expect(() => verifier.verify(request.body, request.headers as Record<string, string>)).not.toThrow();
      expect(request.headers['content-type']).toBe('application/json');
    }
    const types = hook
      .events()
      .map((event) => event.type)
      .filter((type) => type.startsWith('email.'));
    expect(types.sort()).toEqual(['email.delivered', 'email.sent']);
    const delivered = hook.events().find((event) => event.type === 'email.delivered');
    expect(delivered?.data).toMatchObject({
      email_id: emailId,
      message_id: emailId,
      environment: 'test',
      from: `hello@${sender.domain}`,
      to: ['someone@example.com'],
      subject: 'Hello',
      tags: { order: '42' },
      recipient: 'someone@example.com',
    });
    expect(JSON.stringify(hook.events())).not.toMatch(/ses|local-/i);
    // A tampered body fails verification.
    const first = arrived[0];
    expect(() => verifier.verify(`${first?.body} `, (first?.headers ?? {}) as Record<string, string>)).toThrow();

    const log = await eventually(async () => {
      const page = await deliveriesOf(sender.api, endpoint.id, '?status=succeeded');
      return page.data.filter((d) => d.event_type.startsWith('email.')).length === 2 ? page : undefined;
    });
    expect(log.pagination.total_count).toBe(hook.received.length);
    expect(
      log.data
        .map((d) => d.event_type)
        .filter((type) => type.startsWith('email.'))
        .sort(),
    ).toEqual(['email.delivered', 'email.sent']);
    const detail = await sender.api.get(`/api/v1/webhooks/${endpoint.id}/deliveries/${log.data[0]?.id}`);
    expect(detail.status, detail.text).toBe(200);
    expect(detail.body.data.attempts).toHaveLength(1);
    expect(detail.body.data.attempts[0]).toMatchObject({ status_code: 200, error: null, response_body: 'ok' });
    expect(arrived.map((r) => r.headers['webhook-id'])).toContain(log.data[0]?.id);
  });

  it('fires every event type of a real flow: bounce with its suppression, complaint, open, cancel, domain verified, suppression deleted', async () => {
    const hook = await receiver();
    const org = await createTestOrganization();
    await addEndpoint(org.api, hook.url);
    const domain = await verifiedDomainFor(org.api);
    const from = { email: `hello@${domain}` };
    const send = (to: string, fields: Record<string, unknown> = {}) =>
      org.api.post('/api/v1/emails/send', { from, to: recipients(to), subject: 'Hi', text: 'Hi', ...fields });
    for (const to of ['bounced@example.com', 'complained@example.com', 'opened@example.com']) {
      expect((await send(to, { tracking: { opens: true } })).status).toBe(201);
    }
    const later = await send('later@example.com', { scheduled_at: new Date(Date.now() + 3600_000).toISOString() });
    expect((await org.api.post(`/api/v1/emails/${later.body.data.message_id}/cancel`)).status).toBe(200);

    const wanted = [
      'domain.verified',
      'email.bounced',
      'suppression.created',
      'email.complained',
      'email.opened',
      'email.cancelled',
    ];
    await eventually(async () => {
      const types = new Set(hook.events().map((event) => event.type));
      return wanted.every((type) => types.has(type)) ? true : undefined;
    });
    const events = hook.events();
    const bounce = events.find((event) => event.type === 'email.bounced');
    expect(bounce?.data).toMatchObject({ recipient: 'bounced@example.com', bounce_type: 'hard', smtp_code: 550 });
    const suppressions = events.filter((event) => event.type === 'suppression.created').map((e) => e.data);
    expect(suppressions).toEqual(
      expect.arrayContaining([expect.objectContaining({ email: 'bounced@example.com', reason: 'hard_bounce' })]),
    );
    expect(events.find((event) => event.type === 'domain.verified')?.data).toMatchObject({ name: domain });

    const listed = await org.api.get('/api/v1/suppressions');
    const bounced = listed.body.data.find((entry: { email: string }) => entry.email === 'bounced@example.com');
    expect((await org.api.delete(`/api/v1/suppressions/${bounced.id}`)).status).toBe(200);
    await eventually(async () =>
      hook.events().some((event) => event.type === 'suppression.deleted' && event.data.email === 'bounced@example.com')
        ? true
        : undefined,
    );
  });

  it('retries a failing receiver with the same webhook-id until it succeeds', async () => {
    const hook = await receiver({ statuses: [500, 503, 200] });
    const sender = await createSender();
    const endpoint = await addEndpoint(sender.api, hook.url, { events: ['email.sent'] });
    await sender.send();
    const arrived = await hook.waitFor(3);
    expect(new Set(arrived.map((r) => r.headers['webhook-id'])).size).toBe(1);
    const done = await deliveryWith(sender.api, endpoint.id, 'succeeded');
    expect(done.attempt_count).toBe(3);
    const detail = (await sender.api.get(`/api/v1/webhooks/${endpoint.id}/deliveries/${done.id}`)).body.data;
    expect(detail.attempts.map((a: { status_code: number }) => a.status_code)).toEqual([500, 503, 200]);
    expect(detail.attempts[0].response_body).toBe('status 500');
    // Retried after the schedule's 1 s, not at once.
    expect((arrived[1]?.receivedAt ?? 0) - (arrived[0]?.receivedAt ?? 0)).toBeGreaterThanOrEqual(900);
  });

  it('honours Retry-After when it asks for longer than the schedule', async () => {
    const hook = await receiver({ statuses: [429, 200], retryAfter: '3' });
    const sender = await createSender();
    await addEndpoint(sender.api, hook.url, { events: ['email.sent'] });
    await sender.send();
    const arrived = await hook.waitFor(2);
    expect((arrived[1]?.receivedAt ?? 0) - (arrived[0]?.receivedAt ?? 0)).toBeGreaterThanOrEqual(2_900);
  });

  it('fails a delivery after the last attempt (a timeout each), then succeeds on a manual retry', async () => {
    const hook = await receiver({ hang: true });
    const sender = await createSender();
    const endpoint = await addEndpoint(sender.api, hook.url, { events: ['email.sent'] });
    await sender.send();
    // While its attempts go on, a retry by hand is refused.
    const pending = await deliveryWith(sender.api, endpoint.id, 'pending');
    expectError(
      await sender.api.post(`/api/v1/webhooks/${endpoint.id}/deliveries/${pending.id}/retry`),
      409,
      'CONFLICT',
    );
    const failed = await deliveryWith(sender.api, endpoint.id, 'failed');
    expect(failed.attempt_count).toBe(4);
    const detail = (await sender.api.get(`/api/v1/webhooks/${endpoint.id}/deliveries/${failed.id}`)).body.data;
    expect(detail.attempts.every((a: { error: string; status_code: null }) => a.status_code === null)).toBe(true);
    expect(detail.attempts[0].error).toMatch(/timed out after 1\.5 s/);

    hook.program({ statuses: [200] });
    const retried = await sender.api.post(`/api/v1/webhooks/${endpoint.id}/deliveries/${failed.id}/retry`);
    expect(retried.status, retried.text).toBe(202);
    expect(retried.body.data).toMatchObject({ id: failed.id, status: 'pending' });
    const succeeded = await deliveryWith(sender.api, endpoint.id, 'succeeded');
    expect(succeeded).toMatchObject({ id: failed.id, attempt_count: 5, last_status_code: 200 });
    expect(new Set(hook.received.map((r) => r.headers['webhook-id']))).toEqual(new Set([failed.id]));
    const counts = await deliveriesOf(sender.api, endpoint.id);
    expect(counts.pagination.total_count).toBe(1);
    expect((await deliveriesOf(sender.api, endpoint.id, '?status=failed')).pagination.total_count).toBe(0);
  });

  it('disables the endpoint on a 410 and stops delivering to it', async () => {
    const hook = await receiver({ statuses: [410] });
    const sender = await createSender();
    const endpoint = await addEndpoint(sender.api, hook.url, { events: ['email.sent'] });
    await sender.send();
    const failed = await deliveryWith(sender.api, endpoint.id, 'failed');
    expect(failed.attempt_count).toBe(1);
    const read = (await sender.api.get(`/api/v1/webhooks/${endpoint.id}`)).body.data;
    expect(read).toMatchObject({ enabled: false, disabled_reason: 'gone' });
    await sender.send();
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(hook.received).toHaveLength(1);
  });

  it('disables an endpoint whose attempts have all failed for 5 days, and a success clears the count', async () => {
    const hook = await receiver({ statuses: [200] });
    const sender = await createSender();
    const endpoint = await addEndpoint(sender.api, hook.url, { events: ['email.sent'] });
    const failingSince = (since: string | null) =>
      db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.webhook(sender.organization.id, endpoint.id),
          UpdateExpression: 'SET failing_since = :since',
          ExpressionAttributeValues: { ':since': since },
        }),
      );
    // Failing for 4 days and a bit, then a success: the count starts over.
    await failingSince(new Date(Date.now() - 4.5 * 86_400_000).toISOString());
    await sender.send();
    await deliveryWith(sender.api, endpoint.id, 'succeeded');
    await eventually(async () =>
      (await getWebhook(sender.organization.id, endpoint.id))?.failing_since ? undefined : true,
    );

    // Failing for 5 days and a bit, then one more failure: disabled as failing.
    hook.program({ statuses: [500] });
    await failingSince(new Date(Date.now() - 5.1 * 86_400_000).toISOString());
    await sender.send();
    const disabled = await eventually(async () => {
      const read = (await sender.api.get(`/api/v1/webhooks/${endpoint.id}`)).body.data;
      return read.enabled ? undefined : read;
    });
    expect(disabled).toMatchObject({ enabled: false, disabled_reason: 'failing' });
    // Enabling it again clears the reason and the failure clock.
    const enabled = await sender.api.patch(`/api/v1/webhooks/${endpoint.id}`, { enabled: true });
    expect(enabled.body.data).toMatchObject({ enabled: true, disabled_reason: null });
    expect((await getWebhook(sender.organization.id, endpoint.id))?.failing_since ?? null).toBeNull();
  });

  it('holds a slow endpoint to 5 attempts at once, and another endpoint is not kept waiting by it', async () => {
    const slow = await receiver({ delayMs: 1_000 });
    const quick = await receiver();
    const sender = await createSender();
    await addEndpoint(sender.api, slow.url, { events: ['email.sent'] });
    await addEndpoint(sender.api, quick.url, { events: ['email.sent'] });
    const emails = 15;
    const started = Date.now();
    await Promise.all(
      Array.from({ length: emails }, (_, i) => sender.send({ to: recipients(`slow${i}@example.com`) })),
    );
    await quick.waitFor(emails);
    const quickDone = Date.now() - started;
    await slow.waitFor(emails, 30_000);
    expect(slow.maxInFlight()).toBeLessThanOrEqual(5);
    expect(slow.maxInFlight()).toBeGreaterThanOrEqual(2);
    // 15 one-second answers 5 at a time take ≥ 3 s; the quick endpoint's were all in well before.
    expect(Date.now() - started).toBeGreaterThanOrEqual(3_000);
    expect(quickDone).toBeLessThan(Date.now() - started);
  });

  it('sends only the subscribed types, nothing to a disabled endpoint, and nothing across organizations', async () => {
    const onlyDelivered = await receiver();
    const disabled = await receiver();
    const other = await receiver();
    const sender = await createSender();
    await addEndpoint(sender.api, onlyDelivered.url, { events: ['email.delivered'] });
    await addEndpoint(sender.api, disabled.url, { enabled: false });
    const stranger = await createTestOrganization();
    await addEndpoint(stranger.api, other.url);
    await sender.send();
    await onlyDelivered.waitFor(1);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(onlyDelivered.events().map((event) => event.type)).toEqual(['email.delivered']);
    expect(disabled.received).toHaveLength(0);
    expect(other.received).toHaveLength(0);
  });

  it('signs with both secrets during a rotation’s overlap', async () => {
    const hook = await receiver();
    const sender = await createSender();
    const endpoint = await addEndpoint(sender.api, hook.url, { events: ['email.sent'] });
    const rotated = (await sender.api.post(`/api/v1/webhooks/${endpoint.id}/rotate-secret`)).body.data.secret;
    await sender.send();
    const [request] = await hook.waitFor(1);
    const headers = (request?.headers ?? {}) as Record<string, string>;
    expect(headers['webhook-signature']?.split(' ')).toHaveLength(2);
    expect(() => new Webhook(endpoint.secret).verify(request?.body ?? '', headers)).not.toThrow();
    expect(() => new Webhook(rotated).verify(request?.body ?? '', headers)).not.toThrow();
  });

  it('sends a test event now and logs it; other organizations and unknown ids are 404', async () => {
    const hook = await receiver();
    const org = await createTestOrganization();
    const endpoint = await addEndpoint(org.api, hook.url, { enabled: false });
    const tested = await org.api.post(`/api/v1/webhooks/${endpoint.id}/test`);
    expect(tested.status, tested.text).toBe(200);
    expect(tested.body.data).toMatchObject({ status_code: 200, error: null });
    expect(hook.events()).toEqual([expect.objectContaining({ type: 'webhook.test' })]);
    expect(hook.received[0]?.headers['webhook-id']).toBe(tested.body.data.delivery_id);
    const logged = await deliveriesOf(org.api, endpoint.id);
    expect(logged.data).toEqual([expect.objectContaining({ id: tested.body.data.delivery_id, status: 'succeeded' })]);
    expect(logged.pagination).toMatchObject({ total_count: 1, total_pages: 1 });

    const unreachable = await org.api.patch(`/api/v1/webhooks/${endpoint.id}`, { url: 'http://127.0.0.1:9/closed' });
    expect(unreachable.status).toBe(200);
    const refused = await org.api.post(`/api/v1/webhooks/${endpoint.id}/test`);
    expect(refused.body.data).toMatchObject({ status_code: null, error: 'connection refused' });

    const stranger = await createTestOrganization();
    expectError(await stranger.api.post(`/api/v1/webhooks/${endpoint.id}/test`), 404, 'NOT_FOUND');
    expectError(await stranger.api.get(`/api/v1/webhooks/${endpoint.id}/deliveries`), 404, 'NOT_FOUND');
    const id = tested.body.data.delivery_id;
    expectError(await stranger.api.get(`/api/v1/webhooks/${endpoint.id}/deliveries/${id}`), 404, 'NOT_FOUND');
    expectError(await org.api.get(`/api/v1/webhooks/${endpoint.id}/deliveries/msg_nope`), 404, 'NOT_FOUND');
    expectError(await org.api.post(`/api/v1/webhooks/${endpoint.id}/deliveries/msg_nope/retry`), 404, 'NOT_FOUND');
    expectError(await org.api.get(`/api/v1/webhooks/${endpoint.id}/deliveries?status=lost`), 400, 'VALIDATION_ERROR');
  });
});
