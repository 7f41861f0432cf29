/**
 * Fixtures built through the same service functions the admin CLI uses. Each test gets
 * its own organization, so tests never see each other's data. The default rate limit is
 * high so that only the rate-limit tests ever meet a 429.
 */

import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  createApiKey,
  createOrganization,
  revokeApiKey,
  setOrganizationRateLimit,
} from '#accounts/accounts.service.ts';
import { type Caller, callerOf } from '#accounts/caller.ts';
import type { Environment } from '#core/environment.ts';
import { db, tableName } from '#dynamo/client.ts';
import { keys } from '#dynamo/keys.ts';
import { beginIdempotentRequest, type IdempotencyScope } from '#http/idempotency.store.ts';
import { requestHash } from '#http/idempotency.ts';
import { client } from './http.ts';

let counter = 0;

/**
 * `createdAt`: an organization that has existed since then (for tests that store emails with past
 * `created_at`s: no email predates its organization).
 */
export async function createTestOrganization(
  options: { rateLimitPerSecond?: number; environment?: Environment; createdAt?: string } = {},
) {
  counter += 1;
  const organization = await createOrganization({ name: `Test org ${counter}` });
  if (options.createdAt) {
    await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.organization(organization.id),
        UpdateExpression: 'SET created_at = :at',
        ExpressionAttributeValues: { ':at': options.createdAt },
      }),
    );
  }
  await setOrganizationRateLimit(organization.id, options.rateLimitPerSecond ?? 1000);
  const environment = options.environment ?? 'test';
  const { apiKey, secret } = await createApiKey({ organizationId: organization.id, name: 'test key', environment });
  /** Who the key authenticates as, for calling a service function directly. */
  const caller: Caller = callerOf(apiKey);
  return {
    organization,
    apiKey,
    caller,
    key: secret,
    api: client(secret),
    revoke: () => revokeApiKey(organization.id, apiKey.id),
  };
}

/** Another key of an organization (a sending key, one limited to domains…), with its API client. */
export async function createKeyFor(
  organizationId: string,
  options: Omit<Parameters<typeof createApiKey>[0], 'organizationId' | 'name' | 'environment'> & {
    environment?: Environment;
  } = {},
) {
  const { apiKey, secret } = await createApiKey({
    organizationId,
    name: `key ${options.permission ?? 'full_access'}`,
    environment: options.environment ?? 'test',
    ...options,
  });
  return { apiKey, key: secret, api: client(secret), revoke: () => revokeApiKey(organizationId, apiKey.id) };
}

/**
 * Gives the organization a verified sending domain the way a customer would: add it through
 * the API, publish its records on the test DNS server, verify it through the API.
 */
export async function verifiedDomainFor(api: ReturnType<typeof client>, domain?: string): Promise<string> {
  const { randomBytes } = await import('node:crypto');
  const { inject } = await import('vitest');
  const { dnsControl } = await import('./dns-control.ts');
  const dns = dnsControl(inject('dnsControlUrl'));
  const name = domain ?? `s${randomBytes(5).toString('hex')}.test`;
  const added = await api.post('/api/v1/domains', { domain: name });
  if (added.status !== 201) throw new Error(`adding ${name} failed: ${added.text}`);
  for (const record of added.body.data.dns_records as { name: string; value: string; required: boolean }[]) {
    if (record.required) await dns.setTxt(record.name, [[record.value]]);
  }
  const verified = await api.get(`/api/v1/domains/${added.body.data.id}/verify`);
  if (!verified.body?.data?.is_verified) throw new Error(`verifying ${name} failed: ${verified.text}`);
  return name;
}

/** A valid POST /emails/send body from `domain`; `fields` replace or add to it. */
export function sendRequest(domain: string, fields: Record<string, unknown> = {}) {
  return {
    from: { email: `hello@${domain}` },
    to: [{ email: 'recipient@example.com' }],
    subject: 'Hello',
    text: 'Hello',
    ...fields,
  };
}

/**
 * An organization with a verified sending domain, its API client and `send(fields)`, which posts
 * `sendRequest(domain, fields)` to POST /emails/send.
 */
export async function createSender(options: Parameters<typeof createTestOrganization>[0] = {}) {
  const org = await createTestOrganization(options);
  const domain = await verifiedDomainFor(org.api);
  const send = (fields: Record<string, unknown> = {}) =>
    org.api.post('/api/v1/emails/send', sendRequest(domain, fields));
  return { ...org, domain, send };
}

/** `[{ email }]` for each address: a `to`, `cc` or `bcc` list. */
export const recipients = (...addresses: string[]) => addresses.map((email) => ({ email }));

/**
 * A request that claimed `key` 61 s ago (its lease has run out) and died before answering, as
 * POST /emails/send or /emails/batch with the validated body `validated` would have left it: returns
 * the id it reserved, for the test to do (or not) the dead request's writes under it.
 */
export async function deadIdempotentRequest(
  caller: Caller,
  key: string,
  scope: IdempotencyScope,
  validated: unknown,
): Promise<string> {
  const begun = await beginIdempotentRequest(
    caller.organizationId,
    key,
    requestHash(scope, caller.environment, validated),
    scope,
    Date.now() - 61_000,
  );
  if (begun.state !== 'new') throw new Error(`expected a new idempotent request, got ${begun.state}`);
  return begun.reservedId;
}
