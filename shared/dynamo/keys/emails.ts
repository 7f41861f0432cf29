/**
 * Keys of an email and what lists it: its item collection (the email, its bodies, its events), the
 * sharded list indexes (GSI3 by time, GSI4 by status), the `to`/tag pointers and the counters.
 * docs/data-model.md explains the sharding.
 */
import { createHash } from 'node:crypto';
import type { PrimaryKey } from './primary-key.ts';

/**
 * Write shards of each email list partition (GSI3, GSI4, the to/tag pointers): time-ordered
 * sort keys always write at the end of a partition, so DynamoDB cannot split it for heat;
 * 4 partitions take ≈ 4,000 emails/s per organization and environment.
 */
export const EMAIL_LIST_SHARDS = 4;
/** Email counter items per organization and environment (each its own partition key). */
export const EMAIL_COUNTER_SHARDS = 10;

/** A stable shard of an email id: the first 4 bytes of SHA-256(id) mod `shards`. */
export function emailShard(emailId: string, shards: number): number {
  return createHash('sha256').update(emailId).digest().readUInt32BE(0) % shards;
}

/**
 * Statuses the status index (GSI4) leaves out: `delivered`, where most emails end. Leaving it costs
 * one write unit (the entry's removal) where moving it cost two (a delete and a put); the list by
 * `delivered` reads the time index (GSI3) and filters the page's emails instead, mostly matching.
 */
export const statusesOutOfStatusIndex: ReadonlySet<string> = new Set(['delivered']);

const statusPartitionKey = (organizationId: string, environment: string, status: string, shard: number) =>
  `ORG#${organizationId}#${environment}#STATUS#${status}#${shard}`;
const statusIndexEntry = (organizationId: string, environment: string, status: string, emailId: string) =>
  statusesOutOfStatusIndex.has(status)
    ? {}
    : { GSI4PK: statusPartitionKey(organizationId, environment, status, emailShard(emailId, EMAIL_LIST_SHARDS)) };
const pointerPartitionKey = (
  kind: 'EMAILTO' | 'EMAILTAG',
  organizationId: string,
  environment: string,
  value: string,
  shard: number,
) => `${kind}#${organizationId}#${environment}#${value}#${shard}`;

