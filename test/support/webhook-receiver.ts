/**
 * A webhook receiver on 127.0.0.1 for the tests: it records every request (headers, raw body) and
 * answers as programmed — a status per request in turn (then the last one), a Retry-After, or no
 * answer at all (to exceed the delivery timeout).
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
  receivedAt: number;
}

export interface ReceiverBehaviour {
  /** Statuses answered in turn; the last one repeats. Default [200]. */
  statuses?: number[];
  /** `Retry-After` on non-2xx answers. */
  retryAfter?: string;
  /** Never answer (the connection stays open until the receiver closes). */
  hang?: boolean;
  /** The body of each answer. */
  responseBody?: string;
  /** Answer this long after the request arrived. */
  delayMs?: number;
}

export async function startWebhookReceiver(behaviour: ReceiverBehaviour = {}) {
  const received: ReceivedWebhook[] = [];
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  let programme = behaviour;
  let inFlight = 0;
  let maxInFlight = 0;
  const server = createServer((request, response) => {
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    response.on('close', () => {
      inFlight -= 1;
    });
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const index = received.length;
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), receivedAt: Date.now() });
      for (const waiter of waiters.filter((w) => received.length >= w.count)) waiter.resolve();
      if (programme.hang) return;
      const statuses = programme.statuses ?? [200];
      const status = statuses[Math.min(index, statuses.length - 1)] ?? 200;
      const answer = () => {
        response.writeHead(status, {
          'content-type': 'text/plain',
          ...(status >= 300 && programme.retryAfter ? { 'retry-after': programme.retryAfter } : {}),
        });
        response.end(programme.responseBody ?? (status < 300 ? 'ok' : `status ${status}`));
      };
      if (programme.delayMs) setTimeout(answer, programme.delayMs);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    /** The most requests it was answering at once. */
    maxInFlight: () => maxInFlight,
    /** Changes what the next requests are answered. */
    program(next: ReceiverBehaviour) {
      programme = next;
    },
    /** Resolves once `count` requests have arrived (rejects after `timeoutMs`). */
    waitFor(count: number, timeoutMs = 20_000): Promise<ReceivedWebhook[]> {
      if (received.length >= count) return Promise.resolve(received);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`${received.length} of ${count} webhooks arrived in ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve(received);
          },
        });
      });
    },
    /** The parsed bodies received so far. */
    events: () =>
      received.map(
        (entry) => JSON.parse(entry.body) as { type: string; timestamp: string; data: Record<string, unknown> },
      ),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
