/**
 * Webhook endpoints through HTTP: create (the secret once), list, get (never the secret), change,
 * delete, rotate the secret; the URL and event rules; at most 20 per organization; another
 * organization's endpoints are 404. (Deliveries arrive with the delivery pipeline.)
 */
import { describe, expect, it } from 'vitest';
import { WEBHOOK_EVENT_TYPES } from '#webhooks/webhook.ts';
import { createTestOrganization } from '../support/factories.ts';
import { expectError } from '../support/http.ts';

const SECRET = /^whsec_[A-Za-z0-9+/]{43}=$/;
const receiver = 'http://127.0.0.1:9/hooks';

describe('webhook endpoints', () => {
  it('creates one with its secret shown once, then lists, reads, changes and deletes it', async () => {
    const { api } = await createTestOrganization();
    const created = await api.post('/api/v1/webhooks', {
      url: receiver,
      events: ['email.delivered', 'email.bounced', 'email.delivered'],
      description: 'orders service',
    });
    expect(created.status, created.text).toBe(201);
    const webhook = created.body.data;
    expect(webhook).toMatchObject({
      url: receiver,
      events: ['email.delivered', 'email.bounced'],
      description: 'orders service',
      enabled: true,
      disabled_reason: null,
    });
    expect(webhook.id).toMatch(/^wh_/);
    expect(webhook.secret).toMatch(SECRET);

    const read = await api.get(`/v1/webhooks/${webhook.id}`);
    expect(read.status).toBe(200);
    expect(read.body.data).not.toHaveProperty('secret');
    expect((await api.get('/api/v1/webhooks')).body.data).toEqual([read.body.data]);

    const disabled = await api.patch(`/api/v1/webhooks/${webhook.id}`, { enabled: false, events: [] });
    expect(disabled.status, disabled.text).toBe(200);
    expect(disabled.body.data).toMatchObject({ enabled: false, disabled_reason: 'manual', events: [] });
    expect(disabled.body.data.updated_at > webhook.updated_at).toBe(true);
    const enabled = await api.patch(`/api/v1/webhooks/${webhook.id}`, { enabled: true, description: null });
    expect(enabled.body.data).toMatchObject({ enabled: true, disabled_reason: null, description: null });

    const removed = await api.delete(`/api/v1/webhooks/${webhook.id}`);
    expect(removed.body).toEqual({ data: { id: webhook.id, deleted: true } });
    expectError(await api.get(`/api/v1/webhooks/${webhook.id}`), 404, 'NOT_FOUND');
    expectError(await api.delete(`/api/v1/webhooks/${webhook.id}`), 404, 'NOT_FOUND');
    expect((await api.get('/api/v1/webhooks')).body.data).toEqual([]);
  });

  it('rotates the secret: a new one each time, never readable afterwards', async () => {
    const { api } = await createTestOrganization();
    const { id, secret } = (await api.post('/api/v1/webhooks', { url: receiver })).body.data;
    const first = await api.post(`/api/v1/webhooks/${id}/rotate-secret`);
    expect(first.status, first.text).toBe(200);
    expect(first.body.data.secret).toMatch(SECRET);
    const second = await api.post(`/api/v1/webhooks/${id}/rotate-secret`);
    expect(new Set([secret, first.body.data.secret, second.body.data.secret]).size).toBe(3);
    expect(JSON.stringify((await api.get(`/api/v1/webhooks/${id}`)).body)).not.toContain('whsec_');
    expectError(await api.post('/api/v1/webhooks/wh_unknown/rotate-secret'), 404, 'NOT_FOUND');
  });

  it('refuses bad URLs and unknown event types, naming the field', async () => {
    const { api } = await createTestOrganization();
    const problems = async (body: unknown) =>
      expectError(await api.post('/api/v1/webhooks', body), 400, 'VALIDATION_ERROR').details;
    expect(await problems({ url: 'not a url' })).toEqual([
      { field: 'url', message: expect.stringMatching(/absolute/) },
    ]);
    expect(await problems({ url: 'ftp://example.com/hook' })).toEqual([
      { field: 'url', message: 'Must be an http or https URL' },
    ]);
    expect(await problems({ url: 'https://user:pass@example.com/hook' })).toEqual([
      { field: 'url', message: expect.stringMatching(/credentials/) },
    ]);
    expect(await problems({ url: `https://example.com/${'a'.repeat(2048)}` })).toEqual([
      { field: 'url', message: expect.stringMatching(/2048/) },
    ]);
    const unknownEvent = await problems({ url: receiver, events: ['email.delivered', 'email.exploded'] });
    expect(unknownEvent).toEqual([{ field: 'events[1]', message: expect.stringContaining('email.delivered') }]);
    expect(await problems({ url: receiver, secret: 'mine' })).toEqual([{ field: 'secret', message: 'Unknown field' }]);
    const { id } = (await api.post('/api/v1/webhooks', { url: receiver })).body.data;
    const empty = expectError(await api.patch(`/api/v1/webhooks/${id}`, {}), 400, 'VALIDATION_ERROR');
    expect(empty.details?.[0]?.message).toMatch(/at least one/);
    const badPatch = expectError(
      await api.patch(`/api/v1/webhooks/${id}`, { url: 'https://a:b@x.test' }),
      400,
      'VALIDATION_ERROR',
    );
    expect(badPatch.details).toEqual([{ field: 'url', message: expect.stringMatching(/credentials/) }]);
  });

  it('subscribes to every type when events are omitted, and lists the closed set in the document', async () => {
    const { api } = await createTestOrganization();
    const all = await api.post('/api/v1/webhooks', { url: receiver, events: [...WEBHOOK_EVENT_TYPES] });
    expect(all.body.data.events).toEqual([...WEBHOOK_EVENT_TYPES]);
    expect((await api.post('/api/v1/webhooks', { url: receiver })).body.data.events).toEqual([]);
  });

  it('allows 20 endpoints per organization: the 21st is 409, and deleting one makes room', async () => {
    const { api } = await createTestOrganization();
    const ids: string[] = [];
    for (let index = 0; index < 20; index += 1) {
      const created = await api.post('/api/v1/webhooks', { url: `${receiver}/${index}` });
      expect(created.status, created.text).toBe(201);
      ids.push(created.body.data.id);
    }
    expectError(await api.post('/api/v1/webhooks', { url: receiver }), 409, 'CONFLICT');
    expect((await api.get('/api/v1/webhooks')).body.data.map((webhook: { id: string }) => webhook.id)).toEqual(ids);
    await api.delete(`/api/v1/webhooks/${ids[0]}`);
    expect((await api.post('/api/v1/webhooks', { url: receiver })).status).toBe(201);
  });

  it('answers 404 for another organization’s endpoint, whatever the method', async () => {
    const owner = await createTestOrganization();
    const other = await createTestOrganization();
    const { id } = (await owner.api.post('/api/v1/webhooks', { url: receiver })).body.data;
    expectError(await other.api.get(`/api/v1/webhooks/${id}`), 404, 'NOT_FOUND');
    expectError(await other.api.patch(`/api/v1/webhooks/${id}`, { enabled: false }), 404, 'NOT_FOUND');
    expectError(await other.api.post(`/api/v1/webhooks/${id}/rotate-secret`), 404, 'NOT_FOUND');
    expectError(await other.api.delete(`/api/v1/webhooks/${id}`), 404, 'NOT_FOUND');
    expect((await other.api.get('/api/v1/webhooks')).body.data).toEqual([]);
    expect((await owner.api.get(`/api/v1/webhooks/${id}`)).body.data.enabled).toBe(true);
  });
});
