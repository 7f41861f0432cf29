/**
 * API key entity: the key item, keyed by the SHA-256 hash of the full key (authentication is one
 * consistent GetItem, and revocation is seen by the next request), and a pointer in the organization's
 * partition written in the same transaction (listing and revoking read consistently, with no index).
 * Only the display prefix is stored in clear; the organization's rate limit is copied onto each key so
 * authentication needs no second read. Docs: docs/data-model.md, "Entities" (API key…) and 1–11.
 */
import { BatchGetCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ApiKey } from '#accounts/api-key.ts';
import type { ApiKeyPermission } from '#core/api-key-permission.ts';
import type { Environment } from '#core/environment.ts';
import { newId, nowIso } from '#core/ids.ts';
import { db, tableName } from '#dynamo/client.ts';
import { keys } from '#dynamo/keys.ts';
import { queryByPrefix } from '#dynamo/reads.ts';
import { conditionalUpdate, conditionalWrite, failedCondition, transactWrite } from '#dynamo/writes.ts';

/** Where callers have always found it. */
export type { ApiKey } from '#accounts/api-key.ts';

interface ApiKeyItem {
  id: string;
  organization_id: string;
  name: string;
  environment: Environment;
  prefix: string;
  created_at: string;
  last_used_at?: string;
  revoked_at?: string;
  rate_limit_per_second?: number;
  /** Absent on keys made before permissions existed: full access. */
  permission?: ApiKeyPermission;
  domain_ids?: string[];
}

interface ApiKeyPointerItem {
  key_id: string;
  key_hash: string;
}

function fromItem(item: ApiKeyItem): ApiKey {
  return {
    id: item.id,
    organizationId: item.organization_id,
    name: item.name,
    environment: item.environment,
    prefix: item.prefix,
    createdAt: item.created_at,
    lastUsedAt: item.last_used_at ?? null,
    revokedAt: item.revoked_at ?? null,
    rateLimitPerSecond: item.rate_limit_per_second ?? null,
    permission: item.permission ?? 'full_access',
    domainIds: item.domain_ids && item.domain_ids.length > 0 ? item.domain_ids : null,
  };
}

/**
 * Stores a new key under the hash of its secret (the secret itself is never stored: the service
 * makes it and shows it once). The transaction also checks that the organization still has the rate
 * limit the caller copied onto the key; undefined when it changed meanwhile (the caller re-reads and
 * retries).
 */
export async function insertApiKey(input: {
  organizationId: string;
  name: string;
  environment: Environment;
  rateLimitPerSecond: number | undefined;
  keyHash: string;
  prefix: string;
  permission: ApiKeyPermission;
  domainIds: string[] | null;
}): Promise<ApiKey | undefined> {
  const { keyHash } = input;
  const item: ApiKeyItem = {
    id: newId('key'),
    organization_id: input.organizationId,
    name: input.name,
    environment: input.environment,
    prefix: input.prefix,
    created_at: nowIso(),
    permission: input.permission,
    ...(input.domainIds ? { domain_ids: input.domainIds } : {}),
    ...(input.rateLimitPerSecond ? { rate_limit_per_second: input.rateLimitPerSecond } : {}),
  };
  const pointer: ApiKeyPointerItem = { key_id: item.id, key_hash: keyHash };
  try {
    await transactWrite([
      {
        ConditionCheck: {
          TableName: tableName,
          Key: keys.organization(input.organizationId),
          ConditionExpression: input.rateLimitPerSecond
            ? 'attribute_exists(PK) AND rate_limit_per_second = :limit'
            : 'attribute_exists(PK) AND attribute_not_exists(rate_limit_per_second)',
          ...(input.rateLimitPerSecond ? { ExpressionAttributeValues: { ':limit': input.rateLimitPerSecond } } : {}),
        },
      },
      {
        Put: {
          TableName: tableName,
          Item: { ...keys.apiKey(keyHash), type: 'api_key', ...item },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      {
        Put: {
          TableName: tableName,
          Item: {
            ...keys.apiKeyOfOrganization(input.organizationId, item.id),
            type: 'api_key_pointer',
            ...pointer,
          },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
    ]);
  } catch (error) {
    // The organization's rate limit changed (or it is gone): the caller re-reads and retries.
    if (failedCondition(error, 0)) return undefined;
    throw error;
  }
  return fromItem(item);
}

/** The authentication read: one strongly consistent GetItem by hash. */
export async function findApiKeyByHash(keyHash: string): Promise<ApiKey | undefined> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName, Key: keys.apiKey(keyHash), ConsistentRead: true }),
  );
  return Item ? fromItem(Item as ApiKeyItem) : undefined;
}

