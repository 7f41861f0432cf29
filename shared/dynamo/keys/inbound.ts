/**
 * Keys of received messages (shared/inbound): an organization's records in one partition, sorted by
 * their time-ordered ids, each record's content beside it, the `to`/`from` filter pointers and the
 * day counters `total_count` is summed from. docs/data-model.md, "Received messages".
 */
import type { PrimaryKey } from './primary-key.ts';

const RECORD = 'MSG#';
const CONTENT = 'CONTENT#';

export const inboundKeys = {
  /**
   * A received message's record (what the list shows). An organization's records share a partition:
   * receiving is far below its 1,000 writes/s, and the list reads it in order.
   */
  inboundMessage: (organizationId: string, inboundId: string): PrimaryKey => ({
    PK: `INBOUND#${organizationId}`,
    SK: `${RECORD}${inboundId}`,
  }),
  /** Its text, html and headers (or where they are in S3): read only by GET /inbound/:id. */
  inboundContent: (organizationId: string, inboundId: string): PrimaryKey => ({
    PK: `INBOUND#${organizationId}`,
    SK: `${CONTENT}${inboundId}`,
  }),
  /**
   * What a DELETE leaves until the record would have expired: a redelivered or redriven notification
   * finds it and never stores the message again.
   */
  inboundTombstone: (organizationId: string, inboundId: string): PrimaryKey => ({
    PK: `INBOUND#${organizationId}`,
    SK: `GONE#${inboundId}`,
  }),
  /** The records, for a Query between two ids (`MSG#<id>`). */
  inboundMessages: (organizationId: string) => ({ PK: `INBOUND#${organizationId}`, SKPrefix: RECORD }),
  /** One pointer per envelope recipient at the organization (the `to` filter): SK = the record's id. */
  inboundToPointer: (organizationId: string, address: string, inboundId: string): PrimaryKey => ({
    PK: `INBTO#${organizationId}#${address}`,
    SK: inboundId,
  }),
  inboundToPartition: (organizationId: string, address: string) => ({ PK: `INBTO#${organizationId}#${address}` }),
  /** One pointer per record under its sender's address (the `from` filter). */
  inboundFromPointer: (organizationId: string, address: string, inboundId: string): PrimaryKey => ({
    PK: `INBFROM#${organizationId}#${address}`,
    SK: inboundId,
  }),
  inboundFromPartition: (organizationId: string, address: string) => ({
    PK: `INBFROM#${organizationId}#${address}`,
  }),
  /** The records received on one UTC day (`yyyy-mm-dd`), less those deleted: `received`. */
  inboundDayCounter: (organizationId: string, day: string): PrimaryKey => ({
    PK: `INBOUNDCOUNT#${organizationId}`,
    SK: `DAY#${day}`,
  }),
  inboundDayCounters: (organizationId: string) => ({ PK: `INBOUNDCOUNT#${organizationId}`, SKPrefix: 'DAY#' }),
} as const;
