/**
 * The four AWS-protocol emulators of the local cloud, each listening on 127.0.0.1 only (none has
 * authentication worth the name: the local table holds webhook secrets, sessions, the server secret):
 *  - DynamoDB Local 1.25 (the jar shipped inside amplify-dynamodb-simulator), run by java;
 *  - fauxqs (SQS), in-process;
 *  - aws-ses-v2-local (SES v2 SendEmail + a web inbox), in-process;
 *  - @20minutes/s3rver 4 (S3: objects on disk, SigV4 required and checked, presigned URLs), in-process.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { rename } from 'node:fs/promises';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { correctS3rverAuthentication } from './s3rver-authentication.ts';

const require = createRequire(import.meta.url);

type SesStart = (options: { host: string; port: number }) => Promise<Server>;

/** The one address every emulator listens on: never an interface the network reaches. */
const LOOPBACK = '127.0.0.1';

export interface RunningEmulator {
  endpoint: string;
  stop(): Promise<void>;
}

/**
 * A shell runs java and reads its stdin, which is a pipe from this process. When this
 * process ends in any way — Ctrl-C, SIGTERM, a closed terminal, even SIGKILL — the pipe
 * closes, `cat` returns and the shell kills java: no orphaned JVM keeps the port.
 */
const WATCHDOG = `"$@" & child=$!
trap 'kill $child 2>/dev/null; wait $child; exit 0' INT TERM HUP
cat >/dev/null
kill $child 2>/dev/null
wait $child`;

function dynamoLocalDirectory(): string {
  const dir = join(dirname(require.resolve('amplify-dynamodb-simulator/package.json')), 'emulator');
  if (!existsSync(join(dir, 'DynamoDBLocal.jar'))) {
    throw new Error(`DynamoDBLocal.jar not found in ${dir}; run npm install`);
  }
  return dir;
}

async function waitForHttp(url: string, timeoutMs: number, isUp: (status: number) => boolean): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(1000) });
      await response.arrayBuffer();
      if (isUp(response.status)) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not come up within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Runs DynamoDB Local's own server, moved onto 127.0.0.1 (the file says how and why). */
const LOOPBACK_LAUNCHER = fileURLToPath(new URL('./dynamodb-local-loopback.xml', import.meta.url));

