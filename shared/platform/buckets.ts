/**
 * The S3 bucket of attachments, shared by the CDK stack (infra/storage.ts) and the local cloud (the S3
 * emulator creates the same bucket): its object keys and how long each kind of object lives, written
 * once so both agree. The rules (uploads usable 7 days; blobs immutable, refreshed by the sends that
 * carry them, kept 60 days after the last): docs/api.md, "Attachments" (Storage); docs/data-model.md,
 * "Attachments' bytes".
 */
export const UPLOAD_USABLE_DAYS = 7;
export const STORED_ATTACHMENT_DAYS = 60;
/**
 * Received messages are kept this many days by default (INBOUND_RETENTION_DAYS configures it): the
 * record, its content and its files. SES's own copy of the raw message (`inbound/raw/`) is deleted as
 * soon as it is stored; its expiry only catches what a parser never took (a message in the DLQ).
 */
export const INBOUND_RETENTION_DAYS = 30;
/** How long SES's copy of a received message may wait for the parser (the DLQ keeps its notice 14 days). */
export const INBOUND_RAW_DAYS = 15;
/** The longest retention a deployment may configure (the files' lifecycle rule is set from it). */
export const MAX_INBOUND_RETENTION_DAYS = 365;
/** How old a blob may be before a send that carries it refreshes it (its expiry allows for it). */
export const BLOB_REFRESH_DAYS = 1;

export interface BucketDefinition {
  /** The environment variable that names the bucket to the functions that use it. */
  envName: string;
  /** Object key prefixes, each with the days after its last write an object expires. */
  lifecycle: ReadonlyArray<{ prefix: string; expirationDays: number }>;
}

export const attachmentsBucket = {
  envName: 'ATTACHMENTS_BUCKET',
  prefixes: { uploads: 'uploads/', blobs: 'blobs/', inboundRaw: 'inbound/raw/', inboundFiles: 'inbound/files/' },
  lifecycle: [
    { prefix: 'uploads/', expirationDays: UPLOAD_USABLE_DAYS + 1 },
    { prefix: 'blobs/', expirationDays: STORED_ATTACHMENT_DAYS + BLOB_REFRESH_DAYS },
    { prefix: 'inbound/raw/', expirationDays: INBOUND_RAW_DAYS },
    // A record's files expire a day after the record (its TTL): the stack sets this rule from the
    // configured retention (infra/storage.ts), which reads also apply to older records.
    { prefix: 'inbound/files/', expirationDays: INBOUND_RETENTION_DAYS + 1 },
  ],
} as const satisfies BucketDefinition & { prefixes: Record<string, string> };

/** Object keys of the attachments bucket: built here and nowhere else. */
export const objectKeys = {
  upload: (organizationId: string, attachmentId: string): string =>
    `${attachmentsBucket.prefixes.uploads}${organizationId}/${attachmentId}`,
  blob: (organizationId: string, sha256: string): string =>
    `${attachmentsBucket.prefixes.blobs}${organizationId}/${sha256}`,
  /** A received message as it arrived (SES receiving names it by its own message id). */
  inboundRaw: (messageId: string): string => `${attachmentsBucket.prefixes.inboundRaw}${messageId}`,
  /** Everything one organization's record of a received message keeps: deleted together. */
  inboundFiles: (organizationId: string, inboundId: string): string =>
    `${attachmentsBucket.prefixes.inboundFiles}${organizationId}/${inboundId}/`,
  /** The record's copy of the raw message. */
  inboundRawCopy: (organizationId: string, inboundId: string): string =>
    `${objectKeys.inboundFiles(organizationId, inboundId)}raw.eml`,
  /** An attachment's bytes, by content: the same file attached twice is stored once. */
  inboundAttachment: (organizationId: string, inboundId: string, sha256: string): string =>
    `${objectKeys.inboundFiles(organizationId, inboundId)}${sha256}`,
  /** The record's text, html and headers when they are too big for its content item (gzip JSON). */
  inboundContent: (organizationId: string, inboundId: string): string =>
    `${objectKeys.inboundFiles(organizationId, inboundId)}content.json.gz`,
};
