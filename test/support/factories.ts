/**
 * Fixtures built through the same service functions the admin CLI uses. Each test gets
 * its own organization, so tests never see each other's data. The default rate limit is
 * high so that only the rate-limit tests ever meet a 429.
 */
import {
  createApiKey,
  createOrganization,
  revokeApiKey,
  setOrganizationRateLimit,
} from '#accounts/accounts.service.ts';
import type { Environment } from '#core/environment.ts';
import { client } from './http.ts';

let counter = 0;

export async function createTestOrganization(options: { rateLimitPerSecond?: number; environment?: Environment } = {}) {
  counter += 1;
  const organization = await createOrganization({ name: `Test org ${counter}` });
  await setOrganizationRateLimit(organization.id, options.rateLimitPerSecond ?? 1000);
  const { apiKey, secret } = await createApiKey({
    organizationId: organization.id,
    name: 'test key',
    environment: options.environment ?? 'test',
  });
  return {
    organization,
    apiKey,
    key: secret,
    api: client(secret),
    revoke: () => revokeApiKey(organization.id, apiKey.id),
  };
}

/**
 * Gives the organization a verified sending domain the way a customer would: add it through
 * the API, publish its records on the test DNS server, verify it through the API.
 */
export async function verifiedDomainFor(api: ReturnType<typeof client>): Promise<string> {
  const { randomBytes } = await import('node:crypto');
  const { inject } = await import('vitest');
  const { dnsControl } = await import('./dns-control.ts');
  const dns = dnsControl(inject('dnsControlUrl'));
  const name = `s${randomBytes(5).toString('hex')}.test`;
  const added = await api.post('/api/v1/domains', { domain: name });
  if (added.status !== 201) throw new Error(`adding ${name} failed: ${added.text}`);
  for (const record of added.body.data.dns_records as { name: string; value: string; required: boolean }[]) {
    if (record.required) await dns.setTxt(record.name, [[record.value]]);
  }
  const verified = await api.get(`/api/v1/domains/${added.body.data.id}/verify`);
  if (!verified.body?.data?.is_verified) throw new Error(`verifying ${name} failed: ${verified.text}`);
  return name;
}
