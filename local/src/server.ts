/**
 * One Postbox Local instance in this process: Java checked first (a one-line error, not a stack trace),
 * every port free unless given, the local cloud started from the package's built handlers, and the
 * development organization seeded with a test key, a live key and a dashboard member.
 * `startPostbox` (index.ts) runs each instance in a child process: handlers read their configuration
 * from the process environment, so two instances never share one process.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import getPort from 'get-port';
import { startDevelopmentCloud } from '../../infra/local/development.ts';
import type { PostboxInfo } from './postbox-info.js';

export class JavaMissingError extends Error {
  override name = 'JavaMissingError';
}

/** Java 17 runs DynamoDB Local; without it nothing else can start. */
export function checkJava(): void {
  const result = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (result.error || result.status !== 0) {
    throw new JavaMissingError(
      'Postbox Local needs Java 17 or later on the PATH for DynamoDB Local: install a JRE (e.g. `apt-get install openjdk-17-jre-headless`, `brew install openjdk@17`, or actions/setup-java in CI).',
    );
  }
}

export interface RunOptions {
  port?: number;
  dataDir?: string;
  /** The folder of the built handler modules (the package's dist/); the TypeScript sources without it. */
  builtHandlers?: string;
  log?: (line: string) => void;
}

export async function runPostbox(options: RunOptions) {
  const { builtHandlers } = options;
  checkJava();
  const [sesPort, dynamodbPort, sqsPort] = await Promise.all([getPort(), getPort(), getPort()]);
  const { cloud, seed } = await startDevelopmentCloud({
    apiPort: options.port ?? 0,
    sesPort,
    dynamodbPort,
    sqsPort,
    s3Port: 0,
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(builtHandlers ? { handlerFile: (module: string) => join(builtHandlers, module.replace(/\.ts$/, '.js')) } : {}),
    log: options.log ?? (() => {}),
  });
  const info: PostboxInfo = {
    url: cloud.apiUrl,
    apiKey: seed.apiKey,
    liveApiKey: seed.liveApiKey,
    inboxUrl: `${cloud.sesUrl}/`,
    smtpPort: cloud.smtpPort,
    dashboardUrl: `${cloud.apiUrl}/dashboard`,
    dashboardEmail: seed.memberEmail,
    dashboardPassword: seed.memberPassword,
  };
  return { info, stop: () => cloud.stop() };
}
