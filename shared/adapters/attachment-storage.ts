/**
 * The attachments bucket (shared/platform/buckets.ts): blobs written and read, uploads hashed and
 * copied, URLs presigned for customers' uploads and members' downloads. The client is created once
 * per module and talks to S3_ENDPOINT when set (the local S3 emulator, path-style). ATTACHMENTS_BUCKET
 * is required: a function given attachment access without it fails at its first cold start.
 */
import { createHash } from 'node:crypto';
import {
  CopyObjectCommand,
  GetObjectCommand,
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

function isMissing(error: unknown): boolean {
  return (
    error instanceof NoSuchKey ||
    (error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404))
  );
}

/** Stores bytes under `key` (again: a rewrite restarts the object's lifecycle clock). */
export async function putObject(key: string, bytes: Uint8Array): Promise<void> {
  await client.send(
    new PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes, ContentType: 'application/octet-stream' }),
  );
}

/** The object's bytes, or undefined when there is none. */
export async function readObject(key: string): Promise<Buffer | undefined> {
  try {
    const output = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    if (!output.Body) return Buffer.alloc(0);
    return Buffer.from(await output.Body.transformToByteArray());
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

/** The object's SHA-256 (hex) and size, streamed (never held whole), or undefined when there is none. */
export async function hashObject(key: string): Promise<{ sha256: string; size: number } | undefined> {
  let body: AsyncIterable<Uint8Array>;
  try {
    const output = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    body = (output.Body ?? []) as AsyncIterable<Uint8Array>;
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of body) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { sha256: hash.digest('hex'), size };
}

/** A server-side copy (no bytes through the function); false when the source is gone. */
export async function copyObject(sourceKey: string, targetKey: string): Promise<boolean> {
  try {
    await client.send(
      new CopyObjectCommand({
        Bucket: bucket,
        Key: targetKey,
        CopySource: `${bucket}/${sourceKey.split('/').map(encodeURIComponent).join('/')}`,
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
