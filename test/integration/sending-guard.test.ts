/**
 * The sending guard on the local stack: off for test by default (a test suite that simulates
 * complaints never pauses itself; the metrics still count it), on for live, switched per environment
 * by the admin tool. Switched on (a rehearsal), bounces past the threshold pause the environment (send
 * and batch → 403 SENDING_PAUSED with the rates, GET /settings/sending paused, an
 * `organization.sending_paused` webhook), an email queued before the pause is still delivered, the
 * admin tool resumes sending and the guard then judges only what is sent since; other organizations
 * and the other environment are not affected.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiKey } from '#accounts/accounts.service.ts';
import { pauseEnvironment } from '#deliverability/sending-guard.store.ts';
import { admin } from '../support/admin-cli.ts';
import { createSender } from '../support/factories.ts';
import { acceptedId, client, expectError } from '../support/http.ts';
import { eventually } from '../support/ses-store.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

const receivers: WebhookReceiver[] = [];
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
});

type Sender = Awaited<ReturnType<typeof createSender>>;

const settings = async (org: Sender) => {
  const response = await org.api.get('/api/v1/settings/sending');
  expect(response.status, response.text).toBe(200);
  return response.body.data;
};

async function emailStatus(org: Sender, id: string, status: string) {
  return eventually(async () => {
    const email = (await org.api.get(`/api/v1/emails/${id}`)).body.data;
    return email.status === status ? email : undefined;
  }, 20_000);
}

describe('the sending guard', () => {
  it('pauses an environment past its bounce threshold, keeps queued email going, and resumes by the admin tool', async () => {
    const org = await createSender();
    const other = await createSender();
    const hook = await startWebhookReceiver();
    receivers.push(hook);
    const endpoint = await org.api.post('/api/v1/webhooks', { url: hook.url, events: ['organization.sending_paused'] });
    expect(endpoint.status, endpoint.text).toBe(201);
    // A rehearsal: the guard is off for test keys until an operator switches it on.
    const set = await admin(
      'set-sending-guard',
      ...['--org', org.organization.id, '--env', 'test', '--on', '--bounce-rate', '0.7', '--min-volume', '4'],
    );
    expect(set).toEqual({
      organization: org.organization.id,
      sending_guard: { test: { bounce_rate: 0.7, complaint_rate: 0.0008, min_volume: 4, enabled: true } },
    });
    expect(await settings(org)).toMatchObject({
      enabled: true,
      thresholds: { bounce_rate: 0.7, complaint_rate: 0.0008, min_volume: 4 },
    });

    // Queued before the pause, delivered after it.
    const scheduled = acceptedId(
      await org.send({ scheduled_at: new Date(Date.now() + 15_000).toISOString(), subject: 'Queued before' }),
    );
    const tag = randomUUID().slice(0, 8);
    acceptedId(await org.send({ to: [{ email: `ok+${tag}@example.com` }] }));
    for (let index = 0; index < 3; index += 1) {
      acceptedId(await org.send({ to: [{ email: `bounced+${tag}${index}@example.com` }] }));
    }
    // 4 sent, 3 bounced: 75% ≥ 70% with the minimum volume reached (2 of 4, or 3 of 3, do not pause).
    const paused = await eventually(async () => {
      const state = await settings(org);
      return state.status === 'paused' ? state : undefined;
    }, 20_000);
    expect(paused).toMatchObject({ environment: 'test', sent_24h: 4, bounce_rate_24h: 0.75, complaint_rate_24h: 0 });
    expect(paused.paused_reason).toMatch(/bounce rate 75% ≥ 70% over the last 24 hours \(4 sent\)/);

    const refused = expectError(await org.send(), 403, 'SENDING_PAUSED');
    expect(refused.details).toEqual([
      { field: 'bounce_rate_24h', message: '0.75' },
      { field: 'complaint_rate_24h', message: '0' },
    ]);
    const template = await org.api.post('/api/v1/templates', { name: 'T', subject: 'T', text: 'T' });
    const batch = await org.api.post('/api/v1/emails/batch', {
      template_id: template.body.data.id,
      from: { email: `hello@${org.domain}` },
      recipients: [{ to: { email: 'a@example.com' } }],
    });
    expectError(batch, 403, 'SENDING_PAUSED');
    // The live environment of the organization and other organizations send as before.
    expect((await other.send()).status).toBe(201);

    await emailStatus(org, scheduled, 'delivered');
    const [event] = await hook.waitFor(1);
    expect(event && JSON.parse(event.body)).toMatchObject({
      type: 'organization.sending_paused',
      data: { organization_id: org.organization.id, environment: 'test', bounce_rate_24h: 0.75, sent_24h: 4 },
    });

    // Resumed by the operator: the old bounces are no longer judged, so a delivered send stays active.
    const resumed = await admin('resume-sending', '--org', org.organization.id, '--env', 'test');
    expect(resumed).toEqual({ organization: org.organization.id, resumed: ['test'] });
    expect(await settings(org)).toMatchObject({ status: 'active', paused_at: null, sent_24h: 0, bounce_rate_24h: 0 });
    const after = acceptedId(await org.send({ to: [{ email: `after+${tag}@example.com` }] }));
    await emailStatus(org, after, 'delivered');
    await eventually(async () => ((await settings(org)).sent_24h === 1 ? true : undefined), 20_000);
    // One bounce after the resume: 1 of 2 is 50%, under the threshold and the minimum volume: still active.
    acceptedId(await org.send({ to: [{ email: `bounced+${tag}after@example.com` }] }));
    await eventually(async () => ((await settings(org)).sent_24h === 2 ? true : undefined), 20_000);
    expect(await settings(org)).toMatchObject({ status: 'active', bounce_rate_24h: expect.any(Number) });
    expect((await org.send()).status).toBe(201);
  }, 90_000);

  it('shows an active environment with the default thresholds', async () => {
    const org = await createSender();
    expect(await settings(org)).toEqual({
      environment: 'test',
      enabled: false,
      status: 'active',
      paused_at: null,
      paused_reason: null,
      sent_24h: 0,
      bounce_rate_24h: 0,
      complaint_rate_24h: 0,
      thresholds: { bounce_rate: 0.04, complaint_rate: 0.0008, min_volume: 100 },
    });
  });

  it('never pauses a test suite that simulates complaints: off for test by default, the metrics still count', async () => {
    const org = await createSender();
    const tag = randomUUID().slice(0, 8);
    const template = await org.api.post('/api/v1/templates', { name: 'T', subject: 'T', text: 'T' });
    // 100 recipients, one complaint: 1% ≥ 0.08% at the minimum volume, which pauses a guarded environment.
    const batch = await org.api.post('/api/v1/emails/batch', {
      template_id: template.body.data.id,
      from: { email: `hello@${org.domain}` },
      recipients: Array.from({ length: 100 }, (_, index) => ({
        to: { email: index === 0 ? `complained+${tag}@example.com` : `ok+${tag}${index}@example.com` },
      })),
    });
    expect(batch.status, batch.text).toBe(201);
    const counted = await eventually(async () => {
      const { totals } = (await org.api.get('/api/v1/metrics')).body.data;
      return totals.sent === 100 && totals.complained === 1 ? totals : undefined;
    }, 30_000);
    expect(counted).toMatchObject({ sent: 100, complained: 1 });
    expect(await settings(org)).toMatchObject({
      enabled: false,
      status: 'active',
      sent_24h: 100,
      complaint_rate_24h: 0.01,
      paused_at: null,
    });
    expect((await org.send()).status).toBe(201);
  });

  it('is switched per environment: the live and test settings of one organization apart', async () => {
    const org = await createSender();
    const { secret } = await createApiKey({ organizationId: org.organization.id, name: 'live', environment: 'live' });
    const live = { api: client(secret) } as Sender;
    expect(await settings(live)).toMatchObject({ environment: 'live', enabled: true });
    expect(await settings(org)).toMatchObject({ environment: 'test', enabled: false });

    await admin('set-sending-guard', '--org', org.organization.id, '--env', 'test', '--on', '--min-volume', '7');
    expect(await settings(org)).toMatchObject({ enabled: true, thresholds: { min_volume: 7 } });
    expect(await settings(live)).toMatchObject({ enabled: true, thresholds: { min_volume: 100 } });

    const off = await admin('set-sending-guard', '--org', org.organization.id, '--env', 'live', '--off');
    expect(off.sending_guard).toEqual({
      live: { bounce_rate: 0.04, complaint_rate: 0.0008, min_volume: 100, enabled: false },
    });
    expect(await settings(live)).toMatchObject({ enabled: false });
    expect(await settings(org)).toMatchObject({ enabled: true, thresholds: { min_volume: 7 } });

    // Switched off, the guard holds no pause: a paused test environment sends again.
    await pauseEnvironment(org.organization.id, 'test', {
      paused_at: new Date().toISOString(),
      reason: 'a rehearsal',
      bounce_rate: 0.5,
      complaint_rate: 0,
      sent: 8,
    });
    expectError(await org.send(), 403, 'SENDING_PAUSED');
    await admin('set-sending-guard', '--org', org.organization.id, '--env', 'test', '--off');
    expect(await settings(org)).toMatchObject({ enabled: false, status: 'active', paused_at: null });
    expect((await org.send()).status).toBe(201);
  });
});
