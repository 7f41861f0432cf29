/**
 * The SDK's domains, suppressions, templates and settings against the local stack.
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, inject, it } from 'vitest';
import { dnsControl } from '../../test/support/dns-control.ts';
import { createKeyFor } from '../../test/support/factories.ts';
import {
  PostboxError,
  type Suppression,
  type TemplateSummary,
  verifyWebhook,
  WebhookVerificationError,
} from '../src/index.ts';
import { eventually, sdk, sdkOrganization } from './support/stack.ts';

describe('postbox.domains', () => {
  it('adds a domain, lists it and verifies it once its records are published', async () => {
    const { postbox } = await sdkOrganization();
    const name = `sdk${randomBytes(5).toString('hex')}.test`;
    const domain = await postbox.domains.add(name.toUpperCase());
    expect(domain).toMatchObject({ domain: name, is_verified: false, dkim_verified: false, spf_verified: false });
    expect(domain.dns_records.map((record) => record.purpose)).toEqual(['dkim', 'spf', 'dmarc']);
    expect((await postbox.domains.list()).map((listed) => listed.id)).toEqual([domain.id]);

    expect(await postbox.domains.verify(domain.id)).toMatchObject({ id: domain.id, is_verified: false });
    const dns = dnsControl(inject('dnsControlUrl'));
    for (const record of domain.dns_records) if (record.required) await dns.setTxt(record.name, [[record.value]]);
    expect(await postbox.domains.verify(domain.id)).toMatchObject({
      is_verified: true,
      spf_verified: true,
      dkim_verified: true,
      verified_at: expect.any(String),
    });

    await expect(postbox.domains.add(name)).rejects.toMatchObject({ status: 409, code: 'CONFLICT' });
  });

  it('sets and removes a custom MAIL FROM subdomain with update', async () => {
    const { postbox } = await sdkOrganization();
    const name = `sdk${randomBytes(5).toString('hex')}.test`;
    const domain = await postbox.domains.add(name);
    const updated = await postbox.domains.update(domain.id, { mail_from_subdomain: 'bounce' });
    expect(updated).toMatchObject({
      mail_from_subdomain: 'bounce',
      mail_from_domain: `bounce.${name}`,
      mail_from_verified: false,
    });
    expect(updated.dns_records.map((record) => [record.type, record.purpose])).toEqual([
      ['TXT', 'dkim'],
      ['TXT', 'spf'],
      ['TXT', 'dmarc'],
      ['MX', 'mail_from_mx'],
      ['TXT', 'mail_from_spf'],
    ]);
    await expect(postbox.domains.update(domain.id, { mail_from_subdomain: 'Not_A_Label' })).rejects.toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
    });
    expect(await postbox.domains.update(domain.id, { mail_from_subdomain: null })).toMatchObject({
      mail_from_subdomain: null,
      mail_from_domain: null,
    });
  });
});

describe('postbox.domains.update receiving', () => {
  it('turns receiving on with its MX record, and off', async () => {
    const { postbox } = await sdkOrganization();
    const domain = await postbox.domains.add(`reply.sdk${randomBytes(5).toString('hex')}.test`);
    const on = await postbox.domains.update(domain.id, { receiving: true });
    expect(on).toMatchObject({ receiving: true, receiving_verified: false });
    expect(on.dns_records.map((record) => record.purpose)).toContain('receiving_mx');
    expect(await postbox.domains.update(domain.id, { receiving: false })).toMatchObject({ receiving: false });
  });
});

describe('postbox.suppressions', () => {
  it('adds, lists page by page and in all, and removes', async () => {
    const { postbox } = await sdkOrganization();
    const added: Suppression[] = [];
    for (const email of ['a@example.com', 'B@Example.com', 'c@example.com']) {
      added.push(await postbox.suppressions.add({ email, reason: 'unsubscribe' }));
    }
    expect(added[1]).toMatchObject({ email: 'b@example.com', reason: 'unsubscribe', source: 'manual' });
    // Lists are eventually consistent: the newest entries may show a moment later.
    const page = await eventually(async () => {
      const got = await postbox.suppressions.list({ limit: 2 });
      return got.data.length === 2 ? got : undefined;
    });
    expect(page.pagination).toEqual({ page: 1, limit: 2, total_count: 3, total_pages: 2 });

    await eventually(async () => ((await postbox.suppressions.list()).data.length === 3 ? true : undefined));
    const all: string[] = [];
    for await (const suppression of postbox.suppressions.listAll({ limit: 2 })) all.push(suppression.email);
    expect(all.sort()).toEqual(['a@example.com', 'b@example.com', 'c@example.com']);

    const id = added[0]?.id ?? '';
    expect(await postbox.suppressions.remove(id)).toEqual({ id, deleted: true });
    const again = await postbox.suppressions.remove(id).catch((error: unknown) => error);
    expect(again).toBeInstanceOf(PostboxError);
    expect(again).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });
});

describe('postbox.templates', () => {
  it('creates, reads, lists, updates, previews and deletes', async () => {
    const { postbox } = await sdkOrganization();
    const created = await postbox.templates.create({
      name: 'Receipt',
      subject: 'Order {{order.id}}',
      html: '<p>Hi {{name}}</p>{{#each items}}<li>{{this.name}}</li>{{/each}}',
      text: 'Hi {{name}}',
      variable_schema: [{ name: 'name', type: 'string', required: true }],
    });
    expect(created).toMatchObject({ name: 'Receipt', variables: ['order', 'name', 'items'], is_active: true });

    const detail = await postbox.templates.get(created.id);
    expect(detail).toMatchObject({ id: created.id, html_body: expect.stringContaining('{{name}}') });
    expect(detail.usage).toEqual({ sends_last_30_days: 0, last_sent_at: null });

    const updated = await postbox.templates.update(created.id, { name: 'Receipt v2' });
    expect(updated).toMatchObject({ id: created.id, name: 'Receipt v2', subject: 'Order {{order.id}}' });

    const preview = await postbox.templates.preview(created.id, {
      name: 'Ann',
      order: { id: 42 },
      items: [{ name: 'Tea' }, {}],
    });
    expect(preview).toMatchObject({ subject: 'Order 42', text: 'Hi Ann', html: '<p>Hi Ann</p><li>Tea</li><li></li>' });
    expect(preview.warnings).toContainEqual({ variable: 'items[1].name', message: expect.any(String) });
    const empty = await postbox.templates.preview(created.id);
    expect(empty.warnings.map((warning) => warning.variable)).toContain('name');

    const second = await postbox.templates.create({ name: 'Other', subject: 's', text: 't' });
    await eventually(async () => ((await postbox.templates.list()).data.length === 2 ? true : undefined));
    const page = await postbox.templates.list({ search: 'receipt' });
    expect(page.data.map((template) => template.id)).toEqual([created.id]);
    const all: TemplateSummary[] = [];
    for await (const template of postbox.templates.listAll({ limit: 1 })) all.push(template);
    expect(all.map((template) => template.id).sort()).toEqual([created.id, second.id].sort());

    expect(await postbox.templates.delete(created.id)).toEqual({ id: created.id, deleted: true });
    const inactive = await eventually(async () => {
      const got = await postbox.templates.list({ is_active: false });
      return got.data.length === 1 ? got : undefined;
    });
    expect(inactive.data.map((template) => template.id)).toEqual([created.id]);
    await expect(postbox.templates.update(created.id, { name: 'x' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('postbox.apiKey', () => {
  it('describes the client’s own key, and a sending key’s refusals are PostboxErrors with code FORBIDDEN', async () => {
    const { postbox, organization, apiKey } = await sdkOrganization();
    expect(await postbox.apiKey.get()).toMatchObject({
      id: apiKey.id,
      organization_id: organization.id,
      permission: 'full_access',
      domain_ids: null,
    });
    const sending = await createKeyFor(organization.id, { permission: 'sending_access' });
    const sendingClient = sdk(sending.key);
    expect(await sendingClient.apiKey.get()).toMatchObject({ id: sending.apiKey.id, permission: 'sending_access' });
    const refused = await sendingClient.suppressions.list().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PostboxError);
    expect(refused).toMatchObject({ status: 403, code: 'FORBIDDEN', message: 'This API key can only send email' });
  });
});

describe('postbox.settings', () => {
  it('reads and sets auto-validation', async () => {
    const { postbox } = await sdkOrganization();
    expect(await postbox.settings.getAutoValidation()).toEqual({ auto_validation_threshold: 'off' });
    expect(await postbox.settings.setAutoValidation('high')).toEqual({ auto_validation_threshold: 'high' });
    expect(await postbox.settings.getAutoValidation()).toEqual({ auto_validation_threshold: 'high' });
  });

  it('reads and sets the tracking defaults', async () => {
    const { postbox } = await sdkOrganization();
    expect(await postbox.settings.getTracking()).toEqual({ opens: false, clicks: false });
    expect(await postbox.settings.setTracking({ opens: true, clicks: false })).toEqual({ opens: true, clicks: false });
    expect(await postbox.settings.getTracking()).toEqual({ opens: true, clicks: false });
  });
});

describe('postbox.webhooks', () => {
  it('creates an endpoint (its secret once), lists, reads, changes, rotates and deletes it', async () => {
    const { postbox } = await sdkOrganization();
    const created = await postbox.webhooks.create({ url: 'http://127.0.0.1:9/hooks', events: ['email.delivered'] });
    expect(created.secret).toMatch(/^whsec_/);
    const { secret: _secret, ...view } = created;
    expect(await postbox.webhooks.get(created.id)).toEqual(view);
    expect(await postbox.webhooks.list()).toEqual([view]);
    expect(await postbox.webhooks.update(created.id, { enabled: false })).toMatchObject({
      enabled: false,
      disabled_reason: 'manual',
    });
    const { secret } = await postbox.webhooks.rotateSecret(created.id);
    expect(secret).not.toBe(created.secret);
    await expect(postbox.webhooks.create({ url: 'ftp://x.test/' })).rejects.toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
      details: [{ field: 'url', message: expect.any(String) }],
    });
    expect(await postbox.webhooks.delete(created.id)).toEqual({ id: created.id, deleted: true });
    await expect(postbox.webhooks.get(created.id)).rejects.toBeInstanceOf(PostboxError);
  });

  it('sends a test event a receiver verifies with verifyWebhook, then reads and retries its delivery', async () => {
    const received: Array<{ body: string; headers: Record<string, string> }> = [];
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ body: Buffer.concat(chunks).toString(), headers: request.headers as Record<string, string> });
        response.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { postbox } = await sdkOrganization();
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
      const endpoint = await postbox.webhooks.create({ url, events: ['webhook.test'] });
      const attempt = await postbox.webhooks.test(endpoint.id);
      expect(attempt).toMatchObject({ status_code: 200, error: null });
      const [delivery] = received;
      const event = await verifyWebhook(delivery?.body ?? '', delivery?.headers ?? {}, endpoint.secret);
      expect(event.type).toBe('webhook.test');
      await expect(
        verifyWebhook(
          delivery?.body ?? '',
          delivery?.headers ?? {},
          (await postbox.webhooks.rotateSecret(endpoint.id)).secret,
        ),
      ).rejects.toBeInstanceOf(WebhookVerificationError);

      const page = await postbox.webhooks.listDeliveries(endpoint.id, { status: 'succeeded' });
      expect(page.data.map((d) => d.id)).toEqual([attempt.delivery_id]);
      const all = [];
      for await (const summary of postbox.webhooks.listAllDeliveries(endpoint.id)) all.push(summary.id);
      expect(all).toEqual([attempt.delivery_id]);
      const detail = await postbox.webhooks.getDelivery(endpoint.id, attempt.delivery_id);
      expect(detail.attempts).toHaveLength(1);
      expect(await postbox.webhooks.retryDelivery(endpoint.id, attempt.delivery_id)).toMatchObject({
        id: attempt.delivery_id,
        status: 'pending',
      });
      await eventually(async () => (received.length === 2 ? true : undefined));
      expect(received[1]?.headers['webhook-id']).toBe(attempt.delivery_id);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
