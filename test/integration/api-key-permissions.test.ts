/**
 * API key permissions through HTTP: a sending key sends, batches and uploads and is refused (403,
 * nothing changed) everywhere else; a key limited to domains sends only from them and their
 * subdomains; GET /api-key describes every kind of key without its secret.
 */
import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { hashApiKey } from '#accounts/api-key.ts';
import { apiRoutes } from '#app/routes.ts';
import { db, tableName } from '#dynamo/client.ts';
import { keys } from '#dynamo/keys.ts';
import { createKeyFor, createSender, sendRequest, verifiedDomainFor } from '../support/factories.ts';
import { type ApiResponse, acceptedId, client, expectError } from '../support/http.ts';

type Api = ReturnType<typeof client>;

async function domainIdOf(api: Api, name: string): Promise<string> {
  const listed = await api.get('/api/v1/domains');
  const domain = (listed.body.data as { id: string; domain: string }[]).find((item) => item.domain === name);
  if (!domain) throw new Error(`${name} is not listed`);
  return domain.id;
}

function methodOf(api: Api, method: string, path: string, body: unknown): Promise<ApiResponse> {
  if (method === 'GET') return api.get(path);
  if (method === 'DELETE') return api.delete(path);
  if (method === 'POST') return api.post(path, body);
  if (method === 'PUT') return api.put(path, body);
  return api.patch(path, body);
}

const templateBody = { name: 'welcome', subject: 'Hi {{name}}', text: 'Hello {{name}}' };

