/**
 * Fixed rate-limit windows (a second, or a route's own longer window): each request is one UpdateItem
 * that adds 1 to the window's counter and returns the count; no read, no transaction, TTL expiry.
 * A flood must get 429s, not 500s: once this instance has seen a window exhausted it answers 429 for
 * the rest of it without writing (so a caller cannot push one key past DynamoDB's per-key write rate),
 * and a throttled write is a 429 too. See docs/api.md, "Rate limits", and docs/data-model.md, "Hot
 * partitions".
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '#dynamo/client.ts';
import { keys, type RateLimitScope } from '#dynamo/keys.ts';

export interface RateLimitState {
  limit: number;
  remaining: number;
  /** Seconds until the current window ends (the X-RateLimit-Reset header; 1 for one-second windows). */
  resetSeconds: number;
  allowed: boolean;
}

const WINDOW_ITEM_TTL_SECONDS = 60;
const THROTTLING_ERRORS = new Set([
  'ProvisionedThroughputExceededException',
  'ThrottlingException',
  'RequestLimitExceeded',
]);

/** Windows this instance knows to be exhausted: counter key → the window's first second. */
const exhaustedWindows = new Map<string, number>();

function rememberExhausted(counter: string, windowSecond: number): void {
  if (exhaustedWindows.size > 10_000) {
    for (const [key, second] of exhaustedWindows) if (second < windowSecond) exhaustedWindows.delete(key);
  }
  exhaustedWindows.set(counter, windowSecond);
}

/** Counts a request in its window of `windowSeconds` (aligned to the epoch) and says whether it is allowed. */
export async function countRequest(
  scope: RateLimitScope,
  id: string,
  limit: number,
  now: number = Date.now(),
  windowSeconds = 1,
): Promise<RateLimitState> {
  const nowSecond = Math.floor(now / 1000);
  const windowSecond = nowSecond - (nowSecond % windowSeconds);
  const resetSeconds = windowSecond + windowSeconds - nowSecond;
  const counter = `${scope}:${id}`;
  const limited: RateLimitState = { limit, remaining: 0, resetSeconds, allowed: false };
  if (exhaustedWindows.get(counter) === windowSecond) return limited;
  let count: number;
  try {
    const { Attributes } = await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.rateLimitWindow(scope, id, windowSecond),
        UpdateExpression: 'ADD request_count :one SET expires_at = if_not_exists(expires_at, :expires)',
        // A minute after the window's last second.
        ExpressionAttributeValues: {
          ':one': 1,
          ':expires': windowSecond + windowSeconds - 1 + WINDOW_ITEM_TTL_SECONDS,
        },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    count = Number(Attributes?.request_count ?? 1);
  } catch (error) {
    if (error instanceof Error && THROTTLING_ERRORS.has(error.name)) {
      rememberExhausted(counter, windowSecond);
      return limited;
    }
    throw error;
  }
  if (count > limit) {
    rememberExhausted(counter, windowSecond);
    return limited;
  }
  return { limit, remaining: limit - count, resetSeconds, allowed: true };
}
