/**
 * A TCP relay for clients that cannot choose their source address (Chromium): it listens on
 * 127.0.0.1 and opens each connection to the target from a loopback address of its own, so the
 * local stack counts the client's per-IP windows (sign-in posts, unknown paths such as
 * /favicon.ico) apart from every other test's, instead of in 127.0.0.1's.
 */
import { connect, createServer, type Socket } from 'node:net';
import { fileSourceIp } from './http.ts';

export interface LoopbackRelay {
  /** The relay's own base URL (http://127.0.0.1:<port>): use it instead of the target's. */
  url: string;
  /** The address the target sees the relayed connections come from. */
  sourceIp: string;
  close(): Promise<void>;
}

export async function startLoopbackRelay(target: string, sourceIp: string = fileSourceIp): Promise<LoopbackRelay> {
  const { hostname, port } = new URL(target);
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  };
  const server = createServer((client) => {
    const upstream = connect({ host: hostname, port: Number(port), localAddress: sourceIp });
    track(client);
    track(upstream);
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the relay has no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    sourceIp,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
