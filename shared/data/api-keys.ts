/**
 * API key entity. The item's partition key is the SHA-256 hash of the full key, so
 * authentication is one consistent GetItem and revocation is seen by the next request.
 * Only the 12-character display prefix is stored in clear. The organization's rate limit
 * is copied onto each key so authentication needs no second read.
 */
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { displayPrefix, type Environment, generateApiKey, hashApiKey } from '../domain/api-key-format.ts';
import { newId, nowIso } from '../domain/ids.ts';
import { db, isConditionalCheckFailed, tableName } from './dynamo.ts';
import { keys } from './keys.ts';

export interface ApiKey {
  id: string;
  organizationId: string;
  name: string;
  environment: Environment;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  rateLimitPerSecond: number | null;
}

interface ApiKeyItem {
  PK: string;
  id: string;
  organization_id: string;
  name: string;
  environment: Environment;
  prefix: string;
  created_at: string;
  last_used_at?: string;
  revoked_at?: string;
  rate_limit_per_second?: number;
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
  };
}

/** Creates a key and returns it with the full secret, which is never readable again. */
export async function insertApiKey(input: {
  organizationId: string;
  name: string;
  environment: Environment;
  rateLimitPerSecond?: number;
}): Promise<{ apiKey: ApiKey; secret: string }> {
  const secret = generateApiKey(input.environment);
  const id = newId('key');
  const createdAt = nowIso();
  const item = {
    ...keys.apiKey(hashApiKey(secret)),
    ...keys.apiKeysOfOrganization(input.organizationId, createdAt, id),
    type: 'api_key',
    id,
    organization_id: input.organizationId,
    name: input.name,
    environment: input.environment,
    prefix: displayPrefix(secret),
    created_at: createdAt,
    ...(input.rateLimitPerSecond ? { rate_limit_per_second: input.rateLimitPerSecond } : {}),
  };
  await db.send(new PutCommand({ TableName: tableName, Item: item, ConditionExpression: 'attribute_not_exists(PK)' }));
  return { apiKey: fromItem(item), secret };
}

/** The authentication read: one strongly consistent GetItem by hash. */
export async function findApiKeyByHash(keyHash: string): Promise<ApiKey | undefined> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName, Key: keys.apiKey(keyHash), ConsistentRead: true }),
  );
  return Item ? fromItem(Item as ApiKeyItem) : undefined;
}

async function queryKeyItems(organizationId: string): Promise<ApiKeyItem[]> {
  const items: ApiKeyItem[] = [];
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: tableName,
        IndexName: keys.apiKeysIndex,
        KeyConditionExpression: 'GSI1PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.apiKeysOfOrganization(organizationId).GSI1PK },
        ExclusiveStartKey: cursor,
      }),
    );
    items.push(...((page.Items ?? []) as ApiKeyItem[]));
    cursor = page.LastEvaluatedKey;
  } while (cursor);
  return items;
}

export async function listApiKeys(organizationId: string): Promise<ApiKey[]> {
  return (await queryKeyItems(organizationId)).map(fromItem);
}

/**
 * Revokes a key of the organization. Revocation is permanent: revoking twice keeps the
 * first `revoked_at`. Returns undefined when the organization has no such key.
 */
export async function markApiKeyRevoked(organizationId: string, keyId: string): Promise<ApiKey | undefined> {
  const item = (await queryKeyItems(organizationId)).find((candidate) => candidate.id === keyId);
  if (!item) return undefined;
  if (item.revoked_at) return fromItem(item);
  const revokedAt = nowIso();
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: { PK: item.PK, SK: keys.apiKey('').SK },
        UpdateExpression: 'SET revoked_at = :now',
        ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(revoked_at)',
        ExpressionAttributeValues: { ':now': revokedAt },
      }),
    );
  } catch (error) {
    if (!isConditionalCheckFailed(error)) throw error;
  }
  return fromItem({ ...item, revoked_at: item.revoked_at ?? revokedAt });
}

/** Copies an organization's rate limit onto each of its keys (operator action, rare). */
export async function setRateLimitOnKeys(organizationId: string, rateLimitPerSecond: number): Promise<void> {
  for (const item of await queryKeyItems(organizationId)) {
    await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: { PK: item.PK, SK: keys.apiKey('').SK },
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
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.apiKey(keyHash),
        UpdateExpression: 'SET last_used_at = :now',
        ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(last_used_at) OR last_used_at < :stale)',
        ExpressionAttributeValues: { ':now': now.toISOString(), ':stale': staleBefore },
      }),
    );
  } catch (error) {
    if (!isConditionalCheckFailed(error)) throw error;
  }
}
