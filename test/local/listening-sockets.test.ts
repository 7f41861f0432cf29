/**
 * The local stack is for one machine: none of its emulators (DynamoDB Local, SQS, SES, S3) nor its
 * gateway may accept a connection from the network. `npm start` runs, and every socket its processes
 * (the runner and its children: the watchdog shell, DynamoDB Local's java) listen on is read from
 * /proc and must be bound to a loopback address.
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import getPort from 'get-port';
import { afterAll, describe, expect, it } from 'vitest';
import { alive, descendants, type StartedRunner, startRunner } from './local-runner.ts';

let runner: StartedRunner | undefined;
afterAll(() => {
  if (runner?.pid && alive(runner.pid)) runner.child.kill('SIGKILL');
});

/** The socket inodes a process holds open (none when it has just exited). */
function socketInodes(pid: number): string[] {
  let fds: string[];
  try {
    fds = readdirSync(`/proc/${pid}/fd`);
  } catch {
    return [];
  }
  return fds.flatMap((fd) => {
    try {
      return /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1] ?? [];
    } catch {
      return [];
    }
  });
}

/** /proc/net's hex address (32-bit words in host, little-endian, byte order), in its canonical text form. */
function decodeAddress(hex: string): string {
  const bytes = Buffer.concat((hex.match(/.{8}/g) ?? []).map((word) => Buffer.from(word, 'hex').reverse()));
  if (bytes.length === 4) return [...bytes].join('.');
  const groups = (bytes.toString('hex').match(/.{4}/g) ?? []).join(':');
  // The URL parser writes an IPv6 address as RFC 5952 has it (zeros compressed, lower case).
  return new URL(`http://[${groups}]/`).hostname.slice(1, -1);
}

interface Listener {
  protocol: string;
  address: string;
  port: number;
}

const TCP_LISTEN = '0A';

/**
 * What accepts traffic from anyone: TCP sockets in LISTEN state and UDP sockets bound but not
 * connected (a connected one, such as a DNS query's, only takes its peer's answers).
 */
function listenersOf(inodes: Set<string>): Listener[] {
  return ['tcp', 'tcp6', 'udp', 'udp6'].flatMap((protocol) =>
    readFileSync(`/proc/net/${protocol}`, 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.trim().split(/\s+/))
      .filter(([, , remote, state, , , , , , inode]) => {
        if (!inode || !inodes.has(inode)) return false;
        return protocol.startsWith('tcp') ? state === TCP_LISTEN : /^0+:0000$/.test(remote ?? '');
      })
      .map(([, local]) => {
        const [address = '', port = ''] = (local ?? '').split(':');
        return { protocol, address: decodeAddress(address), port: Number.parseInt(port, 16) };
      }),
  );
}

/** 127.0.0.1, ::1 and 127.0.0.1 on an IPv6 socket (java binds ::ffff:127.0.0.1). */
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:7f00:1']);

describe('the local stack (npm start)', () => {
  it('decodes /proc/net addresses', () => {
    expect(decodeAddress('0100007F')).toBe('127.0.0.1');
    expect(decodeAddress('00000000')).toBe('0.0.0.0');
    expect(decodeAddress('00000000000000000000000000000000')).toBe('::');
    expect(decodeAddress('00000000000000000000000001000000')).toBe('::1');
    expect(decodeAddress('0000000000000000FFFF00000100007F')).toBe('::ffff:7f00:1');
  });

  it('listens on 127.0.0.1 only: every emulator and the gateway', async () => {
    const ports = {
      PORT: await getPort(),
      SES_PORT: await getPort(),
      DYNAMODB_PORT: await getPort(),
      SQS_PORT: await getPort(),
      S3_PORT: await getPort(),
    };
    runner = await startRunner(Object.fromEntries(Object.entries(ports).map(([name, port]) => [name, String(port)])));
    const processes = [runner.pid, ...descendants(runner.pid)];
    const listeners = listenersOf(new Set(processes.flatMap(socketInodes)));
    const nameOf = (port: number) => Object.entries(ports).find(([, value]) => value === port)?.[0] ?? 'other';
    const described = listeners.map(
      ({ protocol, address, port }) => `${protocol} ${address}:${port} (${nameOf(port)})`,
    );

    // Each server the runner starts is found (the java child's included), so the check below covers them all.
    for (const port of Object.values(ports)) {
      expect(
        listeners.some((listener) => listener.port === port),
        `port ${port} among ${described.join(', ')}`,
      ).toBe(true);
    }
    expect(described.filter((_, index) => !LOOPBACK.has(listeners[index]?.address ?? ''))).toEqual([]);
  });
});
