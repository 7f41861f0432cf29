/**
 * SSRF protection of webhook deliveries, run in this test's own process through the service layer
 * against the local stack's table: with WEBHOOK_ALLOW_PRIVATE_TARGETS off (as in AWS) a private,
 * link-local, site-local, metadata, CGNAT or loopback target — also a 6to4 or Teredo address
 * tunnelling to one, or a name that resolves to one — is refused before any connection. (The local
 * stack itself allows them: its receivers are on 127.0.0.1.)
 */
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { config } from '#core/config.ts';
import { sendTestEvent } from '#webhooks/webhook-delivery-log.service.ts';
import { dnsControl } from '../support/dns-control.ts';
import { createTestOrganization } from '../support/factories.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

// As in AWS, in this process only: set before any module reads the configuration (hoisted above
// the imports).
vi.hoisted(() => {
  process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS = 'false';
});

let hook: WebhookReceiver;
beforeAll(async () => {
  // These URLs must never be connected to: stop here if the setting did not take.
  if (config.webhookAllowPrivateTargets) throw new Error('private targets are allowed: refusing to run');
  hook = await startWebhookReceiver();
});
afterAll(async () => {
  await hook.close();
});

describe('webhook targets (private targets not allowed)', () => {
  it.each([
    ['http://10.0.0.1/hooks', 'private'],
    ['http://169.254.169.254/latest/meta-data', 'metadata'],
    ['http://[::1]:9/hooks', 'loopback'],
    ['http://100.64.0.7/hooks', 'carrier-grade NAT'],
    // 6to4 and Teredo tunnel to an IPv4 address (here 127.0.0.1), judged by the IPv4 rules.
    ['http://[2002:7f00:1::]/', 'loopback'],
    ['http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/', 'loopback'],
    ['http://[fec0::1]/', 'site-local'],
  ])('refuses %s before connecting', async (url, category) => {
    const org = await createTestOrganization();
    const { id } = (await org.api.post('/api/v1/webhooks', { url })).body.data;
    const started = Date.now();
    const result = await sendTestEvent(org.organization.id, id);
    expect(result.status_code).toBeNull();
    expect(result.error).toMatch(/^refused/);
    expect(result.error).toContain(category);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('refuses a name that resolves to 127.0.0.1, and the receiver there gets nothing', async () => {
    const name = `rebind-${Date.now()}.test`;
    await dnsControl(inject('dnsControlUrl')).setMail(name, { a: ['127.0.0.1'], aaaa: [] });
    const org = await createTestOrganization();
    const url = hook.url.replace('127.0.0.1', name);
    const { id } = (await org.api.post('/api/v1/webhooks', { url })).body.data;
    const result = await sendTestEvent(org.organization.id, id);
    expect(result).toMatchObject({ status_code: null });
    expect(result.error).toMatch(/^refused.*loopback/);
    expect(hook.received).toHaveLength(0);
  });
});
