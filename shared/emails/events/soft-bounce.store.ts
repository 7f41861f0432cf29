/**
 * Soft bounces of an address, kept to decide the automatic `soft_bounce` suppression.
 *   item  PK=SOFTBOUNCE#<org>#<normalized address>  SK=SOFTBOUNCE
 *         bounces: string set of `<bounce timestamp>#<event id>`, expires_at (TTL)
 * A string set makes counting idempotent: the same bounce notification twice adds the same entry.
 * The item is its own partition (like a suppression), so a bounce storm spreads its writes.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '#dynamo/client.ts';
import { keys } from '#dynamo/keys.ts';

/**
 * Adds one soft bounce (`entry` = `<timestamp>#<event id>`) and returns every entry the address
 * has now. The item expires `ttlSeconds` after this write unless another bounce arrives.
 */
export async function recordSoftBounce(
  organizationId: string,
  normalizedEmail: string,
  entry: string,
  ttlSeconds: number,
  now: number = Date.now(),
): Promise<string[]> {
  const result = await db.send(
    new UpdateCommand({
      TableName: tableName,
      Key: keys.softBounces(organizationId, normalizedEmail),
      UpdateExpression:
        'ADD bounces :entry SET #type = :type, organization_id = :org, email = :email, expires_at = :expires',
      ExpressionAttributeNames: { '#type': 'type' },
      ExpressionAttributeValues: {
        ':entry': new Set([entry]),
        ':type': 'soft_bounces',
        ':org': organizationId,
        ':email': normalizedEmail,
        ':expires': Math.floor(now / 1000) + ttlSeconds,
      },
      ReturnValues: 'ALL_NEW',
    }),
  );
  const bounces = result?.Attributes?.bounces;
  return bounces instanceof Set ? [...bounces].map(String) : [];
}

/** Removes entries that no longer count (best effort: they would only take space). */
export async function forgetSoftBounces(
  organizationId: string,
  normalizedEmail: string,
  entries: readonly string[],
): Promise<void> {
  if (entries.length === 0) return;
  await db.send(
    new UpdateCommand({
      TableName: tableName,
      Key: keys.softBounces(organizationId, normalizedEmail),
      UpdateExpression: 'DELETE bounces :entries',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':entries': new Set(entries) },
    }),
  );
}
