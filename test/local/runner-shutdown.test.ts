/**
 * `npm start` must never leave a java process (DynamoDB Local) behind: not on SIGTERM,
 * and not even when the runner itself is killed with SIGKILL.
 */
import getPort from 'get-port';
import { afterEach, describe, expect, it } from 'vitest';
import { alive, descendants, type StartedRunner, startRunner as startLocalRunner } from './local-runner.ts';

let runner: StartedRunner | undefined;

async function startRunner(): Promise<{ pid: number; output: () => string }> {
  // Free ports of its own: never the 8000/4566 a developer's `npm start` may be using.
  runner = await startLocalRunner({
    DYNAMODB_PORT: String(await getPort()),
    SQS_PORT: String(await getPort()),
    PORT: '0',
    SES_PORT: '0',
  });
  return runner;
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
  if (runner?.pid && alive(runner.pid)) runner.child.kill('SIGKILL');
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
