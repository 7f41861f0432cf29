/**
 * Every DynamoDB key of the single table is built here and nowhere else.
 * docs/data-model.md lists each entity and access pattern with the key it uses.
 *
 * Partition keys carry the organization id wherever the organization is known before the
 * read. The API-key item is the exception: it is found by the hash of the presented key,
 * before anyone knows the organization (so are dashboard members, sign-in failure counters
 * and sessions: found by email or by the hash of the session token).
 */
import { createHash } from 'node:crypto';

/**
 * Who a rate-limit window counts: an organization (API), a source IP (unauthenticated requests),
 * a dashboard member (page views), a source IP's dashboard sign-in posts, a source IP's unsubscribe
 * requests (mailbox providers post one-click unsubscribes from few addresses: a window of their own),
 * an organization's webhook tests (each an outbound POST: a small window of their own).
 */
export type RateLimitScope = 'org' | 'ip' | 'member' | 'signin' | 'unsubscribe' | 'webhook-test';

export type CountedList = 'suppressions';
/**
 * Write shards of each email list partition (GSI3, GSI4, the to/tag pointers): time-ordered
 * sort keys always write at the end of a partition, so DynamoDB cannot split it for heat;
 * 4 partitions take ≈ 4,000 emails/s per organization and environment.
 */
export const EMAIL_LIST_SHARDS = 4;
/** Email counter items per organization and environment (each its own partition key). */
export const EMAIL_COUNTER_SHARDS = 10;
export const COUNTER_SHARDS = 10;
/** Items per deliverability counter bucket (each batch of counts goes to one of them). */
export const METRIC_SHARDS = 4;
/** Delivery counter items per webhook endpoint. */
export const WEBHOOK_DELIVERY_COUNTER_SHARDS = 4;

/** A stable shard of an email id: the first 4 bytes of SHA-256(id) mod `shards`. */
export function emailShard(emailId: string, shards: number): number {
  return createHash('sha256').update(emailId).digest().readUInt32BE(0) % shards;
}

const statusPartitionKey = (organizationId: string, environment: string, status: string, shard: number) =>
  `ORG#${organizationId}#${environment}#STATUS#${status}#${shard}`;
/**
 * Statuses the status index (GSI4) leaves out: `delivered`, where most emails end. Leaving it costs
 * one write unit (the entry's removal) where moving it cost two (a delete and a put); the list by
 * `delivered` reads the time index (GSI3, which projects `status`) with a filter instead, mostly
 * matching entries.
 */
export const statusesOutOfStatusIndex: ReadonlySet<string> = new Set(['delivered']);
const pointerPartitionKey = (
  kind: 'EMAILTO' | 'EMAILTAG',
  organizationId: string,
  environment: string,
  value: string,
  shard: number,
) => `${kind}#${organizationId}#${environment}#${value}#${shard}`;
/** Partitions of the due index (GSI2); the scheduler queries each one per run. */
export const DUE_INDEX_SHARDS = 4;

export interface PrimaryKey {
  PK: string;
  SK: string;
}

