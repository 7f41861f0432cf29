import { describe, expect, it } from 'vitest';
import { insertApiKey, listApiKeys, touchApiKeyLastUsed } from '#accounts/api-key.store.ts';
import { generateApiKey, hashApiKey } from '#accounts/api-key.ts';
import { dynamoUsage } from '#dynamo/client.ts';
import { resolveIdentity } from '#http/middleware/authenticate.ts';
import { createTestOrganization } from '../support/factories.ts';
import { call, expectError } from '../support/http.ts';

const PATH = '/api/v1/settings/auto-validation';
// Each test that fails authentication uses its own loopback address: failures are rate
// limited per source IP, and these tests must not share a bucket.
const ip = (n: number) => `127.0.0.${100 + n}`;

describe('authentication', () => {
  it('AUTH_MISSING without an Authorization header, with rate-limit headers and a request id', async () => {
    for (const headers of [{}, { authorization: '' }, { authorization: '   ' }] as Record<string, string>[]) {
      const response = await call('GET', PATH, { headers, sourceIp: ip(1) });
      expectError(response, 401, 'AUTH_MISSING');
      expect(response.headers['x-request-id']).toBeTruthy();
      expect(response.headers['x-ratelimit-limit']).toBe('10');
      expect(response.headers['x-ratelimit-remaining']).toBeDefined();
    }
  });

  it('AUTH_INVALID for a made-up, mistyped, unknown or wrongly presented key', async () => {
    const { key } = await createTestOrganization();
    const mistyped = key.slice(0, 20) + (key[20] === 'a' ? 'b' : 'a') + key.slice(21);
    const cases = [
      'Bearer pb_live_madeupmadeupmadeupmadeupmadeup123456',
      'Bearer sk_test_abc',
      `Bearer ${mistyped}`,
      `Bearer ${generateApiKey('live')}`, // well-formed, valid checksum, never issued
      `Basic ${Buffer.from(`${key}:`).toString('base64')}`,
      key, // no scheme
      `Bearer ${key} extra`,
    ];
    for (const authorization of cases) {
      expectError(await call('GET', PATH, { headers: { authorization }, sourceIp: ip(2) }), 401, 'AUTH_INVALID');
    }
  });

  it('accepts the scheme name in any case', async () => {
    const { key } = await createTestOrganization();
    for (const scheme of ['Bearer', 'bearer', 'BEARER']) {
      expect((await call('GET', PATH, { headers: { authorization: `${scheme} ${key}` } })).status).toBe(200);
    }
  });

  it('refuses a malformed key or a bad checksum without reading the database', async () => {
    const { key } = await createTestOrganization();
    const before = dynamoUsage().requests;
    const mistyped = `${key.slice(0, -1)}${key.endsWith('0') ? '1' : '0'}`;
    for (const header of ['Bearer nope', `Bearer ${mistyped}`, 'Bearer pb_test_short']) {
      const result = await resolveIdentity(header);
      expect(result).toMatchObject({ code: 'AUTH_INVALID' });
    }
    expect(dynamoUsage().requests).toBe(before);
    // …whereas a well-formed key costs exactly one read.
    await resolveIdentity(`Bearer ${generateApiKey('test')}`);
    expect(dynamoUsage().requests).toBe(before + 1);
  });

  it('a revoked key fails on the very next request', async () => {
    const org = await createTestOrganization();
    expect((await org.api.get(PATH)).status).toBe(200);
    await org.revoke();
    expectError(await call('GET', PATH, { key: org.key, sourceIp: ip(3) }), 401, 'AUTH_INVALID');
  });

  it('records last use at most about once a minute', async () => {
    const org = await createTestOrganization();
    expect((await listApiKeys(org.organization.id))[0]?.lastUsedAt).toBeNull();
    await org.api.get(PATH);
    const first = (await listApiKeys(org.organization.id))[0]?.lastUsedAt;
    expect(first).toBeTruthy();
    await org.api.get(PATH);
    await org.api.get(PATH);
    expect((await listApiKeys(org.organization.id))[0]?.lastUsedAt).toBe(first);
  });

  it('writes last use again once the stored time is more than a minute old', async () => {
    const org = await createTestOrganization();
    const hash = hashApiKey(org.key);
    const lastUsed = async () => (await listApiKeys(org.organization.id))[0]?.lastUsedAt;
    const t0 = new Date('2031-01-01T00:00:00.000Z');
    await touchApiKeyLastUsed(hash, t0);
    expect(await lastUsed()).toBe(t0.toISOString());
    await touchApiKeyLastUsed(hash, new Date(t0.getTime() + 59_000));
    expect(await lastUsed()).toBe(t0.toISOString());
    const later = new Date(t0.getTime() + 61_000);
    await touchApiKeyLastUsed(hash, later);
    expect(await lastUsed()).toBe(later.toISOString());
  });

  it('refuses to create a key with a rate limit the organization no longer has', async () => {
    const org = await createTestOrganization({ rateLimitPerSecond: 50 });
    const stale = await insertApiKey({
      organizationId: org.organization.id,
      name: 'stale',
      environment: 'test',
      rateLimitPerSecond: 40,
      keyHash: 'a'.repeat(64),
      prefix: 'pb_test_aaaa',
      permission: 'full_access',
      domainIds: null,
    });
    expect(stale).toBeUndefined();
    expect((await listApiKeys(org.organization.id)).map((k) => k.name)).toEqual(['test key']);
  });

  it('never lets a key of one organization read or change another organization', async () => {
    const a = await createTestOrganization();
    const b = await createTestOrganization();
    await a.api.put(PATH, { threshold: 'high' });
    await b.api.put(PATH, { threshold: 'medium' });
    expect((await a.api.get(PATH)).body.data.auto_validation_threshold).toBe('high');
    expect((await b.api.get(PATH)).body.data.auto_validation_threshold).toBe('medium');
  });
});
