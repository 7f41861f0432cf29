/**
 * The month counters of accepted traffic, per organization, environment and UTC month: recipients (the
 * sending limit) and emails (the email list's date totals), each for the month and its days. One
 * partition of USAGE_SHARDS small items a month: a send adds to one random shard (one UpdateItem, so a
 * high rate spreads over 10 items), a read sums them with one consistent Query. Layout, the day-counts
 * marker and the upgrade: docs/data-model.md, "Usage counter shard"; docs/deploy.md, "Upgrading".
 */
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { type Usage, usagePeriods } from '#accounts/sending-limit.ts';
import type { Environment } from '#core/environment.ts';
import { errorLogFields } from '#core/log-fields.ts';
import { logger } from '#core/logger.ts';
import { db, tableName } from '#dynamo/client.ts';
import { keys } from '#dynamo/keys.ts';
import { queryAll } from '#dynamo/reads.ts';

export const USAGE_SHARDS = 10;

/** The attribute counting a day's recipients (`2026-11-22` → `day_22`). */
const dayAttribute = (day: string) => `day_${day.slice(8, 10)}`;
/** The attribute counting a day's emails (`2026-11-22` → `emails_22`). */
const emailsDayAttribute = (day: string) => `emails_${day.slice(8, 10)}`;

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
 * Adds `recipients` and `emails` (negative: takes them back) to the month and the day of `now` (the
 * emails' `created_at`): one UpdateItem ADD on a random shard of the month's counter. Clears the TTL
 * that earlier versions set (`expires_at`, 40 days after the month): the counter is kept.
 */
export async function addUsage(
  organizationId: string,
  environment: Environment,
  recipients: number,
  now: Date | number = Date.now(),
  emails = 0,
): Promise<void> {
  if (recipients === 0 && emails === 0) return;
  const periods = usagePeriods(now);
  await db.send(
    new UpdateCommand({
      TableName: tableName,
      Key: keys.usageCounter(organizationId, environment, periods.month, Math.floor(Math.random() * USAGE_SHARDS)),
      UpdateExpression: 'ADD recipients :n, #day :n, #emails :e SET #type = :type REMOVE expires_at',
      ExpressionAttributeNames: {
        '#day': dayAttribute(periods.day),
        '#emails': emailsDayAttribute(periods.day),
        '#type': 'type',
      },
      ExpressionAttributeValues: { ':n': recipients, ':e': emails, ':type': 'usage' },
    }),
  );
}

/**
 * Emails accepted on each of `days` (UTC `yyyy-mm-dd`), summed over the shards: one consistent Query
 * per month spanned (≤ 10 items of ~700 bytes each), in parallel. Exact for days from
 * emailDayCountsSince on; a day without emails counts 0.
 */
export async function readEmailDayCounts(
  organizationId: string,
  environment: Environment,
  days: readonly string[],
): Promise<Map<string, number>> {
  const months = [...new Set(days.map((day) => day.slice(0, 7)))];
  const counts = new Map(days.map((day) => [day, 0]));
  await Promise.all(
    months.map(async (month) => {
      const { PK } = keys.usageCounterPartition(organizationId, environment, month);
      const wanted = days.filter((day) => day.startsWith(month));
      const names = Object.fromEntries(wanted.map((day, index) => [`#e${index}`, emailsDayAttribute(day)]));
      const items = await queryAll({
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': PK },
        ProjectionExpression: Object.keys(names).join(', '),
        ExpressionAttributeNames: names,
        ConsistentRead: true,
      });
      for (const day of wanted) {
        const attribute = emailsDayAttribute(day);
        counts.set(
          day,
          items.reduce((sum, item) => sum + Number(item[attribute] ?? 0), 0),
        );
      }
    }),
  );
  return counts;
}

/**
 * How long after the marker is first written a day must start to be counted whole: a deployment
 * replaces the functions within minutes, and until then earlier versions may still accept emails
 * without counting them by day.
 */
export const DAY_COUNTS_SETTLE_MS = 60 * 60_000;

let markerWritten: Promise<void> | undefined;

/**
 * Writes the marker once per instance, if no one has (`since` = the first UTC day starting at least
 * DAY_COUNTS_SETTLE_MS from now): called by the sends, the only writers of the counts. A failure is
 * logged and tried again by a later send; it never fails a send.
 */
export function markEmailDayCountsStarted(now: number = Date.now()): Promise<void> {
  markerWritten ??= db
    .send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.emailDayCountsMarker(),
        UpdateExpression: 'SET since = if_not_exists(since, :since), #type = :type',
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: { ':since': firstWholeDayAfter(now + DAY_COUNTS_SETTLE_MS), ':type': 'marker' },
      }),
    )
    .then(
      () => undefined,
      (error: unknown) => {
        markerWritten = undefined;
        logger.warn('could not write the email day counts marker', errorLogFields(error));
      },
    );
  return markerWritten;
}

/** The first UTC day (`yyyy-mm-dd`) that starts at or after `ms`. */
export function firstWholeDayAfter(ms: number): string {
  const { day, dayResetsAt } = usagePeriods(ms);
  return Date.parse(`${day}T00:00:00.000Z`) === ms ? day : usagePeriods(dayResetsAt).day;
}

let since: string | undefined;

/**
 * The first UTC day whose emails are all counted by day (the marker; read once per instance once
 * written: it never changes), or undefined when no send has written it yet.
 */
export async function emailDayCountsSince(): Promise<string | undefined> {
  if (since) return since;
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: keys.emailDayCountsMarker() }));
  since = typeof Item?.since === 'string' ? Item.since : undefined;
  return since;
}
