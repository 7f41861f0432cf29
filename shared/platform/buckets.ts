/**
 * The S3 bucket of attachments, shared by the CDK stack (infra/storage.ts) and the local cloud (the S3
 * emulator creates the same bucket): its object keys and how long each kind of object lives, written
 * once so both agree. The rules (uploads usable 7 days; blobs immutable, refreshed by the sends that
 * carry them, kept 60 days after the last): docs/api.md, "Attachments" (Storage); docs/data-model.md,
 * "Attachments' bytes".
 */
export const UPLOAD_USABLE_DAYS = 7;
export const STORED_ATTACHMENT_DAYS = 60;
/** Received messages (raw, as SES receiving or the local SMTP server wrote them) are kept this long. */
export const INBOUND_RETENTION_DAYS = 30;
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
  prefixes: { uploads: 'uploads/', blobs: 'blobs/', inboundRaw: 'inbound/raw/' },
  lifecycle: [
    { prefix: 'uploads/', expirationDays: UPLOAD_USABLE_DAYS + 1 },
    { prefix: 'blobs/', expirationDays: STORED_ATTACHMENT_DAYS + BLOB_REFRESH_DAYS },
    { prefix: 'inbound/raw/', expirationDays: INBOUND_RETENTION_DAYS + 1 },
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
};
