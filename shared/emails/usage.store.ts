/**
 * Sending-limit usage: recipients sent per organization, environment, UTC month and UTC day, in one
 * counter per month.
 *
 * The month's counter is a partition `USAGE#<org>#<env>#<yyyy-mm>` of USAGE_SHARDS tiny items
 * (`SK=<shard>`): `recipients` counts the month and `day_<dd>` each of its days. A send adds its
 * recipients to both attributes of one shard chosen at random (one UpdateItem), so a high send rate
 * spreads its writes over 10 items instead of queueing on one key (~1,000 writes/s each); a read sums
 * the shards with one consistent Query. Items expire through TTL (`expires_at`) 40 days after their
 * month ends. (Until this layout, each day had a partition of its own, `USAGE#<org>#<env>#<yyyy-mm-dd>`:
 * a second write per send and a second read. The month's partition and attribute are unchanged, so the
 * month stays exact across the upgrade; the day of the upgrade counts only what was sent after it —
 * docs/deploy.md, "Upgrading".)
 */
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Environment } from '#core/environment.ts';
import { db, tableName } from '#dynamo/client.ts';
import { keys } from '#dynamo/keys.ts';
import { type Usage, usagePeriods } from '#emails/sending-limit.ts';

export const USAGE_SHARDS = 10;

const DAY_SECONDS = 86_400;
/** How long a month counter is kept after its month ends. */
export const MONTH_COUNTER_KEPT_SECONDS = 40 * DAY_SECONDS;

const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);
/** The attribute counting a day (`2026-11-22` → `day_22`). */
const dayAttribute = (day: string) => `day_${day.slice(8, 10)}`;

/** Recipients counted so far in the UTC day and month of `now`: one consistent Query of the month's shards. */
export async function readUsage(
  organizationId: string,
  environment: Environment,
  now: Date | number = Date.now(),
): Promise<Usage> {
  const periods = usagePeriods(now);
  const { PK } = keys.usageCounterPartition(organizationId, environment, periods.month);
  const { Items } = await db.send(
    new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': PK },
      ConsistentRead: true,
    }),
  );
  const day = dayAttribute(periods.day);
  return (Items ?? []).reduce<Usage>(
    (sum, item) => ({ day: sum.day + Number(item[day] ?? 0), month: sum.month + Number(item.recipients ?? 0) }),
    { day: 0, month: 0 },
  );
}

/**
 * Adds `recipients` (negative: takes them back) to the month and the day of `now`: one UpdateItem ADD
 * on a random shard of the month's counter.
 */
export async function addUsage(
  organizationId: string,
  environment: Environment,
  recipients: number,
  now: Date | number = Date.now(),
): Promise<void> {
  if (recipients === 0) return;
  const periods = usagePeriods(now);
  await db.send(
    new UpdateCommand({
      TableName: tableName,
      Key: keys.usageCounter(organizationId, environment, periods.month, Math.floor(Math.random() * USAGE_SHARDS)),
      UpdateExpression: 'ADD recipients :n, #day :n SET expires_at = :expires, #type = :type',
      ExpressionAttributeNames: { '#day': dayAttribute(periods.day), '#type': 'type' },
      ExpressionAttributeValues: {
        ':n': recipients,
        ':expires': epochSeconds(periods.monthResetsAt) + MONTH_COUNTER_KEPT_SECONDS,
        ':type': 'usage',
      },
    }),
  );
}