describe('a sending_access key', () => {
  it('sends, batches, uploads and describes itself', async () => {
    const sender = await createSender();
    const template = await sender.api.post('/api/v1/templates', templateBody);
    const { api } = await createKeyFor(sender.organization.id, { permission: 'sending_access' });

    acceptedId(await api.post('/api/v1/emails/send', sendRequest(sender.domain)));
    const batch = await api.post('/api/v1/emails/batch', {
      template_id: template.body.data.id,
      from: { email: `hello@${sender.domain}` },
      recipients: [{ to: { email: 'a@example.com' }, data: { name: 'A' } }],
    });
    expect(batch.status, batch.text).toBe(201);
    const upload = await api.post('/api/v1/attachments', { filename: 'invoice.pdf', size: 1000 });
    expect(upload.status, upload.text).toBe(201);
    expect((await api.get('/api/v1/api-key')).body.data).toMatchObject({ permission: 'sending_access' });
  });

  it('gets 403 FORBIDDEN from every other API route, and nothing changes', async () => {
    const sender = await createSender();
    const full = sender.api;
    const ids: Record<string, string> = {
      domains: await domainIdOf(full, sender.domain),
      templates: (await full.post('/api/v1/templates', templateBody)).body.data.id,
      webhooks: (await full.post('/api/v1/webhooks', { url: 'http://127.0.0.1:9/hooks' })).body.data.id,
      suppressions: (await full.post('/api/v1/suppressions', { email: 'gone@example.com', reason: 'manual' })).body.data
        .id,
      emails: acceptedId(await sender.send({ scheduled_at: new Date(Date.now() + 86_400_000).toISOString() })),
    };
    const snapshot = async () =>
      Promise.all(
        [
          '/api/v1/domains',
          '/api/v1/templates',
          `/api/v1/templates/${ids.templates}`,
          '/api/v1/webhooks',
          `/api/v1/webhooks/${ids.webhooks}`,
          '/api/v1/suppressions',
          '/api/v1/settings/auto-validation',
          '/api/v1/settings/tracking',
          `/api/v1/emails/${ids.emails}`,
        ].map(async (path) => JSON.stringify((await full.get(path)).body.data)),
      );
    const before = await snapshot();
    const { api } = await createKeyFor(sender.organization.id, { permission: 'sending_access' });

    const refused = apiRoutes.filter((route) => route.operation.permission === 'full_access');
    expect(refused.length).toBeGreaterThan(30);
    for (const route of refused) {
      // A real id of the route's resource and the operation's own example body: what would succeed
      // (and change something) if the key were allowed.
      const resource = route.path.split('/')[3] ?? '';
      const path = route.path
        .replace('{id}', ids[resource] ?? 'x_1')
        .replace('{delivery_id}', '019ab2c4-7e1f-7c3a-9d2e-5b8f0a1c2d3e');
      const response = await methodOf(api, route.method, path, route.operation.examples?.request ?? {});
      const error = expectError(response, 403, 'FORBIDDEN');
      expect(error.message, `${route.method} ${route.path}`).toBe('This API key can only send email');
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('a key limited to domains', () => {
  it('sends from its domain and subdomains, and gets 403 on from elsewhere, single and batch', async () => {
    const sender = await createSender();
    const otherDomain = await verifiedDomainFor(sender.api);
    const template = (await sender.api.post('/api/v1/templates', templateBody)).body.data.id;
    const domainId = await domainIdOf(sender.api, sender.domain);
    const { api } = await createKeyFor(sender.organization.id, {
      permission: 'sending_access',
      domainIds: [domainId],
    });
    const batchFrom = (email: string) =>
      api.post('/api/v1/emails/batch', {
        template_id: template,
        from: { email },
        recipients: [{ to: { email: 'a@example.com' }, data: { name: 'A' } }],
      });

    acceptedId(await api.post('/api/v1/emails/send', sendRequest(sender.domain)));
    acceptedId(await api.post('/api/v1/emails/send', sendRequest(`news.${sender.domain}`)));
    expect((await batchFrom(`hello@${sender.domain}`)).status).toBe(201);
    expect((await batchFrom(`hello@mail.${sender.domain}`)).status).toBe(201);

    for (const response of [
      await api.post('/api/v1/emails/send', sendRequest(otherDomain)),
      await batchFrom(`hello@${otherDomain}`),
    ]) {
      const error = expectError(response, 403, 'FORBIDDEN');
      expect(error.details?.[0]?.field).toBe('from');
      expect(error.message).toContain(otherDomain);
    }
    // The organization's full key still sends from the other domain.
    acceptedId(await sender.api.post('/api/v1/emails/send', sendRequest(otherDomain)));
  });

  it('sends from nowhere once its domain is deleted, even when the name is added again', async () => {
    const sender = await createSender();
    const domainId = await domainIdOf(sender.api, sender.domain);
    const { api } = await createKeyFor(sender.organization.id, {
      permission: 'sending_access',
      domainIds: [domainId],
    });
    acceptedId(await api.post('/api/v1/emails/send', sendRequest(sender.domain)));

    // The domain goes (its item, its name in the organization, its claim on the name), as a removal does.
    for (const key of [
      keys.domain(sender.organization.id, domainId),
      keys.domainNameInOrganization(sender.organization.id, sender.domain),
      keys.domainClaim(sender.domain),
    ]) {
      await db.send(new DeleteCommand({ TableName: tableName, Key: key }));
    }
    expectError(await api.post('/api/v1/emails/send', sendRequest(sender.domain)), 403, 'FORBIDDEN');

    // Added and verified again, the name is a new domain (a new id): the key still sends from nowhere.
    await verifiedDomainFor(sender.api, sender.domain);
    expect(await domainIdOf(sender.api, sender.domain)).not.toBe(domainId);
    expectError(await api.post('/api/v1/emails/send', sendRequest(sender.domain)), 403, 'FORBIDDEN');
    acceptedId(await sender.api.post('/api/v1/emails/send', sendRequest(sender.domain)));
  });
});

describe('GET /api/v1/api-key', () => {
  it('describes a full, a sending and a domain-limited key, never with the secret', async () => {
    const sender = await createSender();
    const domainId = await domainIdOf(sender.api, sender.domain);
    const sending = await createKeyFor(sender.organization.id, { permission: 'sending_access', environment: 'live' });
    const limited = await createKeyFor(sender.organization.id, {
      permission: 'sending_access',
      domainIds: [domainId],
    });
    const cases = [
      { key: sender.key, apiKey: sender.apiKey, permission: 'full_access', domain_ids: null },
      { key: sending.key, apiKey: sending.apiKey, permission: 'sending_access', domain_ids: null },
      { key: limited.key, apiKey: limited.apiKey, permission: 'sending_access', domain_ids: [domainId] },
    ];
    for (const { key, apiKey, permission, domain_ids } of cases) {
      const response = await client(key).get('/api/v1/api-key');
      expect(response.status).toBe(200);
      expect(response.body.data).toEqual({
        id: apiKey.id,
        name: apiKey.name,
        prefix: key.slice(0, 12),
        environment: apiKey.environment,
        permission,
        domain_ids,
        organization_id: sender.organization.id,
        created_at: apiKey.createdAt,
      });
      expect(response.text).not.toContain(key);
    }
  });

  it('treats a key stored before permissions existed (no permission, no domains) as full access', async () => {
    const sender = await createSender();
    await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.apiKey(hashApiKey(sender.key)),
        UpdateExpression: 'REMOVE #permission, domain_ids',
        ExpressionAttributeNames: { '#permission': 'permission' },
      }),
    );
    const described = await sender.api.get('/api/v1/api-key');
    expect(described.body.data).toMatchObject({ permission: 'full_access', domain_ids: null });
    expect((await sender.api.get('/api/v1/suppressions')).status).toBe(200);
  });

  it('answers 401 for a revoked key of any kind, on every route it could call', async () => {
    const sender = await createSender();
    const sending = await createKeyFor(sender.organization.id, { permission: 'sending_access' });
    await sending.revoke();
    await sender.revoke();
    for (const api of [sending.api, sender.api]) {
      expectError(await api.get('/api/v1/api-key'), 401, 'AUTH_INVALID');
      expectError(await api.post('/api/v1/emails/send', sendRequest(sender.domain)), 401, 'AUTH_INVALID');
    }
  });
});
