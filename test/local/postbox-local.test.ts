/**
 * @postbox/local's contract (local/src): instances that share nothing — two at once, each its own
 * ports, organization and keys — a stop() that leaves no process or open port, an instance that ends
 * with its parent even when the parent is killed outright, and a one-line error without Java. From the
 * sources here; CI runs the packed tarball in a project outside the repository (examples/).
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type RunningPostbox, startPostbox } from '../../local/src/index.ts';

const processesOf = (url: string) => {
  const port = new URL(url).port;
  try {
    return execFileSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' }).trim();
  } catch {
    return '';
  }
};

async function get(postbox: RunningPostbox, key: string) {
  return fetch(`${postbox.url}/api/v1/settings/auto-validation`, { headers: { authorization: `Bearer ${key}` } });
}

describe('startPostbox', () => {
  it('runs two instances at once that share nothing, and stop() leaves no listening port', async () => {
    const [first, second] = await Promise.all([startPostbox(), startPostbox()]);
    try {
      expect(first.url).not.toBe(second.url);
      expect(new URL(first.url).hostname).toBe('127.0.0.1');
      expect(first.apiKey).toMatch(/^pb_test_/);
      expect(first.liveApiKey).toMatch(/^pb_live_/);
      expect((await get(first, first.apiKey)).status).toBe(200);
      expect((await get(first, first.liveApiKey)).status).toBe(200);
      // One instance's key is unknown to the other: separate databases.
      expect((await get(second, first.apiKey)).status).toBe(401);
      expect((await fetch(`${first.dashboardUrl}/sign-in`)).status).toBe(200);
      expect((await fetch(first.inboxUrl)).status).toBe(200);
    } finally {
      await Promise.all([first.stop(), second.stop()]);
    }
    expect(processesOf(first.url)).toBe('');
    await expect(fetch(`${second.url}/api/v1/openapi.json`)).rejects.toThrow();
  });

  it('ends with its parent, even one killed with SIGKILL', async () => {
    const script = `import { startPostbox } from ${JSON.stringify(join(process.cwd(), 'local/src/index.ts'))};
const postbox = await startPostbox(); console.log(postbox.url); setInterval(() => {}, 1000);`;
    const parent = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const url = await new Promise<string>((resolve) =>
      parent.stdout.on('data', (chunk: Buffer) => resolve(chunk.toString().trim())),
    );
    expect((await fetch(`${url}/api/v1/openapi.json`)).status).toBe(200);
    parent.kill('SIGKILL');
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && processesOf(url) !== '') await new Promise((r) => setTimeout(r, 200));
    expect(processesOf(url)).toBe('');
    await expect(fetch(`${url}/api/v1/openapi.json`)).rejects.toThrow();
  });

  it('says in one line what to install when Java is missing', async () => {
    const bin = join(tmpdir(), `postbox-no-java-${process.pid}`);
    mkdirSync(bin, { recursive: true });
    try {
      symlinkSync(process.execPath, join(bin, 'node'));
    } catch {
      // already there from an earlier run
    }
    const previous = process.env.PATH;
    process.env.PATH = bin;
    try {
      const error = await startPostbox().catch((caught: unknown) => caught as Error);
      expect(error).toBeInstanceOf(Error);
      expect((error as Error).message).toMatch(/^postbox-local: Postbox Local needs Java 17 or later on the PATH/);
      expect((error as Error).message.split('\n')).toHaveLength(1);
    } finally {
      process.env.PATH = previous;
    }
  });
});
