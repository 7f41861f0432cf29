/**
 * The local S3 (infra/local/emulators.ts startS3Emulator) behaves as S3 where Postbox relies on it: a
 * rewrite of an object is atomic (a read during it gets every byte), presigned URLs are checked.
 */
import { createHash, randomBytes } from 'node:crypto';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
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
});
