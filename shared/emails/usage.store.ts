/**
 * Sending-limit usage: recipients sent per organization, environment and period, one counter
 * for the UTC day (`yyyy-mm-dd`) and one for the UTC month (`yyyy-mm`).
 *
 * Each counter is a partition `USAGE#<org>#<env>#<period>` of USAGE_SHARDS tiny items
 * (`SK=<shard>`, attribute `recipients`). A send adds its recipients to one shard chosen at
 * random, so a high send rate spreads its writes over 10 items instead of queueing on one
 * key (~1,000 writes/s each); a read sums the shards with one consistent Query. Items expire
 * through TTL (`expires_at`): day counters 3 days after their day ends, month counters 40
 * days after their month ends.
 */
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Environment } from '#core/environment.ts';
import { db, tableName } from '#dynamo/client.ts';
import { keys } from '#dynamo/keys.ts';
import { type Usage, usagePeriods } from '#emails/sending-limit.ts';

export const USAGE_SHARDS = 10;

const DAY_SECONDS = 86_400;
/** How long a day counter is kept after its day ends. */
export const DAY_COUNTER_KEPT_SECONDS = 3 * DAY_SECONDS;
/** How long a month counter is kept after its month ends. */
export const MONTH_COUNTER_KEPT_SECONDS = 40 * DAY_SECONDS;

const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

async function sumCounter(organizationId: string, environment: Environment, period: string): Promise<number> {
  const { PK } = keys.usageCounterPartition(organizationId, environment, period);
  const { Items } = await db.send(
    new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': PK },
      ConsistentRead: true,
    }),
  );
  return (Items ?? []).reduce((sum, item) => sum + Number(item.recipients ?? 0), 0);
}

/** Recipients counted so far in the UTC day and month of `now`: two consistent Queries, in parallel. */
export async function readUsage(
  organizationId: string,
  environment: Environment,
  now: Date | number = Date.now(),
): Promise<Usage> {
  const periods = usagePeriods(now);
  const [day, month] = await Promise.all([
    sumCounter(organizationId, environment, periods.day),
    sumCounter(organizationId, environment, periods.month),
  ]);
  return { day, month };
}

function addToCounter(
  organizationId: string,
  environment: Environment,
  period: string,
  recipients: number,
  expiresAt: number,
) {
  return db.send(
    new UpdateCommand({
      TableName: tableName,
      Key: keys.usageCounter(organizationId, environment, period, Math.floor(Math.random() * USAGE_SHARDS)),
      UpdateExpression: 'ADD recipients :n SET expires_at = :expires, #type = :type',
      ExpressionAttributeNames: { '#type': 'type' },
      ExpressionAttributeValues: { ':n': recipients, ':expires': expiresAt, ':type': 'usage' },
    }),
  );
}

export type UsagePeriod = 'day' | 'month';

/**
 * Adds `recipients` (negative: takes them back) to the day and month counters of `now`, or to the
 * named ones: an UpdateItem ADD on a random shard each, in parallel.
 */
export async function addUsage(
  organizationId: string,
  environment: Environment,
  recipients: number,
  now: Date | number = Date.now(),
  periods: readonly UsagePeriod[] = ['day', 'month'],
): Promise<void> {
  if (recipients === 0) return;
  const current = usagePeriods(now);
  const kept = {
    day: epochSeconds(current.dayResetsAt) + DAY_COUNTER_KEPT_SECONDS,
    month: epochSeconds(current.monthResetsAt) + MONTH_COUNTER_KEPT_SECONDS,
  };
  await Promise.all(
    periods.map((period) => addToCounter(organizationId, environment, current[period], recipients, kept[period])),
  );
}