export async function startDynamoDbLocal(options: { port: number; dataDir?: string }): Promise<RunningEmulator> {
  const dir = dynamoLocalDirectory();
  const storage = options.dataDir ? ['-dbPath', options.dataDir] : ['-inMemory'];
  const dynamoArguments = [...storage, '-sharedDb', '-disableTelemetry', '-port', String(options.port)];
  const args = [
    `-Djava.library.path=${join(dir, 'DynamoDBLocal_lib')}`,
    // Jetty's start-up lines off, as DynamoDB Local's main has them.
    '-Dorg.eclipse.jetty.LEVEL=WARN',
    '-Dorg.eclipse.jetty.util.log.announce=false',
    '-cp',
    [join(dir, 'DynamoDBLocal.jar'), join(dir, 'DynamoDBLocal_lib', '*')].join(delimiter),
    'org.eclipse.jetty.xml.XmlConfiguration',
    LOOPBACK_LAUNCHER,
    `dynamodb.port=${options.port}`,
    `dynamodb.arguments=${dynamoArguments.join('\n')}`,
  ];
  const child: ChildProcess = spawn('sh', ['-c', WATCHDOG, 'dynamodb-local', 'java', ...args], {
    stdio: ['pipe', 'ignore', 'pipe'],
    // Started through its server factory rather than its main, DynamoDB Local ignores -disableTelemetry:
    // only this variable stops it reporting to AWS at start (and waiting for that when offline).
    env: { ...process.env, DDB_LOCAL_TELEMETRY: '0' },
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const endpoint = `http://${LOOPBACK}:${options.port}`;
  const exitedEarly = exited.then(() => {
    throw new Error(`DynamoDB Local exited during start (port ${options.port} taken? Java 17 missing?): ${stderr}`);
  });
  try {
    await Promise.race([
      // DynamoDB answers a bare GET with 400 once it is listening.
      waitForHttp(endpoint, 30_000, (status) => status === 400),
      exitedEarly,
    ]);
    // Another process may have answered on that port while our JVM fails to bind it: only
    // trust the endpoint once our own JVM has stayed up a moment past the first answer.
    await Promise.race([new Promise((resolve) => setTimeout(resolve, 750)), exitedEarly]);
  } catch (error) {
    child.kill('SIGTERM');
    throw error;
  }
  return {
    endpoint,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.stdin?.end();
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export async function startSqsEmulator(options: { port: number }): Promise<RunningEmulator> {
  const { buildApp } = await import('fauxqs');
  // fauxqs's startFauxqs listens on 0.0.0.0 whatever its options (its `host` only names queue URLs):
  // its app is listened on loopback here instead.
  const app = buildApp({ logger: false });
  await app.listen({ port: options.port, host: LOOPBACK });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return { endpoint: `http://${LOOPBACK}:${port}`, stop: () => app.close() };
}

export async function startSesEmulator(options: { port: number }): Promise<RunningEmulator> {
  // A CommonJS module compiled from ESM: Node's import gives its exports object as `default`, tsx the function.
  const ses = (await import('aws-ses-v2-local')) as unknown as { default: SesStart | { default: SesStart } };
  const startSes = typeof ses.default === 'function' ? ses.default : ses.default.default;
  const server: Server = await startSes({ host: LOOPBACK, port: options.port });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    endpoint: `http://${LOOPBACK}:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * S3 with the given buckets, keeping objects in `dataDir` (kept) or in a fresh temporary directory
 * (removed at stop). Requests signed with `credentials` are checked like S3 checks them (SigV4, a
 * presigned URL's expiry and signed headers); unsigned ones are refused (403 AccessDenied), as S3
 * refuses them for a private bucket.
 * s3rver has no lifecycle rules: objects do not expire locally (uploads' usability is enforced by
 * their items, the same in AWS).
 */
export async function startS3Emulator(options: {
  port: number;
  buckets: readonly string[];
  credentials: { accessKeyId: string; secretAccessKey: string };
  dataDir?: string;
}): Promise<RunningEmulator> {
  // Signatures checked as S3 checks them: presigned downloads (filename*=UTF-8''…) and signed bucket
  // calls verify, unsigned requests are refused.
  correctS3rverAuthentication();
  const { default: S3rver } = await import('@20minutes/s3rver');
  // s3rver knows one key pair (S3RVER); the handlers sign with the local cloud's.
  const { DUMMY_ACCOUNT } = require('@20minutes/s3rver/lib/models/account.js') as {
    DUMMY_ACCOUNT: { createKeyPair(accessKeyId: string, secretAccessKey: string): void };
  };
  DUMMY_ACCOUNT.createKeyPair(options.credentials.accessKeyId, options.credentials.secretAccessKey);
  const directory = options.dataDir ?? mkdtempSync(join(tmpdir(), 'postbox-s3-'));
  mkdirSync(directory, { recursive: true });
  const server = new S3rver({
    address: LOOPBACK,
    port: options.port,
    directory,
    silent: true,
    configureBuckets: options.buckets.map((name) => ({ name, configs: [] })),
  });
  makeObjectWritesAtomic(server as unknown as { store: ContentStore });
  const address = (await server.run()) as { port: number };
  return {
    endpoint: `http://${LOOPBACK}:${address.port}`,
    stop: async () => {
      await server.close();
      if (!options.dataDir) rmSync(directory, { recursive: true, force: true });
    },
  };
}

interface ContentStore {
  putContent(objectPath: string, content: Buffer | NodeJS.ReadableStream): Promise<[number, string]>;
}

/**
 * S3 replaces an object atomically: a reader sees the old bytes or the new ones. s3rver's filesystem
 * store truncates the file and writes it in place, so a GET during a rewrite (two sends of the same
 * attachment write the same blob while a consumer reads it) could see a short file. Its content is
 * written to a temporary file and renamed over the object instead.
 */
function makeObjectWritesAtomic(server: { store: ContentStore }): void {
  server.store.putContent = async (objectPath, content) => {
    const temporary = `${objectPath}.${randomBytes(6).toString('hex')}.partial`;
    const md5 = createHash('md5');
    let size = 0;
    const source = Buffer.isBuffer(content) ? Readable.from([content]) : content;
    await pipeline(
      source,
      new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          md5.update(chunk);
          size += chunk.length;
          callback(null, chunk);
        },
      }),
      createWriteStream(temporary),
    );
    await rename(temporary, objectPath);
    return [size, md5.digest('hex')];
  };
}
