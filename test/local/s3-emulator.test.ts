/**
 * The local S3 (infra/local/emulators.ts startS3Emulator) behaves as S3 where Postbox relies on it: a
 * rewrite of an object is atomic (a read during it gets every byte), presigned URLs are checked, and a
 * request without a signature is refused (the bucket is private).
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, startS3Emulator } from '../../infra/local/emulators.ts';

const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
let s3: RunningEmulator;
let client: S3Client;

beforeAll(async () => {
  s3 = await startS3Emulator({ port: 0, buckets: ['bucket'], credentials });
  client = new S3Client({ endpoint: s3.endpoint, forcePathStyle: true, region: 'us-east-1', credentials });
});
afterAll(async () => {
  client.destroy();
  await s3.stop();
});

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('the local S3', () => {
  it('never serves a partly rewritten object', async () => {
    const bytes = randomBytes(2 * 1024 * 1024);
    const put = () => client.send(new PutObjectCommand({ Bucket: 'bucket', Key: 'blob', Body: bytes }));
    await put();
    const reads: Promise<string>[] = [];
    const writes: Promise<unknown>[] = [];
    for (let round = 0; round < 20; round += 1) {
      writes.push(put());
      reads.push(
        client
          .send(new GetObjectCommand({ Bucket: 'bucket', Key: 'blob' }))
          .then(async (output) => sha((await output.Body?.transformToByteArray()) ?? new Uint8Array())),
      );
    }
    await Promise.all(writes);
    expect(new Set(await Promise.all(reads))).toEqual(new Set([sha(bytes)]));
  });

  it('checks a presigned URL: its signature and its signed headers', async () => {
    const url = await getSignedUrl(
      client,
      new PutObjectCommand({ Bucket: 'bucket', Key: 'upload', ContentLength: 10, ContentType: 'text/plain' }),
      { expiresIn: 60, signableHeaders: new Set(['content-length', 'content-type']) },
    );
    const send = (target: string, body: Buffer, type = 'text/plain') =>
      fetch(target, { method: 'PUT', headers: { 'Content-Type': type }, body }).then(async (response) => {
        await response.arrayBuffer();
        return response.status;
      });
    expect(await send(url, randomBytes(11))).toBe(403);
    expect(await send(url, randomBytes(10), 'text/html')).toBe(403);
    expect(await send(url.replace('X-Amz-Signature=', 'X-Amz-Signature=0'), randomBytes(10))).toBe(403);
    expect(await send(url, randomBytes(10))).toBe(200);
  });

  it('refuses anonymous requests: reads, writes, deletes and listings answer 403 AccessDenied', async () => {
    const secret = Buffer.from("the organization's attachment");
    await client.send(new PutObjectCommand({ Bucket: 'bucket', Key: 'private', Body: secret }));
    const anonymous = async (method: string, path: string, body?: Buffer) => {
      const response = await fetch(`${s3.endpoint}${path}`, { method, ...(body ? { body } : {}) });
      return { status: response.status, text: await response.text() };
    };
    for (const [method, path, body] of [
      ['GET', '/bucket/private'],
      ['HEAD', '/bucket/private'],
      ['PUT', '/bucket/private', Buffer.from('overwritten')],
      ['PUT', '/bucket/planted', Buffer.from('planted')],
      ['DELETE', '/bucket/private'],
      ['GET', '/bucket?list-type=2'],
      ['GET', '/'],
    ] as const) {
      const answer = await anonymous(method, path, body);
      expect(answer.status, `${method} ${path}: ${answer.text}`).toBe(403);
      if (method !== 'HEAD') expect(answer.text).toContain('<Code>AccessDenied</Code>');
    }
    // Nothing changed; the SDK's signed requests still work.
    const kept = await client.send(new GetObjectCommand({ Bucket: 'bucket', Key: 'private' }));
    expect(Buffer.from((await kept.Body?.transformToByteArray()) ?? [])).toEqual(secret);
    const listed = await client.send(new ListObjectsV2Command({ Bucket: 'bucket' }));
    expect(listed.Contents?.map((object) => object.Key)).not.toContain('planted');
  });

  it('answers a signed read of a missing object 403 AccessDenied, as S3 answers a caller without s3:ListBucket', async () => {
    for (const command of [
      new GetObjectCommand({ Bucket: 'bucket', Key: 'missing' }),
      new HeadObjectCommand({ Bucket: 'bucket', Key: 'missing' }),
    ]) {
      const error = await client.send(command as GetObjectCommand).then(
        () => undefined,
        (caught: unknown) => caught as { $metadata?: { httpStatusCode?: number } },
      );
      expect(error?.$metadata?.httpStatusCode).toBe(403);
    }
  });

  it("accepts the SDK's signed bucket-level calls (GET /bucket/?list-type=2, a trailing slash signed)", async () => {
    await client.send(new PutObjectCommand({ Bucket: 'bucket', Key: 'listed/one', Body: 'one' }));
    const listed = await client.send(new ListObjectsV2Command({ Bucket: 'bucket', Prefix: 'listed/' }));
    expect(listed.Contents?.map((object) => object.Key)).toEqual(['listed/one']);
  });
});
