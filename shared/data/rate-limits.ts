/**
 * Fixed one-second rate-limit windows. Each request is one UpdateItem that adds 1 to the
 * window's counter and returns the new count; no read, no transaction. Counts past the
 * limit keep growing harmlessly and the item expires by TTL.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './dynamo.ts';
import { keys } from './keys.ts';

export interface RateLimitState {
  limit: number;
  remaining: number;
  /** Seconds until the current window ends (the X-RateLimit-Reset header). */
  resetSeconds: number;
  allowed: boolean;
}

const WINDOW_ITEM_TTL_SECONDS = 60;

export async function countRequest(
  scope: 'org' | 'ip',
  id: string,
  limit: number,
  now: number = Date.now(),
): Promise<RateLimitState> {
  const windowSecond = Math.floor(now / 1000);
  const { Attributes } = await db.send(
    new UpdateCommand({
      TableName: tableName,
      Key: keys.rateLimitWindow(scope, id, windowSecond),
      UpdateExpression: 'ADD request_count :one SET expires_at = if_not_exists(expires_at, :expires)',
      ExpressionAttributeValues: { ':one': 1, ':expires': windowSecond + WINDOW_ITEM_TTL_SECONDS },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  const count = Number(Attributes?.request_count ?? 1);
  return {
    limit,
    remaining: Math.max(0, limit - count),
    resetSeconds: 1,
    allowed: count <= limit,
  };
}
