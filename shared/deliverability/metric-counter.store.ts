/**
 * Deliverability counter entity: an hour's counter per organization and environment (four shards) and
 * the hour's sender directory; a day is its hours summed at read (a day counter would cost two write units
 * more in every run of stream records, for a rarer read). A batch of records becomes one ADD per counter
 * in one transaction with a client request token derived from the records: all or nothing, and a retry
 * of the same records is not applied twice, so every event is counted once. Keys and access patterns:
 * docs/data-model.md, "Entities" (Deliverability counter…), MT1–MT3 and "Hot partitions".
 */
import { QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { MetricCount, MetricCounts } from '#deliverability/metric-counts.ts';
import { dayOfHour, emptyCounts, METRIC_COUNTS } from '#deliverability/metric-counts.ts';
import { db, tableName } from '#dynamo/client.ts';
import { keys, METRIC_DIRECTORY_PARTITIONS, metricHourRange, metricHoursOfDays } from '#dynamo/keys.ts';
import { queryAll } from '#dynamo/reads.ts';
import type { TransactItems } from '#dynamo/writes.ts';

/**
 * Hour counters per write: with its directory item beside each, a transaction holds at most twice this
 * many items, within DynamoDB's 100 (with room for the counters written alongside).
 */
export const MAX_COUNTERS_PER_WRITE = 48;
const RETENTION_SECONDS = 400 * 86_400;

export interface CounterAddition {
  organizationId: string;
  environment: string;
  bucket: string;
  counts: MetricCounts;
}

/**
 * Adds the counts (≤ MAX_COUNTERS_PER_WRITE counters) to shard `shard`, with `alongside` (other
 * counters' updates from the same records) in the same transaction, once per `token` (1–36
 * characters, unique to the records counted).
 */
export async function addToCounters(
  additions: readonly CounterAddition[],
  shard: number,
  token: string,
  alongside: TransactItems = [],
) {
  if (additions.length === 0 && alongside.length === 0) return;
  const now = Math.floor(Date.now() / 1000);
  await db.send(
    new TransactWriteCommand({
      ClientRequestToken: token,
      TransactItems: [
        ...alongside,
        ...additions.flatMap((addition) => {
          const counted = METRIC_COUNTS.filter((name) => addition.counts[name] !== 0);
          const targets = [
            keys.metricCounter(addition.organizationId, addition.environment, addition.bucket, shard),
            keys.metricDirectory(addition.environment, addition.bucket, addition.organizationId, shard),
          ];
          return targets.map((Key) => ({
            Update: {
              TableName: tableName,
              Key,
              UpdateExpression: `SET #type = :type, organization_id = :org, expires_at = :expires${counted.length > 0 ? ` ADD ${counted.map((name) => `#${name} :${name}`).join(', ')}` : ''}`,
              ExpressionAttributeNames: {
                '#type': 'type',
                ...Object.fromEntries(counted.map((name) => [`#${name}`, name])),
              },
              ExpressionAttributeValues: {
                ':type': 'metric_counter',
                ':org': addition.organizationId,
                ':expires': now + RETENTION_SECONDS,
                ...Object.fromEntries(counted.map((name) => [`:${name}`, addition.counts[name]])),
              },
            },
          }));
        }),
      ],
    }),
  );
}

/** Days read by one Query of a day range (≤ 30 × 24 × 4 hour items, ~0.4 MB: one page). */
const DAYS_PER_QUERY = 30;
const DAY_MS = 86_400_000;

/**
 * The counts of every bucket from `first` to `last` (bucket names of one kind, hours `H#…` or days `D#…`,
 * inclusive), shards summed, whatever the number of emails: one Query (paged) of the partition's range
 * of hours; by day, each day its 24 hours summed, read 30 days a Query, the Queries in parallel (90 days:
 * 3 Queries of one page each, not two pages one after the other).
 */
export async function readCounters(
  organizationId: string,
  environment: string,
  first: string,
  last: string,
): Promise<{ counts: Map<string, MetricCounts>; requests: number }> {
  const counts = new Map<string, MetricCounts>();
  if (!first.startsWith('D#')) {
    const requests = await sumHours(organizationId, environment, metricHourRange(first, last), counts, (h) => h);
    return { counts, requests };
  }
  const firstDay = Date.parse(`${first.slice(2)}T00:00:00Z`);
  const lastDay = Date.parse(`${last.slice(2)}T00:00:00Z`);
  const dayBucket = (ms: number) => `D#${new Date(ms).toISOString().slice(0, 10)}`;
  const windows: Array<{ from: string; to: string }> = [];
  for (let start = firstDay; start <= lastDay; start += DAYS_PER_QUERY * DAY_MS) {
    const end = Math.min(start + (DAYS_PER_QUERY - 1) * DAY_MS, lastDay);
    windows.push(metricHoursOfDays(dayBucket(start), dayBucket(end)));
  }
  const requests = await Promise.all(
    windows.map((range) => sumHours(organizationId, environment, range, counts, dayOfHour)),
  );
  return { counts, requests: requests.reduce((sum, count) => sum + count, 0) };
}

/** Adds the hour items of a sort-key range into `counts` under `bucketOf(hour)`; answers the requests made. */
async function sumHours(
  organizationId: string,
  environment: string,
  { from, to }: { from: string; to: string },
  counts: Map<string, MetricCounts>,
  bucketOf: (hour: string) => string,
): Promise<number> {
  let startKey: Record<string, unknown> | undefined;
  let requests = 0;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'PK = :pk AND SK BETWEEN :first AND :last',
        ExpressionAttributeValues: {
          ':pk': keys.metricCounters(organizationId, environment).PK,
          ':first': from,
          ':last': to,
        },
        ...(startKey ? { ExclusiveStartKey: startKey } : {}),
      }),
    );
    requests += 1;
    for (const item of page.Items ?? []) {
      const sk = String(item.SK);
      const bucket = bucketOf(sk.slice(0, sk.lastIndexOf('#')));
      const sum = counts.get(bucket) ?? emptyCounts();
      for (const name of METRIC_COUNTS) sum[name] += Number(item[name as MetricCount] ?? 0);
      counts.set(bucket, sum);
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return requests;
}

/**
 * Every organization's counts of one hour and environment: the hour's directory, its partitions read in
 * parallel (one Query each, paged), shards apart.
 */
export async function readHourDirectory(
  environment: string,
  hourBucket: string,
): Promise<Array<{ organizationId: string; counts: MetricCounts }>> {
  const partitions = Array.from({ length: METRIC_DIRECTORY_PARTITIONS }, (_, partition) => partition);
  const pages = await Promise.all(
    partitions.map(async (partition) => {
      const items = await queryAll({
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.metricDirectoryOfHour(environment, hourBucket, partition).PK },
      });
      return items.map((item) => {
        const counts = emptyCounts();
        for (const name of METRIC_COUNTS) counts[name] = Number(item[name] ?? 0);
        return { organizationId: String(item.organization_id), counts };
      });
    }),
  );
  return pages.flat();
}
