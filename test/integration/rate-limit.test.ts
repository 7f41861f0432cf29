import { describe, expect, it } from 'vitest';
import { createApiKey, createOrganization } from '#accounts/accounts.service.ts';
import { createTestOrganization } from '../support/factories.ts';
import { type ApiResponse, call, client, expectError } from '../support/http.ts';

const PATH = '/api/v1/settings/auto-validation';

function tally(responses: ApiResponse[]) {
  return {
    ok: responses.filter((r) => r.status === 200).length,
    limited: responses.filter((r) => r.status === 429),
  };
}

describe('rate limiting', () => {
  it('applies the default of 10 requests per second to an organization without its own limit', async () => {
    const organization = await createOrganization({ name: 'default limit' });
    const { secret } = await createApiKey({ organizationId: organization.id, name: 'k', environment: 'test' });
    const responses = await Promise.all(Array.from({ length: 30 }, () => client(secret).get(PATH)));
    const { ok, limited } = tally(responses);
    // 30 requests fired at once may straddle one window boundary: at most 2 × 10 pass.
    expect(ok).toBeGreaterThanOrEqual(10);
    expect(ok).toBeLessThanOrEqual(20);
    expect(limited.length).toBe(30 - ok);
    for (const response of limited) {
      expectError(response, 429, 'RATE_LIMITED');
      expect(response.headers['retry-after']).toBe('1');
      expect(response.headers['x-ratelimit-remaining']).toBe('0');
    }
    for (const response of responses) {
      expect(response.headers['x-ratelimit-limit']).toBe('10');
      expect(response.headers['x-request-id']).toBeTruthy();
    }
  });

  it('uses the limit configured for the organization, shared by all its keys', async () => {
    const { organization, key } = await createTestOrganization({ rateLimitPerSecond: 4 });
    const { secret: second } = await createApiKey({ organizationId: organization.id, name: 'k2', environment: 'live' });
    const responses = await Promise.all(
      Array.from({ length: 16 }, (_, i) => client(i % 2 === 0 ? key : second).get(PATH)),
    );
    const { ok, limited } = tally(responses);
    expect(ok).toBeLessThanOrEqual(8);
    expect(limited.length).toBeGreaterThanOrEqual(8);
    expect(new Set(responses.map((r) => r.headers['x-ratelimit-limit']))).toEqual(new Set(['4']));
  });

  it('limits sends, whose count runs alongside their first reads: 429 wins and nothing is written', async () => {
    const { api } = await createTestOrganization({ rateLimitPerSecond: 3 });
    // An unverified sender: every allowed request is a 400, every limited one must be a 429.
    const body = { from: { email: 'a@unverified.test' }, to: [{ email: 'x@example.com' }], subject: 's', text: 't' };
    const responses = await Promise.all(Array.from({ length: 12 }, () => api.post('/api/v1/emails/send', body)));
    const refused = responses.filter((response) => response.status === 400);
    const limited = responses.filter((response) => response.status === 429);
    expect(refused.length + limited.length).toBe(12);
    expect(refused.length).toBeGreaterThanOrEqual(3);
    expect(refused.length).toBeLessThanOrEqual(6);
    for (const response of limited) {
      expectError(response, 429, 'RATE_LIMITED');
      expect(response.headers['x-ratelimit-remaining']).toBe('0');
    }
    for (const response of refused) expectError(response, 400, 'DOMAIN_NOT_VERIFIED');
    for (const response of responses) expect(response.headers['x-ratelimit-limit']).toBe('3');
  });

  it('counts each organization separately', async () => {
    const busy = await createTestOrganization({ rateLimitPerSecond: 2 });
    const quiet = await createTestOrganization({ rateLimitPerSecond: 2 });
    await Promise.all(Array.from({ length: 10 }, () => busy.api.get(PATH)));
    expect((await quiet.api.get(PATH)).status).toBe(200);
  });

  it('limits requests that fail authentication per source IP', async () => {
    const sourceIp = '127.0.0.77';
    const responses = await Promise.all(
      Array.from({ length: 30 }, () => call('GET', PATH, { key: 'pb_test_nope', sourceIp })),
    );
    const unauthorized = responses.filter((r) => r.status === 401);
    const limited = responses.filter((r) => r.status === 429);
    expect(unauthorized.length).toBeLessThanOrEqual(20);
    expect(limited.length).toBeGreaterThanOrEqual(10);
    for (const response of limited) expect(response.headers['retry-after']).toBe('1');
    // Another address is not affected.
    expectError(await call('GET', PATH, { key: 'pb_test_nope', sourceIp: '127.0.0.78' }), 401, 'AUTH_INVALID');
  });
});
