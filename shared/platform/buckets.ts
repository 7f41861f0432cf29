/**
 * The S3 bucket of attachments, shared by the CDK stack (infra/storage.ts) and the local cloud (the
 * S3 emulator creates the same bucket): its object prefixes and how long each kind of object lives.
 *
 * - `uploads/<organization>/<attachment id>`: a file a customer PUT through a presigned URL
 *   (POST /attachments). Usable in sends for UPLOAD_USABLE_DAYS (the upload's item says so); the
 *   object expires a day after that.
 * - `blobs/<organization>/<sha256>`: the bytes of every attachment an email carries, once per
 *   organization and content. Immutable: created once, from the very bytes that were hashed (never a
 *   copy of an upload, which its URL could still change), and never replaced. A send that carries a
 *   blob written more than BLOB_REFRESH_DAYS ago copies it onto itself, which restarts its lifecycle
 *   clock without touching its bytes: it outlives the newest email that names it by at least
 *   STORED_ATTACHMENT_DAYS — the 30 days an email may be scheduled ahead, then 30 days in which its
 *   attachments can still be downloaded from the dashboard. Emails themselves are kept longer: their
 *   attachment list (names, sizes, sha256) stays; the bytes do not.
 */
export const UPLOAD_USABLE_DAYS = 7;
export const STORED_ATTACHMENT_DAYS = 60;
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
  prefixes: { uploads: 'uploads/', blobs: 'blobs/' },
  lifecycle: [
    { prefix: 'uploads/', expirationDays: UPLOAD_USABLE_DAYS + 1 },
    { prefix: 'blobs/', expirationDays: STORED_ATTACHMENT_DAYS + BLOB_REFRESH_DAYS },
  ],
} as const satisfies BucketDefinition & { prefixes: Record<string, string> };

/** Object keys of the attachments bucket: built here and nowhere else. */
export const objectKeys = {
  upload: (organizationId: string, attachmentId: string): string =>
    `${attachmentsBucket.prefixes.uploads}${organizationId}/${attachmentId}`,
  blob: (organizationId: string, sha256: string): string =>
    `${attachmentsBucket.prefixes.blobs}${organizationId}/${sha256}`,
};
