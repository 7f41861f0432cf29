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
} from '../../shared/domain/accounts.ts';
import type { Environment } from '../../shared/domain/api-key-format.ts';
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
