/** Keys of the deliverability counters (shared/deliverability/) and of the hourly sender directory. */
import { createHash } from 'node:crypto';
import type { PrimaryKey } from './primary-key.ts';

/** Items per deliverability counter bucket (each batch of counts goes to one of them). */
export const METRIC_SHARDS = 4;
/**
 * Partitions of an hour's sender directory (an organization always in the same one: a hash of its id),
 * so that many organizations' counts spread their writes instead of heating one key an hour.
 */
export const METRIC_DIRECTORY_PARTITIONS = 16;

const directoryPartition = (organizationId: string) =>
  createHash('sha256').update(organizationId).digest().readUInt32BE(0) % METRIC_DIRECTORY_PARTITIONS;

export const deliverabilityKeys = {
  /**
   * An organization's counts of one environment in one UTC hour (`H#<yyyy-mm-ddThh>`), one of
   * METRIC_SHARDS items. A range of hours, or of days (their hours summed), is one Query of the
   * partition (`SK BETWEEN`).
   */
  metricCounter: (organizationId: string, environment: string, bucket: string, shard: number): PrimaryKey => ({
    PK: `METRICS#${organizationId}#${environment}`,
    SK: `${bucket}#${shard}`,
  }),
  metricCounters: (organizationId: string, environment: string) => ({ PK: `METRICS#${organizationId}#${environment}` }),
  /**
   * An hour's directory of senders: one item per organization (and shard) that counted anything in
   * that hour and environment, holding the same counts as its hour counter, in one of the hour's
   * METRIC_DIRECTORY_PARTITIONS partitions. The admin tool's top-senders reads the last 24 hours'
   * partitions instead of scanning organizations.
   */
  metricDirectory: (environment: string, hourBucket: string, organizationId: string, shard: number): PrimaryKey => ({
    PK: `METRICSALL#${environment}#${hourBucket}#${directoryPartition(organizationId)}`,
    SK: `${organizationId}#${shard}`,
  }),
  metricDirectoryOfHour: (environment: string, hourBucket: string, partition: number) => ({
    PK: `METRICSALL#${environment}#${hourBucket}#${partition}`,
  }),
} as const;

/** The sort-key range (of `metricCounters`) of hours `firstHour`…`lastHour` (`H#<yyyy-mm-ddThh>`), every shard. */
export const metricHourRange = (firstHour: string, lastHour: string) => ({
  from: `${firstHour}#`,
  to: `${lastHour}#~`,
});

/** The sort-key range of the hours of days `firstDay`…`lastDay` (`D#<yyyy-mm-dd>`): `H#<day>T00`–`T23`. */
export const metricHoursOfDays = (firstDay: string, lastDay: string) => ({
  from: `H#${firstDay.slice(2)}T`,
  to: `H#${lastDay.slice(2)}T~`,
});
