/**
 * Deliverability counter entity: an hour's and a day's counter per organization and environment (four
 * shards), and the hour's sender directory. A batch of the stream's records becomes one ADD per counter,
 * in one transaction with a client request token derived from the records: it applies entirely or not
 * at all, and a retry of the same records is not applied twice, so every event is counted exactly once.
 * Keys and access patterns: docs/data-model.md, "Entities" (Deliverability counter…), MT1–MT3 and
 * "Hot partitions".
 */
import { QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { MetricCount, MetricCounts } from '#deliverability/metric-counts.ts';
import { emptyCounts, METRIC_COUNTS } from '#deliverability/metric-counts.ts';
import { db, tableName } from '#dynamo/client.ts';
import { keys, METRIC_DIRECTORY_PARTITIONS } from '#dynamo/keys.ts';
import { queryAll } from '#dynamo/reads.ts';
import type { TransactItems } from '#dynamo/writes.ts';

/**
 * Counters (hour and day) per write: with an hour's directory item beside each hour counter, a
 * transaction holds at most 1.5 × this many items, within DynamoDB's 100.
 */
export const MAX_COUNTERS_PER_WRITE = 66;
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
            ...(addition.bucket.startsWith('H#')
              ? [keys.metricDirectory(addition.environment, addition.bucket, addition.organizationId, shard)]
              : []),
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

/**
 * The counts of every bucket from `first` to `last` (bucket names of one kind, inclusive), shards
 * summed: one Query (paged) of the partition's range, whatever the number of emails.
 */
export async function readCounters(
  organizationId: string,
  environment: string,
  first: string,
  last: string,
): Promise<{ counts: Map<string, MetricCounts>; requests: number }> {
  const counts = new Map<string, MetricCounts>();
  let startKey: Record<string, unknown> | undefined;
  let requests = 0;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'PK = :pk AND SK BETWEEN :first AND :last',
        ExpressionAttributeValues: {
          ':pk': keys.metricCounters(organizationId, environment).PK,
          ':first': `${first}#`,
          ':last': `${last}#~`,
        },
        ...(startKey ? { ExclusiveStartKey: startKey } : {}),
      }),
    );
    requests += 1;
    for (const item of page.Items ?? []) {
      const sk = String(item.SK);
      const bucket = sk.slice(0, sk.lastIndexOf('#'));
      const sum = counts.get(bucket) ?? emptyCounts();
      for (const name of METRIC_COUNTS) sum[name] += Number(item[name as MetricCount] ?? 0);
      counts.set(bucket, sum);
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return { counts, requests };
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
