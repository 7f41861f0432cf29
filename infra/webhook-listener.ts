/**
 * A tiny webhook receiver for local development (`npm run admin -- webhook-listen`): it listens on
 * 127.0.0.1, verifies each delivery's signature with the endpoint's secret (the `standardwebhooks`
 * package, as a customer's receiver would) and prints one line per event.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface WebhookListener {
  url: string;
  close(): Promise<void>;
}

/** One printed line: `✓ <type> <webhook-id> <the event's ids>` (✗ and the reason when it does not verify). */
function describe(body: string): string {
  try {
    const event = JSON.parse(body) as { type?: string; data?: Record<string, unknown> };
    const data = event.data ?? {};
    const fields = ['email_id', 'recipient', 'email', 'name', 'smtp_code']
      .filter((field) => data[field] !== undefined && data[field] !== null)
      .map((field) => `${field}=${String(data[field])}`);
    return [event.type ?? '(no type)', ...fields].join(' ');
  } catch {
    return '(not JSON)';
  }
}

export async function startWebhookListener(options: {
  port: number;
  /** The secret to verify with, read at each delivery (an endpoint added after listening sets it). */
  secret: () => string;
  print: (line: string) => void;
}): Promise<WebhookListener> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const id = String(request.headers['webhook-id'] ?? '(no webhook-id)');
      try {
        new Webhook(options.secret()).verify(body, request.headers as Record<string, string>);
      } catch (error) {
        options.print(`✗ ${id} signature not verified: ${error instanceof Error ? error.message : String(error)}`);
        response.writeHead(400).end('signature not verified');
        return;
      }
      options.print(`✓ ${describe(body)} webhook-id=${id}`);
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
