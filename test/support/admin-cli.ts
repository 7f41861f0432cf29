/**
 * Runs the admin command line (infra/admin.ts) against the tests' local cloud, as an operator would,
 * and parses its JSON output.
 */
import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { inject } from 'vitest';

const run = promisify(execFile);
const cliEnv = () => ({ ...process.env, ...inject('localCloud').env, POWERTOOLS_LOG_LEVEL: 'SILENT' });
const ADMIN = ['--import', 'tsx', 'infra/admin.ts'];

/** `npm run admin -- ...args`; `env` adds variables, `stdin` is written to its standard input. */
export async function adminWith(args: string[], options: { env?: Record<string, string>; stdin?: string } = {}) {
  if (options.stdin === undefined) {
    const { stdout } = await run(process.execPath, [...ADMIN, ...args], { env: { ...cliEnv(), ...options.env } });
    return JSON.parse(stdout);
  }
  const child = spawn(process.execPath, [...ADMIN, ...args], { env: { ...cliEnv(), ...options.env } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  child.stdin.end(options.stdin);
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (code !== 0) throw new Error(`admin exited ${code}: ${stderr}`);
  return JSON.parse(stdout);
}

/** `npm run admin -- ...args`. */
export const admin = (...args: string[]) => adminWith(args);