export const emailKeys = {
  /**
   * An email is its own item collection: the email and, under it, its events. Writing one
   * email or event never contends with another email, whatever an organization's rate.
   */
  email: (organizationId: string, emailId: string): PrimaryKey => ({
    PK: `EMAIL#${organizationId}#${emailId}`,
    SK: 'EMAIL',
  }),
  /**
   * The bodies of an email too big to keep on the email item (email.store.ts newEmailItems): written
   * once, read only to send or show the email, so the email item its updates rewrite stays small.
   * Sorts before `EMAIL`, so a Query from `EMAIL` on reads the email and its events without it.
   */
  emailContent: (organizationId: string, emailId: string): PrimaryKey => ({
    PK: `EMAIL#${organizationId}#${emailId}`,
    SK: 'CONTENT',
  }),
  emailCollection: (organizationId: string, emailId: string) => ({ PK: `EMAIL#${organizationId}#${emailId}` }),
  emailEvent: (organizationId: string, emailId: string, createdAt: string, eventId: string): PrimaryKey => ({
    PK: `EMAIL#${organizationId}#${emailId}`,
    SK: `EVENT#${createdAt}#${eventId}`,
  }),

  /**
   * The email list (GET /emails), newest first, write-sharded over EMAIL_LIST_SHARDS partitions
   * (shard = emailShard(id)); a list query merges the shards. GSI3: by time; GSI4: by status
   * (GSI4PK moves with every status change). Both hold keys only: a page reads its emails.
   */
  emailListEntry: (
    organizationId: string,
    environment: string,
    status: string,
    emailId: string,
    createdAt: string,
  ) => ({
    GSI3PK: `ORG#${organizationId}#${environment}#EMAILS#${emailShard(emailId, EMAIL_LIST_SHARDS)}`,
    GSI3SK: `${createdAt}#${emailId}`,
    // GSI4's sort key is GSI3SK too (shared/platform/table.ts): one copy of it on the item.
    ...statusIndexEntry(organizationId, environment, status, emailId),
  }),
  /**
   * The GSI4 partition key of an email with this status, set in the same write as the status; none for
   * a status out of the index (statusesOutOfStatusIndex): that write removes GSI4PK.
   */
  emailStatusEntry: (
    organizationId: string,
    environment: string,
    status: string,
    emailId: string,
  ): { GSI4PK?: string } => statusIndexEntry(organizationId, environment, status, emailId),
  emailsByTime: (organizationId: string, environment: string, shard: number) => ({
    GSI3PK: `ORG#${organizationId}#${environment}#EMAILS#${shard}`,
  }),
  emailsByTimeIndex: 'GSI3' as const,
  emailsByStatus: (organizationId: string, environment: string, status: string, shard: number) => ({
    GSI4PK: statusPartitionKey(organizationId, environment, status, shard),
  }),
  emailsByStatusIndex: 'GSI4' as const,

  /**
   * Pointers for the multi-valued filters of the email list: one item per distinct `to` address
   * and per tag (`<name>:<value>`, exact; names and values cannot hold `:`), sharded like the
   * list. SK sorts by time; the item holds only `email_id`.
   */
  emailToPointer: (
    organizationId: string,
    environment: string,
    address: string,
    emailId: string,
    createdAt: string,
  ) => ({
    PK: pointerPartitionKey('EMAILTO', organizationId, environment, address, emailShard(emailId, EMAIL_LIST_SHARDS)),
    SK: `${createdAt}#${emailId}`,
  }),
  emailsToPartition: (organizationId: string, environment: string, address: string, shard: number) => ({
    PK: pointerPartitionKey('EMAILTO', organizationId, environment, address, shard),
  }),
  emailTagPointer: (organizationId: string, environment: string, tag: string, emailId: string, createdAt: string) => ({
    PK: pointerPartitionKey('EMAILTAG', organizationId, environment, tag, emailShard(emailId, EMAIL_LIST_SHARDS)),
    SK: `${createdAt}#${emailId}`,
  }),
  emailsTagPartition: (organizationId: string, environment: string, tag: string, shard: number) => ({
    PK: pointerPartitionKey('EMAILTAG', organizationId, environment, tag, shard),
  }),
  /**
   * A handed-over email under its SES message id (GSI5, keys only; set with `ses_message_id`): a
   * received reply names the id in In-Reply-To or References (shared/inbound threading).
   */
  emailBySesMessageId: (organizationId: string, sesMessageId: string) => ({
    GSI5PK: `SESMSG#${sesMessageId}`,
    GSI5SK: organizationId,
  }),
  emailsBySesMessageId: (sesMessageId: string) => ({ GSI5PK: `SESMSG#${sesMessageId}` }),
  emailsBySesMessageIdIndex: 'GSI5' as const,
  /**
   * Email counts per organization and environment (`total` and one attribute per status), over
   * EMAIL_COUNTER_SHARDS items with distinct partition keys (shard = emailShard(id)), so counting
   * never concentrates an organization's sending rate on one partition.
   */
  emailCounter: (organizationId: string, environment: string, shard: number): PrimaryKey => ({
    PK: `EMAILCOUNT#${organizationId}#${environment}#${shard}`,
    SK: 'COUNT',
  }),
} as const;

/** The email id of a list entry's sort key (GSI3SK, which GSI4 sorts by too; a pointer's SK): `<created_at>#<id>`. */
export function emailIdOfListSortKey(sortKey: string): string {
  return sortKey.slice(sortKey.lastIndexOf('#') + 1);
}

/** The organization and email of a key in an email's collection (`EMAIL#<org>#<id>`), e.g. an event's. */
export function emailOfCollectionKey(partitionKey: string): { organizationId: string; emailId: string } | undefined {
  const match = /^EMAIL#([^#]+)#([^#]+)$/.exec(partitionKey);
  return match ? { organizationId: match[1] as string, emailId: match[2] as string } : undefined;
}
