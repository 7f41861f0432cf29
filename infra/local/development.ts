/**
 * The local cloud for a developer or a test suite, seeded: its data folder (with the key standing in for
 * KMS kept beside the data), quiet logs, then the development organization, keys and member. `npm start`
 * (start.ts) and `@postbox/local` (local/src/server.ts) both start it this way; they differ in ports and
 * in what they print.
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { type LocalCloudOptions, startLocalCloud } from './cloud.ts';
import { seedDevelopment } from './seed.ts';
import { keptEncryptionKey } from './state.ts';

export type DevelopmentCloudOptions = Omit<LocalCloudOptions, 'localEncryptionKey'>;

export async function startDevelopmentCloud(options: DevelopmentCloudOptions) {
  const dataDir = options.dataDir ? resolve(options.dataDir) : undefined;
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  process.env.POWERTOOLS_LOG_LEVEL ??= 'WARN';
  // The SDK warns on Node 20 about its future Node 22 requirement; Postbox supports Node 20 locally.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const cloud = await startLocalCloud({
    ...options,
    ...(dataDir ? { dataDir, localEncryptionKey: keptEncryptionKey(dataDir) } : {}),
  });
  try {
    return { cloud, seed: await seedDevelopment(), dataDir };
  } catch (error) {
    await cloud.stop();
    throw error;
  }
}
