/** `npm start` (infra/local/start.ts) run as a child process, for the tests of the local stack as a whole. */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';

export interface StartedRunner {
  child: ChildProcess;
  pid: number;
  output: () => string;
}

/** Every process below `pid` (the watchdog shell and DynamoDB Local's java, for the runner). */
export function descendants(pid: number): number[] {
  const table = execFileSync('ps', ['-eo', 'pid=,ppid='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number) as [number, number]);
  const found: number[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    const parent = queue.shift();
    for (const [child, ppid] of table) {
      if (ppid === parent) {
        found.push(child);
        queue.push(child);
      }
    }
  }
  return found;
}

export const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * Starts the runner with `env` added (ports of its own: never the 8000/4566 a developer's `npm start`
 * may be using) and resolves once it printed its test key.
 */
export async function startRunner(env: Record<string, string>): Promise<StartedRunner> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'infra/local/start.ts'], {
    env: { ...process.env, ...env, POWERTOOLS_LOG_LEVEL: 'SILENT' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const deadline = Date.now() + 30_000;
  while (!/API key\s+pb_test_[0-9A-Za-z]{38}/.test(output)) {
    if (Date.now() > deadline || child.exitCode !== null) {
      child.kill('SIGKILL');
      throw new Error(`runner did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, pid: child.pid ?? 0, output: () => output };
}