function keyPointers(organizationId: string): Promise<ApiKeyPointerItem[]> {
  return queryByPrefix<ApiKeyPointerItem>(keys.apiKeysOfOrganizationPrefix(organizationId));
}

/** An organization's keys, oldest first: one consistent Query + ⌈n/100⌉ BatchGetItem. */
export async function listApiKeys(organizationId: string): Promise<ApiKey[]> {
  const pointers = await keyPointers(organizationId);
  const items: ApiKeyItem[] = [];
  for (let start = 0; start < pointers.length; start += 100) {
    let pending: Record<string, unknown>[] = pointers
      .slice(start, start + 100)
      .map((pointer): Record<string, unknown> => ({ ...keys.apiKey(pointer.key_hash) }));
    while (pending.length > 0) {
      const result = await db.send(
        new BatchGetCommand({ RequestItems: { [tableName]: { Keys: pending, ConsistentRead: true } } }),
      );
      items.push(...((result.Responses?.[tableName] ?? []) as ApiKeyItem[]));
      pending = result.UnprocessedKeys?.[tableName]?.Keys ?? [];
    }
  }
  return items.map(fromItem).sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
}

/** The hash of an organization's key, from its pointer (one consistent GetItem); undefined when it has none such. */
async function keyHashOf(organizationId: string, keyId: string): Promise<string | undefined> {
  const { Item } = await db.send(
    new GetCommand({
      TableName: tableName,
      Key: keys.apiKeyOfOrganization(organizationId, keyId),
      ConsistentRead: true,
    }),
  );
  return Item ? (Item as ApiKeyPointerItem).key_hash : undefined;
}

/** One key of an organization: two consistent GetItems (its pointer, then the key item). */
export async function getApiKeyOfOrganization(organizationId: string, keyId: string): Promise<ApiKey | undefined> {
  const keyHash = await keyHashOf(organizationId, keyId);
  return keyHash === undefined ? undefined : findApiKeyByHash(keyHash);
}

/**
 * Revokes a key of the organization. Revocation is permanent: revoking twice keeps the
 * first `revoked_at`. Returns undefined when the organization has no such key.
 */
export async function markApiKeyRevoked(organizationId: string, keyId: string): Promise<ApiKey | undefined> {
  const keyHash = await keyHashOf(organizationId, keyId);
  if (keyHash === undefined) return undefined;
  const revoked = await conditionalUpdate(
    new UpdateCommand({
      TableName: tableName,
      Key: keys.apiKey(keyHash),
      UpdateExpression: 'SET revoked_at = :now',
      ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(revoked_at)',
      ExpressionAttributeValues: { ':now': nowIso() },
      ReturnValues: 'ALL_NEW',
    }),
  );
  // Already revoked: the first time stays.
  return revoked ? fromItem(revoked as unknown as ApiKeyItem) : findApiKeyByHash(keyHash);
}

/** Copies an organization's rate limit onto each of its keys (operator action, rare). */
export async function setRateLimitOnKeys(organizationId: string, rateLimitPerSecond: number): Promise<void> {
  for (const pointer of await keyPointers(organizationId)) {
    await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.apiKey(pointer.key_hash),
        UpdateExpression: 'SET rate_limit_per_second = :limit',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':limit': rateLimitPerSecond },
      }),
    );
  }
}

/** How stale `last_used_at` may get: at most about one write per key per minute. */
export const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * Records use of a key when the stored time is older than a minute. The condition makes
 * concurrent requests race for one write instead of each writing.
 */
export async function touchApiKeyLastUsed(keyHash: string, now: Date): Promise<void> {
  const staleBefore = new Date(now.getTime() - LAST_USED_RESOLUTION_MS).toISOString();
  await conditionalWrite(
    new UpdateCommand({
      TableName: tableName,
      Key: keys.apiKey(keyHash),
      UpdateExpression: 'SET last_used_at = :now',
      ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(last_used_at) OR last_used_at < :stale)',
      ExpressionAttributeValues: { ':now': now.toISOString(), ':stale': staleBefore },
      // Explicit: the middleware's IAM statement requires dynamodb:ReturnValues ∈ {NONE, UPDATED_NEW},
      // and IAM sees the key as absent (so the condition fails) when a request omits it.
      ReturnValues: 'NONE',
    }),
  );
}
