/**
 * Every DynamoDB key of the single table is built here and nowhere else.
 * docs/data-model.md lists each entity and access pattern with the key it uses.
 *
 * Partition keys carry the organization id wherever the organization is known before the
 * read. The API-key item is the exception: it is found by the hash of the presented key,
 * before anyone knows the organization.
 */
export type CountedList = 'suppressions';
export const EMAIL_LIST_SHARDS = 16;
export const COUNTER_SHARDS = 10;

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
   * GSI1: an organization's emails per environment, newest first, write-sharded over
   * EMAIL_LIST_SHARDS partitions (shard = hash of the id) so one organization's sending rate
   * never concentrates on one index partition; a list query merges the shards.
   */
  emailsList: (organizationId: string, environment: string, shard: number, createdAt: string, emailId: string) => ({
    GSI1PK: `ORG#${organizationId}#${environment}#EMAILS#${shard}`,
    GSI1SK: `${createdAt}#${emailId}`,
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
   * month), spread over USAGE_SHARDS items (shared/data/usage.ts); a read queries the partition.
   */
  usageCounter: (organizationId: string, environment: string, period: string, shard: number): PrimaryKey => ({
    PK: `USAGE#${organizationId}#${environment}#${period}`,
    SK: String(shard),
  }),
  usageCounterPartition: (organizationId: string, environment: string, period: string) => ({
    PK: `USAGE#${organizationId}#${environment}#${period}`,
  }),

  /**
   * One item per organization (or source IP) per one-second window. The window is part of
   * the partition key so that no single key takes every write of a busy organization, and
   * items expire through TTL a minute later.
   */
  rateLimitWindow: (scope: 'org' | 'ip', id: string, windowEpochSecond: number): PrimaryKey => ({
    PK: `RATE#${scope === 'org' ? 'ORG' : 'IP'}#${id}#${windowEpochSecond}`,
    SK: 'RATE',
  }),
} as const;