export const keys = {
  organization: (organizationId: string): PrimaryKey => ({ PK: `ORG#${organizationId}`, SK: 'ORG' }),

  /** The API key itself, found by the SHA-256 hash of the full key (consistent read). */
  apiKey: (keyHash: string): PrimaryKey => ({ PK: `APIKEY#${keyHash}`, SK: 'APIKEY' }),
  /**
   * A pointer from the organization to each of its keys (key id → hash), written in the same
   * transaction as the key. Listing, revoking and rate-limit changes read these with
   * strongly consistent queries, so a key created a moment ago is never missed.
   */
  apiKeyOfOrganization: (organizationId: string, keyId: string): PrimaryKey => ({
    PK: `ORG#${organizationId}`,
    SK: `APIKEY#${keyId}`,
  }),
  apiKeysOfOrganizationPrefix: (organizationId: string) => ({ PK: `ORG#${organizationId}`, SKPrefix: 'APIKEY#' }),

  /**
   * A dashboard member, found by normalised email at sign-in (before the organization is
   * known), so one email is one member across the service.
   */
  member: (normalizedEmail: string): PrimaryKey => ({ PK: `MEMBER#${normalizedEmail}`, SK: 'MEMBER' }),
  /** A pointer from the organization to each of its members, written with the member. */
  memberOfOrganization: (organizationId: string, memberId: string): PrimaryKey => ({
    PK: `ORG#${organizationId}`,
    SK: `MEMBER#${memberId}`,
  }),
  membersOfOrganizationPrefix: (organizationId: string) => ({ PK: `ORG#${organizationId}`, SKPrefix: 'MEMBER#' }),
  /** Failed sign-ins of an email (known or not), for the backoff; expires through TTL. */
  signInFailures: (normalizedEmail: string): PrimaryKey => ({ PK: `SIGNIN#${normalizedEmail}`, SK: 'SIGNIN' }),
  /** A dashboard session, by the SHA-256 hash (hex) of its token; expires through TTL. */
  session: (tokenHash: string): PrimaryKey => ({ PK: `SESSION#${tokenHash}`, SK: 'SESSION' }),
  /** A pointer from a member to each of its sessions (same TTL), so a password reset can end them all. */
  sessionOfMember: (normalizedEmail: string, tokenHash: string): PrimaryKey => ({
    PK: `MEMBER#${normalizedEmail}`,
    SK: `SESSION#${tokenHash}`,
  }),
  sessionsOfMemberPrefix: (normalizedEmail: string) => ({ PK: `MEMBER#${normalizedEmail}`, SKPrefix: 'SESSION#' }),
  /**
   * A secret of the deployment itself (e.g. `sign-in-form`: the key of the sign-in form's signed
   * token), created on first use; one item per name.
   */
  serverSecret: (name: string): PrimaryKey => ({ PK: `SECRET#${name}`, SK: 'SECRET' }),

  /** A domain of an organization. */
  domain: (organizationId: string, domainId: string): PrimaryKey => ({
    PK: `ORG#${organizationId}`,
    SK: `DOMAIN#${domainId}`,
  }),
  domainsOfOrganizationPrefix: (organizationId: string) => ({ PK: `ORG#${organizationId}`, SKPrefix: 'DOMAIN#' }),
  /** Marks a name as added to the organization: the same name twice is refused. */
  domainNameInOrganization: (organizationId: string, domainName: string): PrimaryKey => ({
    PK: `ORG#${organizationId}`,
    SK: `DOMAINNAME#${domainName}`,
  }),
  /**
   * Which organization has verified a domain name. One per name across all organizations,
   * so a verified domain can never be used by another organization.
   */
  domainClaim: (domainName: string): PrimaryKey => ({ PK: `DOMAINCLAIM#${domainName}`, SK: 'CLAIM' }),

  /**
   * A suppressed address: its own partition (so bounce storms spread their writes and the
   * send path can BatchGetItem exact addresses), listed newest first through GSI1.
   */
  suppression: (organizationId: string, normalizedEmail: string): PrimaryKey => ({
    PK: `SUPP#${organizationId}#${normalizedEmail}`,
    SK: 'SUPP',
  }),
  suppressionsList: (organizationId: string, createdAt?: string, suppressionId?: string) => ({
    GSI1PK: `ORG#${organizationId}#SUPPRESSIONS`,
    ...(createdAt && suppressionId ? { GSI1SK: `${createdAt}#${suppressionId}` } : {}),
  }),
  suppressionsListIndex: 'GSI1' as const,
  /** Pointer from a suppression id to its address, for DELETE /suppressions/:id. */
  suppressionPointer: (organizationId: string, suppressionId: string): PrimaryKey => ({
    PK: `ORG#${organizationId}`,
    SK: `SUPPRESSION#${suppressionId}`,
  }),

  /**
   * Item counts of an organization's lists, updated in the same transaction as each write.
   * Each count is spread over COUNTER_SHARDS items (a random one per write) so concurrent
   * transactions rarely touch the same item; a read sums them with one Query.
   */
  counterShard: (organizationId: string, list: CountedList, shard: number): PrimaryKey => ({
    PK: `ORG#${organizationId}`,
    SK: `COUNT#${list}#${shard}`,
  }),
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
  /** The recent soft bounces of an address (automatic soft_bounce suppression); expires through TTL. */
  softBounces: (organizationId: string, normalizedEmail: string): PrimaryKey => ({
    PK: `SOFTBOUNCE#${organizationId}#${normalizedEmail}`,
    SK: 'SOFTBOUNCE',
  }),
  /**
   * The email list (GET /emails), newest first, write-sharded over EMAIL_LIST_SHARDS partitions
   * (shard = emailShard(id)); a list query merges the shards. GSI3: by time; GSI4: by status
   * (GSI4PK moves with every status change). Both project only the list fields, never bodies.
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
    ...(statusesOutOfStatusIndex.has(status)
      ? {}
      : { GSI4PK: statusPartitionKey(organizationId, environment, status, emailShard(emailId, EMAIL_LIST_SHARDS)) }),
    GSI4SK: `${createdAt}#${emailId}`,
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
  ): { GSI4PK?: string } =>
    statusesOutOfStatusIndex.has(status)
      ? {}
      : { GSI4PK: statusPartitionKey(organizationId, environment, status, emailShard(emailId, EMAIL_LIST_SHARDS)) },
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
   * Email counts per organization and environment (`total` and one attribute per status), over
   * EMAIL_COUNTER_SHARDS items with distinct partition keys (shard = emailShard(id)), so counting
   * never concentrates an organization's sending rate on one partition.
   */
  emailCounter: (organizationId: string, environment: string, shard: number): PrimaryKey => ({
    PK: `EMAILCOUNT#${organizationId}#${environment}#${shard}`,
    SK: 'COUNT',
  }),

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
   * Templates of an organization live in their own partition: the descriptions (listed together),
   * the bodies apart (read only for one template), and the count that caps them.
   */
  template: (organizationId: string, templateId: string): PrimaryKey => ({
    PK: `TMPL#${organizationId}`,
    SK: `TEMPLATE#${templateId}`,
  }),
  templatesPrefix: (organizationId: string) => ({ PK: `TMPL#${organizationId}`, SKPrefix: 'TEMPLATE#' }),
  templateBodies: (organizationId: string, templateId: string): PrimaryKey => ({
    PK: `TMPL#${organizationId}`,
    SK: `BODY#${templateId}`,
  }),
  templateCount: (organizationId: string): PrimaryKey => ({ PK: `TMPL#${organizationId}`, SK: 'COUNT' }),
  /** Emails made from a template per UTC day (`yyyy-mm-dd`), for its usage figures; expires through TTL. */
  templateUsageDay: (organizationId: string, templateId: string, day: string): PrimaryKey => ({
    PK: `TMPLUSE#${organizationId}#${templateId}`,
    SK: day,
  }),
  templateUsagePartition: (organizationId: string, templateId: string) => ({
    PK: `TMPLUSE#${organizationId}#${templateId}`,
  }),

  /**
   * A deliverability counter (shared/deliverability/): an organization's counts of one environment in
   * one bucket (`D#<yyyy-mm-dd>` a day, `H#<yyyy-mm-ddThh>` an hour, UTC), one of METRIC_SHARDS items.
   * A range of buckets is one Query of the partition (`SK BETWEEN`).
   */
  metricCounter: (organizationId: string, environment: string, bucket: string, shard: number): PrimaryKey => ({
    PK: `METRICS#${organizationId}#${environment}`,
    SK: `${bucket}#${shard}`,
  }),
  metricCounters: (organizationId: string, environment: string) => ({ PK: `METRICS#${organizationId}#${environment}` }),
  /**
   * An hour's directory of senders: one item per organization (and shard) that counted anything in
   * that hour and environment, holding the same counts as its hour counter. The admin tool's
   * top-senders reads the last 24 of these partitions instead of scanning organizations.
   */
  metricDirectory: (environment: string, hourBucket: string, organizationId: string, shard: number): PrimaryKey => ({
    PK: `METRICSALL#${environment}#${hourBucket}`,
    SK: `${organizationId}#${shard}`,
  }),
  metricDirectoryOfHour: (environment: string, hourBucket: string) => ({
    PK: `METRICSALL#${environment}#${hourBucket}`,
  }),

  /**
   * A file uploaded for attachments (POST /attachments): in a partition of its own (uploads are
   * read by id only, and an organization's burst of uploads spreads over partitions). Expires by TTL.
   */
  attachmentUpload: (organizationId: string, attachmentId: string): PrimaryKey => ({
    PK: `UPLOAD#${organizationId}#${attachmentId}`,
    SK: 'UPLOAD',
  }),

  /** A webhook endpoint of an organization (at most 20: listed with one Query of the prefix). */
  webhook: (organizationId: string, webhookId: string): PrimaryKey => ({
    PK: `ORG#${organizationId}`,
    SK: `WEBHOOK#${webhookId}`,
  }),
  webhooksOfOrganizationPrefix: (organizationId: string) => ({ PK: `ORG#${organizationId}`, SKPrefix: 'WEBHOOK#' }),
  /** An organization's webhook endpoint count, checked against the cap in the transaction that adds one. */
  webhookCount: (organizationId: string): PrimaryKey => ({ PK: `ORG#${organizationId}`, SK: 'COUNT#webhooks' }),

  /**
   * A delivery of one event to one endpoint, in the endpoint's own partition: the id starts with the
   * event's time (webhook-delivery.ts), so the partition reads newest first in key order.
   */
  webhookDelivery: (organizationId: string, webhookId: string, deliveryId: string): PrimaryKey => ({
    PK: `WHDELIVERY#${organizationId}#${webhookId}`,
    SK: `DELIVERY#${deliveryId}`,
  }),
  webhookDeliveriesPrefix: (organizationId: string, webhookId: string) => ({
    PK: `WHDELIVERY#${organizationId}#${webhookId}`,
    SKPrefix: 'DELIVERY#',
  }),
  /**
   * An endpoint's delivery counts by status (`pending`, `succeeded`, `failed`), spread over
   * WEBHOOK_DELIVERY_COUNTER_SHARDS items moved in the transaction that changes a delivery's status.
   */
  webhookDeliveryCounter: (organizationId: string, webhookId: string, shard: number): PrimaryKey => ({
    PK: `WHDELIVERY#${organizationId}#${webhookId}`,
    SK: `COUNT#${shard}`,
  }),
  webhookDeliveryCountersPrefix: (organizationId: string, webhookId: string) => ({
    PK: `WHDELIVERY#${organizationId}#${webhookId}`,
    SKPrefix: 'COUNT#',
  }),
  /**
   * One of an endpoint's concurrent-attempt slots: held (with an expiry) while an attempt runs. The
   * slots share a partition, so the consumer reads which are free with one Query.
   */
  webhookSlot: (organizationId: string, webhookId: string, slot: number): PrimaryKey => ({
    PK: `WHSLOT#${organizationId}#${webhookId}`,
    SK: `SLOT#${slot}`,
  }),
  webhookSlotsPrefix: (organizationId: string, webhookId: string) => ({
    PK: `WHSLOT#${organizationId}#${webhookId}`,
    SKPrefix: 'SLOT#',
  }),

  /** An organization's domain count (one item: domains are added rarely; checked against a cap). */
  domainCount: (organizationId: string): PrimaryKey => ({ PK: `ORG#${organizationId}`, SK: 'COUNT#domains' }),
  counterShardsPrefix: (organizationId: string, list: CountedList) => ({
    PK: `ORG#${organizationId}`,
    SKPrefix: `COUNT#${list}#`,
  }),

  /** An Idempotency-Key of an organization, by the SHA-256 hash (hex) of the key; expires through TTL. */
  idempotency: (organizationId: string, keyHash: string): PrimaryKey => ({
    PK: `IDEMPOTENCY#${organizationId}#${keyHash}`,
    SK: 'IDEMPOTENCY',
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

  /**
   * One item per organization (or source IP) per one-second window. The window is part of
   * the partition key so that no single key takes every write of a busy organization, and
   * items expire through TTL a minute later.
   */
  rateLimitWindow: (scope: RateLimitScope, id: string, windowEpochSecond: number): PrimaryKey => ({
    PK: `RATE#${scope.toUpperCase()}#${id}#${windowEpochSecond}`,
    SK: 'RATE',
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

/** The organization and email of a key in an email's collection (`EMAIL#<org>#<id>`), e.g. an event's. */
export function emailOfCollectionKey(partitionKey: string): { organizationId: string; emailId: string } | undefined {
  const match = /^EMAIL#([^#]+)#([^#]+)$/.exec(partitionKey);
  return match ? { organizationId: match[1] as string, emailId: match[2] as string } : undefined;
}

/** The organization of a suppression's key (`SUPP#<org>#<address>`). */
export function organizationOfSuppressionKey(partitionKey: string): string | undefined {
  return /^SUPP#([^#]+)#/.exec(partitionKey)?.[1];
}
