/**
 * Organizations and their API keys: the service functions behind the admin CLI (and the
 * dashboard, later). Keys are never readable after creation; revocation is permanent.
 */

import {
  type ApiKey,
  getApiKeyOfOrganization,
  insertApiKey,
  listApiKeys as listKeysOfOrganization,
  markApiKeyRevoked,
  setRateLimitOnKeys,
} from '#accounts/api-key.store.ts';
import { displayPrefix, generateApiKey, hashApiKey } from '#accounts/api-key.ts';
import { getOrganization, putOrganization, updateOrganizationAttribute } from '#accounts/organization.store.ts';
import type { Organization, SendingLimitAttribute } from '#accounts/organization.ts';
import { MAX_SENDING_LIMIT, type SendingLimits, sendingLimitsFor } from '#accounts/sending-limit.ts';
import { API_KEY_PERMISSIONS, type ApiKeyPermission } from '#core/api-key-permission.ts';
import type { Environment } from '#core/environment.ts';
import { ApiError, notFound } from '#core/errors.ts';
import { isResourceId, newId } from '#core/ids.ts';
import { getDomains, MAX_DOMAINS_PER_ORGANIZATION } from '#domains/domain.store.ts';

function requireName(name: string, what: string): string {
  const trimmed = name.trim();
  if (trimmed === '' || trimmed.length > 100) {
    throw new ApiError('VALIDATION_ERROR', `${what} name must be 1 to 100 characters`, {
      details: [{ field: 'name', message: 'Must be 1 to 100 characters' }],
    });
  }
  return trimmed;
}

const ORGANIZATION_ID = /^org_[0-9A-Za-z]{1,64}$/;

export async function createOrganization(input: { name: string; id?: string }): Promise<Organization> {
  const id = input.id ?? newId('org');
  if (!ORGANIZATION_ID.test(id)) {
    throw new ApiError('VALIDATION_ERROR', 'An organization id is org_ followed by 1 to 64 letters or digits', {
      details: [{ field: 'id', message: 'Must match org_[0-9A-Za-z]{1,64}' }],
    });
  }
  const organization = await putOrganization({ id, name: requireName(input.name, 'Organization') });
  if (!organization) throw new ApiError('CONFLICT', `Organization ${id} already exists`);
  return organization;
}

export async function requireOrganization(organizationId: string): Promise<Organization> {
  const organization = await getOrganization(organizationId);
  if (!organization) throw notFound('Organization');
  return organization;
}

/** Returns the new key's record and, once only, its full secret. */
export async function createApiKey(input: {
  organizationId: string;
  name: string;
  environment: Environment;
  /** `full_access` by default. */
  permission?: ApiKeyPermission;
  /** Only with `sending_access`: the organization's domains the key may send from. */
  domainIds?: readonly string[];
}): Promise<{ apiKey: ApiKey; secret: string }> {
  const name = requireName(input.name, 'Key');
  const permission = requirePermission(input.permission ?? 'full_access');
  const domainIds = await requireKeyDomains(input.organizationId, permission, input.domainIds ?? []);
  // The secret is made here and shown once; the table keeps its hash and its display prefix.
  const secret = generateApiKey(input.environment);
  // The insert fails if the organization's rate limit changed after we read it; retry.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const organization = await requireOrganization(input.organizationId);
    const apiKey = await insertApiKey({
      organizationId: organization.id,
      name,
      environment: input.environment,
      rateLimitPerSecond: organization.rateLimitPerSecond,
      keyHash: hashApiKey(secret),
      prefix: displayPrefix(secret),
      permission,
      domainIds,
    });
    if (apiKey) return { apiKey, secret };
  }
  throw new ApiError('CONFLICT', 'The organization changed while the key was being created; try again');
}

function requirePermission(permission: string): ApiKeyPermission {
  if (!(API_KEY_PERMISSIONS as readonly string[]).includes(permission)) {
    throw new ApiError('VALIDATION_ERROR', `A key's permission is ${API_KEY_PERMISSIONS.join(' or ')}`, {
      details: [{ field: 'permission', message: `Must be ${API_KEY_PERMISSIONS.join(' or ')}` }],
    });
  }
  return permission as ApiKeyPermission;
}

