/**
 * Runs the admin command line (infra/admin.ts) against the tests' local cloud, as an operator would,
 * and parses its JSON output.
 */
import { inject } from 'vitest';
import { runTsScript } from './process.ts';

const cliEnv = () => ({ ...process.env, ...inject('localCloud').env, POWERTOOLS_LOG_LEVEL: 'SILENT' });

/** `npm run admin -- ...args`; `env` adds variables, `stdin` is written to its standard input. */
export async function adminWith(args: string[], options: { env?: Record<string, string>; stdin?: string } = {}) {
  const { code, stdout, stderr } = await runTsScript('infra/admin.ts', args, {
    env: { ...cliEnv(), ...options.env },
    stdin: options.stdin,
  });
  if (code !== 0) throw new Error(`admin exited ${code}: ${stderr}`);
  return JSON.parse(stdout);
}

/** `npm run admin -- ...args`. */
export const admin = (...args: string[]) => adminWith(args);
