/**
 * The tests' own signed client of the local cloud's S3 emulator (to read the stored blobs, or to
 * damage one): the emulator, like S3, refuses unsigned requests.
 */
import { S3Client } from '@aws-sdk/client-s3';
import { inject } from 'vitest';

export function localBucketClient(): S3Client {
  const { env } = inject('localCloud');
  return new S3Client({
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: true,
    region: env.AWS_REGION,
    credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID ?? '', secretAccessKey: env.AWS_SECRET_ACCESS_KEY ?? '' },
  });
}