/** The key's domains, each one of the organization's (read consistently); null for none named. */
async function requireKeyDomains(
  organizationId: string,
  permission: ApiKeyPermission,
  requested: readonly string[],
): Promise<string[] | null> {
  const domainIds = [...new Set(requested)];
  if (domainIds.length === 0) return null;
  const refuse = (message: string) =>
    new ApiError('VALIDATION_ERROR', message, { details: [{ field: 'domain_ids', message }] });
  if (permission !== 'sending_access') throw refuse('Only a sending_access key can be limited to domains');
  if (domainIds.length > MAX_DOMAINS_PER_ORGANIZATION) {
    throw refuse(`A key names at most ${MAX_DOMAINS_PER_ORGANIZATION} domains`);
  }
  // Another organization's domain is refused like an unknown one: the answer tells nothing about it.
  const malformed = domainIds.find((domainId) => !isResourceId('dom', domainId));
  const found = new Set(
    malformed === undefined ? (await getDomains(organizationId, domainIds)).map((domain) => domain.id) : [],
  );
  const unknown = malformed ?? domainIds.find((domainId) => !found.has(domainId));
  if (unknown !== undefined) throw refuse(`${unknown.slice(0, 80)} is not a domain of this organization`);
  return domainIds;
}

export async function listApiKeys(organizationId: string): Promise<ApiKey[]> {
  await requireOrganization(organizationId);
  return listKeysOfOrganization(organizationId);
}

/** A key id of ours, or 404 without a read (any other string could even be too long for a table key). */
function requireKeyId(keyId: string): string {
  if (!isResourceId('key', keyId)) throw notFound('API key');
  return keyId;
}

/** One key of the organization; another organization's key is 404, like an unknown one. */
export async function getApiKey(organizationId: string, keyId: string): Promise<ApiKey> {
  const key = await getApiKeyOfOrganization(organizationId, requireKeyId(keyId));
  if (!key) throw notFound('API key');
  return key;
}

export async function revokeApiKey(organizationId: string, keyId: string): Promise<ApiKey> {
  const revoked = await markApiKeyRevoked(organizationId, requireKeyId(keyId));
  if (!revoked) throw notFound('API key');
  return revoked;
}

/**
 * Above ~1,000 writes/s a single rate-limit window item would exceed DynamoDB's per-key
 * write throughput, so higher limits would need sharded counters (not offered).
 */
export const MAX_RATE_LIMIT_PER_SECOND = 1000;

/** Sets the organization's request rate limit; takes effect on its keys' next requests. */
export async function setOrganizationRateLimit(organizationId: string, perSecond: number): Promise<void> {
  if (!Number.isInteger(perSecond) || perSecond < 1 || perSecond > MAX_RATE_LIMIT_PER_SECOND) {
    throw new ApiError(
      'VALIDATION_ERROR',
      `The rate limit must be an integer from 1 to ${MAX_RATE_LIMIT_PER_SECOND} requests per second`,
    );
  }
  if (!(await updateOrganizationAttribute(organizationId, 'rate_limit_per_second', perSecond))) {
    throw notFound('Organization');
  }
  await setRateLimitOnKeys(organizationId, perSecond);
}

/**
 * Sets an organization's sending limit (recipients per UTC day and/or calendar month) in one
 * environment; the next send sees it. The test environment has a daily limit only. Returns
 * the limits now in effect in that environment.
 */
export async function setSendingLimits(
  organizationId: string,
  input: { environment: Environment; daily?: number; monthly?: number },
): Promise<{ environment: Environment } & SendingLimits> {
  const { environment, daily, monthly } = input;
  const problems: Array<{ field: string; message: string }> = [];
  if (environment !== 'live' && environment !== 'test') {
    problems.push({ field: 'environment', message: 'Must be live or test' });
  }
  if (daily === undefined && monthly === undefined) {
    problems.push({ field: 'daily', message: 'Give a daily or a monthly limit (or both)' });
  }
  for (const [field, value] of [
    ['daily', daily],
    ['monthly', monthly],
  ] as const) {
    if (value !== undefined && (!Number.isInteger(value) || value < 0 || value > MAX_SENDING_LIMIT)) {
      problems.push({ field, message: `Must be a whole number of recipients from 0 to ${MAX_SENDING_LIMIT}` });
    }
  }
  if (environment === 'test' && monthly !== undefined) {
    problems.push({ field: 'monthly', message: 'The test environment has no monthly limit' });
  }
  if (problems.length > 0) {
    const summary = problems.map((problem) => `${problem.field}: ${problem.message}`).join('; ');
    throw new ApiError('VALIDATION_ERROR', `Invalid sending limit (${summary})`, { details: problems });
  }
  const updates: Array<[SendingLimitAttribute, number]> = [];
  if (daily !== undefined) updates.push([`daily_recipient_limit_${environment}`, daily]);
  if (monthly !== undefined) updates.push(['monthly_recipient_limit_live', monthly]);
  for (const [attribute, value] of updates) {
    if (!(await updateOrganizationAttribute(organizationId, attribute, value))) throw notFound('Organization');
  }
  return { environment, ...sendingLimitsFor(await requireOrganization(organizationId), environment) };
}
