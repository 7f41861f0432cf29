/**
 * The attachments bucket (shared/platform/buckets.ts): blobs created (never replaced), refreshed and
 * read, uploads read, URLs presigned for customers' uploads and members' downloads. The client is
 * created once per module and talks to S3_ENDPOINT when set (the local S3 emulator, path-style).
 * ATTACHMENTS_BUCKET is required: a function given attachment access without it fails at its first
 * cold start.
 */
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { awsClient } from '#core/aws-client.ts';
import { requiredEnv } from '#core/config.ts';
import { attachmentsBucket } from '#platform/buckets.ts';

const bucket = requiredEnv(attachmentsBucket.envName);
const endpoint = process.env.S3_ENDPOINT || undefined;
const client = awsClient(
  new S3Client({
    ...(endpoint ? { endpoint, forcePathStyle: true } : {}),
    // No checksum the customer's PUT of a presigned URL would have to carry (the SDK would add a
    // CRC32 to the signature by default); the content's SHA-256 is Postbox's own check.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A stalled transfer fails within the function's time (in-region S3 moves 25 MB in well under a
    // second); the caller's retry (the queue, the client) tries again.
    requestHandler: { connectionTimeout: 2_000, requestTimeout: 8_000 },
  }),
);

/**
 * No object at the key. The functions may read objects but never list the bucket, and S3 then answers
 * a missing key's GET or HEAD with 403, not 404 (which needs s3:ListBucket): both mean "not there".
 */
function isMissing(error: unknown): boolean {
  return (
    error instanceof NoSuchKey ||
    (error instanceof S3ServiceException &&
      (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404 || error.$metadata.httpStatusCode === 403))
  );
}

const isStatus = (error: unknown, status: number): boolean =>
  error instanceof S3ServiceException && error.$metadata.httpStatusCode === status;

/**
 * Creates `key` with `bytes` unless an object is there already: S3 refuses the write (If-None-Match:
 * `*`, 412) rather than replace it. True when this call created it. A 409 (another conditional write
 * of the key in flight) is retried, as S3 asks (three attempts in all). The local S3 emulator ignores
 * the condition and writes: Postbox only ever writes a blob's key with the bytes of its name.
 */
export async function createObject(key: string, bytes: Uint8Array): Promise<boolean> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: bytes,
          ContentType: 'application/octet-stream',
          IfNoneMatch: '*',
        }),
      );
      return true;
    } catch (error) {
      if (isStatus(error, 412)) return false;
      if (!isStatus(error, 409) || attempt === 3) throw error;
    }
  }
}

/** Writes `key` (replacing what is there: received messages' files are written from their content only). */
export async function putObject(key: string, bytes: Uint8Array, contentType = 'application/octet-stream') {
  await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes, ContentType: contentType }));
}

/** Deletes the objects (each its own DeleteObject, in parallel: a missing one is no error in S3). */
export async function deleteObjects(objectKeys: readonly string[]): Promise<void> {
  await Promise.all(objectKeys.map((key) => client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }))));
}

/** The object's ETag, size and last write, read without its bytes (HeadObject); undefined when there is none. */
export async function objectState(
  key: string,
): Promise<{ etag: string; size: number; lastModified: Date } | undefined> {
  try {
    const output = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    return {
      etag: output.ETag ?? '',
      size: output.ContentLength ?? 0,
      lastModified: output.LastModified ?? new Date(0),
    };
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

/** The object's bytes, or undefined when there is none. */
export async function readObject(key: string): Promise<Buffer | undefined> {
  return (await readObjectVersion(key))?.bytes;
}

/**
 * The object's bytes and the ETag of exactly those bytes (one GET: S3 serves one version of an
 * object whole, whatever is written to its key meanwhile), or undefined when there is none.
 */
export async function readObjectVersion(key: string): Promise<{ bytes: Buffer; etag: string } | undefined> {
  try {
    const output = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    const bytes = output.Body ? Buffer.from(await output.Body.transformToByteArray()) : Buffer.alloc(0);
    return { bytes, etag: output.ETag ?? '' };
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

/**
 * Rewrites the object from itself (a server-side copy onto its own key: its bytes cannot change), which
 * restarts its lifecycle clock; false when it is gone.
 */
export async function refreshObject(key: string): Promise<boolean> {
  try {
    await client.send(
      new CopyObjectCommand({
        Bucket: bucket,
        Key: key,
        CopySource: `${bucket}/${key.split('/').map(encodeURIComponent).join('/')}`,
        // S3 copies an object onto itself only when something of it changes: its metadata, replaced
        // by the same content type.
        MetadataDirective: 'REPLACE',
        ContentType: 'application/octet-stream',
      }),
    );
    return true;
  } catch (error) {
    if (isMissing(error)) return false;
    throw error;
  }
}

/**
 * (The presigner runs the client's middleware, so the IAM check records a presigned request like a
 * sent one: AWS authorises it as this function's call when it is used.)
 *
 * A URL that PUTs exactly `size` bytes of `contentType` to `key` for `expiresInSeconds`: both headers
 * are signed, so S3 refuses any other length or type.
 */
export async function presignUpload(
  key: string,
  size: number,
  contentType: string,
  expiresInSeconds: number,
): Promise<{ url: string; headers: Record<string, string> }> {
  const input = { Bucket: bucket, Key: key, ContentLength: size, ContentType: contentType };
  const url = await getSignedUrl(client, new PutObjectCommand(input), {
    expiresIn: expiresInSeconds,
    signableHeaders: new Set(['content-length', 'content-type']),
  });
  return { url, headers: { 'Content-Type': contentType, 'Content-Length': String(size) } };
}

/** A URL that GETs `key` for `expiresInSeconds`, served as a download of `filename`. */
export async function presignDownload(
  key: string,
  download: { filename: string; contentType: string },
  expiresInSeconds: number,
): Promise<string> {
  const input = {
    Bucket: bucket,
    Key: key,
    ResponseContentType: download.contentType,
    // RFC 6266 with RFC 5987's UTF-8 form: any filename, quoted safely (RFC 5987 allows none of '()*!
    // unencoded, which encodeURIComponent leaves).
    ResponseContentDisposition: `attachment; filename*=UTF-8''${encodeURIComponent(download.filename).replace(
      /['()*!]/g,
      (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
    )}`,
  };
  const url = await getSignedUrl(client, new GetObjectCommand(input), { expiresIn: expiresInSeconds });
  return url;
}
