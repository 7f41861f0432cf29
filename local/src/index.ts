/**
 * `startPostbox()`: a Postbox of its own for a test suite, in a child process (handlers read their
 * configuration from the process environment, so instances never share one), every port free unless
 * given. `stop()` ends it; so does the test process's death, however it dies (the child stops when
 * its stdin pipe closes, and DynamoDB Local's JVM when the child's does).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { PostboxInfo } from './postbox-info.js';

export type { PostboxInfo } from './postbox-info.js';

export interface StartOptions {
  /** The API's port (0 or absent: a free one). */
  port?: number;
  /** Keep the database (and uploaded files) in this folder between runs; in memory without it. */
  dataDir?: string;
  /** How long to wait for the API (default 60 s: a cold JVM on a busy CI runner). */
  timeoutMs?: number;
}

/** A running instance: where it answers, its keys and sign-in, and how to end it. */
export interface RunningPostbox extends PostboxInfo {
  stop(): Promise<void>;
}

// Built, the CLI is dist/cli.js beside this file; from the repository's sources it runs under tsx.
const fromSources = import.meta.url.endsWith('.ts');
const CLI = fileURLToPath(new URL(fromSources ? './cli.ts' : './cli.js', import.meta.url));

function stopped(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

export async function startPostbox(options: StartOptions = {}): Promise<RunningPostbox> {
  const args = [...(fromSources ? ['--import', 'tsx'] : []), CLI, '--json'];
  if (options.port !== undefined) args.push('--port', String(options.port));
  if (options.dataDir !== undefined) args.push('--data-dir', options.dataDir);
  const child = spawn(process.execPath, args, {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, POSTBOX_LOCAL_PARENT: 'pipe' },
  });
  let output = '';
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors += chunk.toString('utf8');
  });
  const ready = new Promise<Record<string, string>>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(
        new Error(
          `Postbox Local did not start within ${options.timeoutMs ?? 60_000} ms${errors ? `: ${errors.trim()}` : ''}`,
        ),
      );
    }, options.timeoutMs ?? 60_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const line = output.split('\n').find((candidate) => candidate.startsWith('{'));
      if (!line) return;
      clearTimeout(timer);
      resolve(JSON.parse(line) as Record<string, string>);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(errors.trim() || `Postbox Local exited (code ${code}) before it was ready`));
    });
  });
  const info = await ready;
  // The test process may end without stop(): nothing here keeps it alive, and the child follows it.
  child.unref();
  for (const stream of [child.stdin, child.stdout, child.stderr])
    (stream as unknown as { unref?: () => void })?.unref?.();
  return {
    url: info.url as string,
    apiKey: info.api_key as string,
    liveApiKey: info.live_api_key as string,
    inboxUrl: info.inbox_url as string,
    smtpPort: Number(info.smtp_port),
    dashboardUrl: info.dashboard_url as string,
    dashboardEmail: info.dashboard_email as string,
    dashboardPassword: info.dashboard_password as string,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const killed = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await stopped(child);
      clearTimeout(killed);
    },
  };
}
