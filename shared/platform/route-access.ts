/**
 * What a function may touch, declared per entry of the route table (routes.ts) and turned into IAM
 * statements by the CDK stack: table access levels and their actions, the middleware's own narrow
 * access, KMS and SES operations.
 */
import type { QueueName } from '#platform/queues.ts';
import type { IndexName } from '#platform/table.ts';

/**
 * Table access a handler needs beyond what the shared middleware uses
 * (see middlewareTableActions). Each level maps to an explicit IAM action list.
 */
export type TableAccess = 'read' | 'write' | 'update';

export const tableActions: Record<TableAccess, readonly string[]> = {
  read: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'],
  // ConditionCheckItem is only used inside write transactions.
  write: [
    'dynamodb:PutItem',
    'dynamodb:UpdateItem',
    'dynamodb:DeleteItem',
    'dynamodb:BatchWriteItem',
    'dynamodb:ConditionCheckItem',
  ],
  // Change existing items and add events (recordFailed's transaction puts them): no reads, no deletes.
  update: ['dynamodb:UpdateItem', 'dynamodb:PutItem'],
};

/** What every HTTP handler's middleware does: read an API key, count a rate-limit window. */
export const middlewareTableActions: readonly string[] = ['dynamodb:GetItem', 'dynamodb:UpdateItem'];

/**
 * The only partition keys the middleware reaches, as IAM `StringLike` patterns for
 * `dynamodb:LeadingKeys`: API-key items (`APIKEY#<hash>`) and rate-limit windows
 * (`RATE#...`). The keys are built in shared/dynamo/keys/ (gathered by keys.ts) (keys.apiKey and
 * keys.rateLimitWindow); a change of prefix there must be made here too.
 */
export const middlewarePartitionKeyPrefixes: readonly string[] = ['APIKEY#*', 'RATE#*'];

/**
 * The non-key attributes the middleware's UpdateItem calls name (in the update or the
 * condition): `last_used_at` (touchApiKeyLastUsed, shared/accounts/api-key.store.ts), `request_count`
 * and `expires_at` (countRequest, shared/http/rate-limit.store.ts). Its IAM statement allows
 * updates of these and the primary key attributes only.
 */
export const middlewareUpdatedAttributes: readonly string[] = ['last_used_at', 'request_count', 'expires_at'];

/** The `ReturnValues` the middleware's UpdateItem calls use (never ALL_OLD / ALL_NEW). */
export const middlewareUpdateReturnValues: readonly string[] = ['NONE', 'UPDATED_NEW'];

/**
 * The encryption context every use of the key carries (shared/domains/domains.service.ts binds a
 * DKIM key to its organization and domain); the key grants require exactly these keys.
 */
export const KEY_ENCRYPTION_CONTEXT_KEYS = ['organization_id', 'domain_id'] as const;

/** KMS operations on the deployment's key (DKIM private keys are kept encrypted with it). */
export type KeyAccess = 'encrypt' | 'decrypt';
/**
 * SES operations: `identities` = create a domain identity and set its BYODKIM key and its custom
 * MAIL FROM domain; `send` = send email from the verified identities.
 */
export type SesAccess = 'identities' | 'send';

export const sesActions: Record<SesAccess, readonly string[]> = {
  identities: [
    'ses:CreateEmailIdentity',
    'ses:PutEmailIdentityDkimSigningAttributes',
    'ses:PutEmailIdentityMailFromAttributes',
  ],
  send: ['ses:SendEmail'],
};

/**
 * The attachments bucket (shared/platform/buckets.ts): `upload` = presign customers' PUTs of
 * uploads; `store` = read uploads, create blobs, look blobs up and refresh them (a copy of a blob onto
 * itself reads it) — a send; `read` = read blobs and presign their download (the consumer, the
 * dashboard); `inboundStore` = read and delete SES's copy of a received message, write a record's files
 * (the inbound parser); `inboundRead` = read a record's files and presign their download;
 * `inboundDelete` = delete a record's files.
 */
export type AttachmentAccess = 'upload' | 'store' | 'read' | 'inboundStore' | 'inboundRead' | 'inboundDelete';

/** Each level's actions, on the object key prefix it may touch. */
export const attachmentGrants: Record<
  AttachmentAccess,
  ReadonlyArray<{ actions: readonly string[]; prefix: string }>
> = {
  upload: [{ actions: ['s3:PutObject'], prefix: 'uploads/' }],
  store: [
    { actions: ['s3:GetObject'], prefix: 'uploads/' },
    { actions: ['s3:GetObject', 's3:PutObject'], prefix: 'blobs/' },
  ],
  read: [{ actions: ['s3:GetObject'], prefix: 'blobs/' }],
  inboundStore: [
    { actions: ['s3:GetObject', 's3:DeleteObject'], prefix: 'inbound/raw/' },
    { actions: ['s3:PutObject'], prefix: 'inbound/files/' },
  ],
  inboundRead: [{ actions: ['s3:GetObject'], prefix: 'inbound/files/' }],
  inboundDelete: [{ actions: ['s3:DeleteObject'], prefix: 'inbound/files/' }],
};

/** Reading the table's change stream (what Lambda's event source mapping does with the function's role). */
export const tableStreamActions: readonly string[] = [
  'dynamodb:DescribeStream',
  'dynamodb:GetRecords',
  'dynamodb:GetShardIterator',
  'dynamodb:ListStreams',
];

export interface ResourceAccess {
  table?: readonly TableAccess[];
  /** The table's stream: a stream handler's trigger reads it (granted on the table's streams only). */
  tableStream?: readonly 'read'[];
  /** Queues the handler sends messages to. */
  sendTo?: readonly QueueName[];
  /** Indexes the handler may Query (on the index only, not the table): beyond `read`, for functions without it. */
  indexQuery?: readonly IndexName[];
  /**
   * Queues whose received messages the handler hides for longer (sqs:ChangeMessageVisibility:
   * the retry backoff of a consumer). The function is given the queue's URL.
   */
  changeVisibility?: readonly QueueName[];
  kms?: readonly KeyAccess[];
  ses?: readonly SesAccess[];
  attachments?: readonly AttachmentAccess[];
}
