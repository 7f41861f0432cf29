/**
 * A webhook endpoint for a test run: an HTTP server on a free loopback port, registered through the
 * API and deleted again by `close()`, that records the deliveries whose signature verifies (with the
 * SDK's own verifyWebhook). Node only, so it lives outside the main entry; a deployed Postbox cannot
 * reach a loopback port. See sdk/README.md, "Testing your application".
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Postbox } from '../client.js';
import { PostboxError, WaitForTimeoutError } from '../errors.js';
import type { WebhookEventType } from '../types.js';
import { verifyWebhook, type WebhookEvent, type WebhookEventOf } from '../webhook-verification.js';

export interface WebhookReceiverOptions {
  /** The event types to subscribe to (default: every type). */
  events?: WebhookEventType[];
  /** The endpoint's description (default `@postbox/sdk/testing webhookReceiver`). */
  description?: string;
}

export interface WebhookReceiver {
  /** Where Postbox posts: `http://127.0.0.1:<port>/postbox-webhooks`. */
  readonly url: string;
  /** The endpoint's id (`postbox.webhooks.get(id)`, its delivery log). */
  readonly webhookId: string;
  /** The events received so far, parsed, in arrival order, each delivery once (by `webhook-id`). */
  readonly events: readonly WebhookEvent[];
  /** Deliveries refused with 401 (bad or missing signature, stale timestamp): not in `events`. */
  readonly rejected: number;
  /**
   * The first event of `type` (for which `predicate` holds) already received or arriving within
   * `timeoutMs` (default 10,000); otherwise a WaitForTimeoutError naming the event types received.
   * The predicate and the answer are typed as that type's event (its `data`).
   */
  waitFor<T extends WebhookEventType>(
    type: T,
    predicate?: (event: WebhookEventOf<T>) => boolean,
    options?: { timeoutMs?: number },
  ): Promise<WebhookEventOf<T>>;
  /** Deletes the endpoint through the API and closes the server (idempotent). */
  close(): Promise<void>;
}

const PATH = '/postbox-webhooks';
const MAX_BODY_BYTES = 1024 * 1024;

interface Waiter {
  matches: (event: WebhookEvent) => boolean;
  resolve: (event: WebhookEvent) => void;
  reject: (error: unknown) => void;
}

/** The body of a request, up to `MAX_BODY_BYTES` (undefined beyond). */
async function readBody(request: IncomingMessage): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** "email.sent ×2, email.delivered ×1": the types of `events`, in order of first arrival. */
function typeCounts(events: readonly WebhookEvent[]): string {
  const counts = new Map<string, number>();
  for (const event of events) counts.set(event.type, (counts.get(event.type) ?? 0) + 1);
  return [...counts].map(([type, n]) => `${type} ×${n}`).join(', ');
}

/**
 * Starts a receiver on 127.0.0.1 (a free port) and registers it as a webhook endpoint of `postbox`'s
 * organization (for `options.events`, or every type). Valid deliveries are answered 204, invalid
 * ones 401. Call `close()` when done: it removes the endpoint (an organization has at most 20).
 */
export async function webhookReceiver(
  postbox: Postbox,
  options: WebhookReceiverOptions = {},
): Promise<WebhookReceiver> {
  const events: WebhookEvent[] = [];
  const seen = new Set<string>();
  const waiters = new Set<Waiter>();
  let rejected = 0;
  // A delivery may arrive before the answer that carries the secret has been read.
  let setSecret: (secret: string) => void = () => undefined;
  const secret = new Promise<string>((resolve) => {
    setSecret = resolve;
  });

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    if (request.method !== 'POST') {
      response.writeHead(405, { allow: 'POST' }).end();
      return;
    }
    const body = await readBody(request);
    if (body === undefined) {
      response.writeHead(413).end();
      return;
    }
    let event: WebhookEvent;
    try {
      event = await verifyWebhook(body, request.headers, await secret);
    } catch {
      rejected += 1;
      response.writeHead(401, { 'content-type': 'text/plain' }).end('signature does not verify');
      return;
    }
    const id = String(request.headers['webhook-id']);
    if (!seen.has(id)) {
      seen.add(id);
      events.push(event);
      for (const waiter of waiters) {
        if (waiter.matches(event)) waiter.resolve(event);
      }
    }
    response.writeHead(204).end();
  };

  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const closeServer = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${PATH}`;

  let endpoint: Awaited<ReturnType<Postbox['webhooks']['create']>>;
  try {
    endpoint = await postbox.webhooks.create({
      url,
      ...(options.events ? { events: options.events } : {}),
      description: options.description ?? '@postbox/sdk/testing webhookReceiver',
    });
  } catch (error) {
    await closeServer();
    throw error;
  }
  setSecret(endpoint.secret);

  let closing: Promise<void> | undefined;
  const subscribed = options.events && options.events.length > 0 ? options.events : undefined;

  return {
    url,
    webhookId: endpoint.id,
    get events() {
      return events;
    },
    get rejected() {
      return rejected;
    },

    waitFor(type, predicate, { timeoutMs = 10_000 } = {}) {
      if (closing) return Promise.reject(new Error(`The webhook receiver at ${url} is closed`));
      if (subscribed && !subscribed.includes(type)) {
        return Promise.reject(
          new TypeError(`The webhook receiver is subscribed to ${subscribed.join(', ')} only, not ${type}`),
        );
      }
      type Wanted = WebhookEventOf<typeof type>;
      const isWanted = (event: WebhookEvent): event is Wanted => event.type === type;
      const matches = (event: WebhookEvent) => isWanted(event) && (predicate === undefined || predicate(event));
      try {
        const found = events.find(matches);
        if (found) return Promise.resolve(found as Wanted);
      } catch (error) {
        return Promise.reject(error);
      }
      return new Promise<Wanted>((resolve, reject) => {
        const settle = (then: () => void) => {
          clearTimeout(timer);
          waiters.delete(waiter);
          then();
        };
        const waiter: Waiter = {
          matches: (event) => {
            try {
              return matches(event);
            } catch (error) {
              settle(() => reject(error));
              return false;
            }
          },
          resolve: (event) => settle(() => resolve(event as Wanted)),
          reject: (error) => settle(() => reject(error)),
        };
        const timer = setTimeout(() => {
          const wanted = `an event of type ${type}${predicate ? ' matching the predicate' : ''}`;
          const ofType = events.filter((event) => event.type === type).length;
          const arrived =
            events.length === 0
              ? 'No event arrived'
              : `Received: ${typeCounts(events)}${ofType > 0 ? ` (no ${type} matched the predicate)` : ''}`;
          const refused = rejected > 0 ? `; ${rejected} deliveries refused with 401 (signature did not verify)` : '';
          waiter.reject(
            new WaitForTimeoutError(
              `Timed out after ${timeoutMs} ms waiting for ${wanted} at ${url}. ${arrived}${refused}.`,
              {
                timeoutMs,
                received: [...events],
              },
            ),
          );
        }, timeoutMs);
        waiters.add(waiter);
      });
    },

    close() {
      closing ??= (async () => {
        for (const waiter of waiters) waiter.reject(new Error(`The webhook receiver at ${url} was closed`));
        let failure: unknown;
        try {
          await postbox.webhooks.delete(endpoint.id);
        } catch (error) {
          if (!(error instanceof PostboxError && error.status === 404)) failure = error;
        }
        await closeServer();
        if (failure !== undefined) throw failure;
      })();
      return closing;
    },
  };
}
