/**
 * @postbox/local's contract (local/src): instances that share nothing — two at once, each its own
 * ports, organization and keys — a stop() that leaves no process or open port, an instance that ends
 * with its parent even when the parent is killed outright, and a one-line error without Java. From the
 * sources here; CI runs the packed tarball in a project outside the repository (examples/).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { type RunningPostbox, startPostbox } from '../../local/src/index.ts';

/** Whether anything accepts connections on the URL's port. */
function listening(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(Number(new URL(url).port), '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Every process's parent and command line, read from /proc (no tool needed). */
function processTable(): Map<number, { parent: number; command: string }> {
  const table = new Map<number, { parent: number; command: string }>();
  for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      table.set(Number(entry), {
        parent,
        command: readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' '),
      });
    } catch {
      // gone meanwhile
    }
  }
  return table;
}

/** The kit's instances (its CLI run from the sources) and everything they started (the shell, the JVM). */
function kitProcesses(): number[] {
  const table = processTable();
  const tree = new Set([...table].filter(([, p]) => p.command.includes('local/src/cli.ts')).map(([pid]) => pid));
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, { parent }] of table) {
      if (tree.has(parent) && !tree.has(pid)) {
        tree.add(pid);
        grew = true;
      }
    }
  }
  return [...tree];
}

const alive = (pids: number[]) => {
  const table = processTable();
  return pids.filter((pid) => table.has(pid));
};

async function get(postbox: RunningPostbox, key: string) {
  return fetch(`${postbox.url}/api/v1/settings/auto-validation`, { headers: { authorization: `Bearer ${key}` } });
}

describe('startPostbox', () => {
  it('runs two instances at once that share nothing, and stop() leaves no listening port', async () => {
    const [first, second] = await Promise.all([startPostbox(), startPostbox()]);
    const started = kitProcesses();
    // Each: its CLI, the shell watching DynamoDB Local, the JVM.
    expect(started.length).toBeGreaterThanOrEqual(6);
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
      // Mail to the seeded domain through the first instance's SMTP port is received there only.
      expect(first.smtpPort).not.toBe(second.smtpPort);
      const smtp = (
        nodemailer as unknown as { createTransport(o: unknown): { sendMail(m: unknown): Promise<unknown> } }
      ).createTransport({ host: '127.0.0.1', port: first.smtpPort, secure: false, ignoreTLS: true });
      await smtp.sendMail({ from: 'a@example.com', to: 'support@postbox.test', subject: 'Local', text: 'hi' });
      const inbound = async (postbox: RunningPostbox) =>
        (await (
          await fetch(`${postbox.url}/api/v1/inbound`, { headers: { authorization: `Bearer ${postbox.apiKey}` } })
        ).json()) as { data: Array<{ subject: string }> };
      const deadline = Date.now() + 15_000;
      while (Date.now() < deadline && (await inbound(first)).data.length === 0)
        await new Promise((r) => setTimeout(r, 200));
      expect((await inbound(first)).data.map((message) => message.subject)).toEqual(['Local']);
      expect((await inbound(second)).data).toEqual([]);
    } finally {
      await Promise.all([first.stop(), second.stop()]);
    }
    expect(await listening(first.url)).toBe(false);
    expect(await listening(second.url)).toBe(false);
    expect(await listening(`smtp://127.0.0.1:${first.smtpPort}`)).toBe(false);
    // Processes that are ending may linger a moment on a busy machine.
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && alive(started).length > 0) await new Promise((r) => setTimeout(r, 200));
    expect(alive(started)).toEqual([]);
  });

  it("keeps its database in --data-dir between runs: the first run's key still works in the second", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'postbox-local-data-'));
    try {
      const first = await startPostbox({ dataDir });
      await first.stop();
      const second = await startPostbox({ dataDir });
      try {
        expect(second.apiKey).not.toBe(first.apiKey);
        expect((await get(second, first.apiKey)).status).toBe(200);
      } finally {
        await second.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
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
    const started = kitProcesses();
    expect(started.length).toBeGreaterThanOrEqual(3);
    parent.kill('SIGKILL');
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && (await listening(url))) await new Promise((r) => setTimeout(r, 200));
    expect(await listening(url)).toBe(false);
    while (Date.now() < deadline && alive(started).length > 0) await new Promise((r) => setTimeout(r, 200));
    expect(alive(started)).toEqual([]);
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
