/**
 * Keys of what sending keeps beside the emails: the due index the scheduler reads, the usage
 * counters, soft bounces of an address, and the deployment-wide SES send-rate windows.
 */
import { emailShard } from './emails.ts';
import type { PrimaryKey } from './primary-key.ts';

/** Partitions of the due index (GSI2; 2 writes an email each: ≈ 8,000 emails/s); the scheduler queries each one per run. */
export const DUE_INDEX_SHARDS = 16;

export const sendingKeys = {
  /**
   * GSI2, the due index (sparse): an email that something must still happen to carries
   * GSI2PK=DUE#<shard> and GSI2SK=<deadline ISO>; the deadline is when the scheduler must look at
   * it (release a scheduled email to the queue, or sweep one left queued). shard = hash(id) mod
   * DUE_INDEX_SHARDS spreads the writes; ISO times sort as strings. Index sort keys need not be
   * unique, and the entry projects `organization_id` and `id`: the sort key holds only the deadline
   * (entries written as `<deadline>#<org>#<id>` before sort and compare the same way).
   */
  dueEntry: (emailId: string, deadlineIso: string) => ({
    GSI2PK: `DUE#${emailShard(emailId, DUE_INDEX_SHARDS)}`,
    GSI2SK: deadlineIso,
  }),
  /** The entries of one due shard whose deadline is at or before `nowMs`: GSI2SK < the bound. */
  dueUpTo: (shard: number, nowMs: number) => ({
    GSI2PK: `DUE#${shard}`,
    // Deadlines have millisecond precision, so `deadline <= now` is `GSI2SK < iso(now + 1 ms)`.
    GSI2SKBelow: new Date(nowMs + 1).toISOString(),
  }),
  dueIndex: 'GSI2' as const,
  /**
   * The organizations and environments that accepted an email in a UTC hour (`yyyy-mm-ddThh`): where the
   * scheduler looks for immediate emails, which have no due entry (schedule/unindexed-sweep.service.ts).
   */
  activeSender: (hour: string, organizationId: string, environment: string): PrimaryKey => ({
    PK: `SENDERS#${hour}`,
    SK: `${organizationId}#${environment}`,
  }),
  activeSendersOfHour: (hour: string) => ({ PK: `SENDERS#${hour}` }),
  /**
   * Up to when the scheduler has looked at immediate emails (`through`, ISO): one item for the
   * deployment, or one per organization for a run narrowed to it (tests).
   */
  unindexedSweepMark: (organizationId?: string): PrimaryKey => ({
    PK: `SWEPT#${organizationId ?? 'all'}`,
    SK: 'SWEPT',
  }),

  /**
   * Recipients sent per organization, environment and period (`yyyy-mm-dd` UTC day or `yyyy-mm`
   * month), spread over USAGE_SHARDS items (shared/emails/usage.store.ts); a read queries the partition.
   */
  usageCounter: (organizationId: string, environment: string, period: string, shard: number): PrimaryKey => ({
    PK: `USAGE#${organizationId}#${environment}#${period}`,
    SK: String(shard),
  }),
  usageCounterPartition: (organizationId: string, environment: string, period: string) => ({
    PK: `USAGE#${organizationId}#${environment}#${period}`,
  }),
  /**
   * The one item saying from which UTC day on every accepted email is counted by day in the usage
   * counters (`emails_<dd>`): days before it (emails accepted by an earlier version) are counted
   * through the list index instead (shared/emails/usage.store.ts).
   */
  emailDayCountsMarker: (): PrimaryKey => ({ PK: 'MARKER#email-day-counts', SK: 'MARKER' }),

  /** The recent soft bounces of an address (automatic soft_bounce suppression); expires through TTL. */
  softBounces: (organizationId: string, normalizedEmail: string): PrimaryKey => ({
    PK: `SOFTBOUNCE#${organizationId}#${normalizedEmail}`,
    SK: 'SOFTBOUNCE',
  }),
  /**
   * SES sends claimed in one second by every consumer of the deployment (the account's send rate
   * is per account and region, not per organization); expires through TTL a minute later.
   */
  sesSendWindow: (windowEpochSecond: number): PrimaryKey => ({
    PK: `SESRATE#${windowEpochSecond}`,
    SK: 'SESRATE',
  }),
} as const;
