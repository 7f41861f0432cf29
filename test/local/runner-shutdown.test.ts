/**
 * `npm start` must never leave a java process (DynamoDB Local) behind: not on SIGTERM,
 * and not even when the runner itself is killed with SIGKILL.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import getPort from 'get-port';
import { afterEach, describe, expect, it } from 'vitest';

let runner: ChildProcess | undefined;

function descendants(pid: number): number[] {
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

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function startRunner(): Promise<{ pid: number; output: () => string }> {
  // Free ports of its own: never the 8000/4566 a developer's `npm start` may be using.
  const ports = { DYNAMODB_PORT: String(await getPort()), SQS_PORT: String(await getPort()) };
  runner = spawn(process.execPath, ['--import', 'tsx', 'infra/local/start.ts'], {
    env: { ...process.env, ...ports, PORT: '0', SES_PORT: '0', POWERTOOLS_LOG_LEVEL: 'SILENT' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  runner.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  runner.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const deadline = Date.now() + 30_000;
  while (!/API key\s+pb_test_[0-9A-Za-z]{38}/.test(output)) {
    if (Date.now() > deadline || runner.exitCode !== null) throw new Error(`runner did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { pid: runner.pid ?? 0, output: () => output };
}

async function waitUntilGone(pids: number[], timeoutMs: number): Promise<number[]> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!pids.some(alive)) return [];
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return pids.filter(alive);
}

afterEach(() => {
  if (runner?.pid && alive(runner.pid)) runner.kill('SIGKILL');
});

describe('npm start shutdown', () => {
  it('prints a pb_test_ key and stops every child on SIGTERM', async () => {
    const { pid, output } = await startRunner();
    const children = descendants(pid);
    expect(children.length).toBeGreaterThanOrEqual(2); // the watchdog shell and java
    process.kill(pid, 'SIGTERM');
    expect(await waitUntilGone([pid, ...children], 10_000)).toEqual([]);
    expect(output()).toContain('SIGTERM: stopping');
  });

  it('leaves no java process behind even when the runner is killed outright', async () => {
    const { pid } = await startRunner();
    const children = descendants(pid);
    expect(children.length).toBeGreaterThanOrEqual(2);
    process.kill(pid, 'SIGKILL');
    expect(await waitUntilGone(children, 10_000)).toEqual([]);
  });
});
