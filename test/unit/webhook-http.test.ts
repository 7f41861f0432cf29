/**
 * The webhook HTTP client against servers on 127.0.0.1: what it sends, what it reads (1 KB kept, 64 KB
 * at most), redirects not followed, Retry-After, the deadline, and refusals before any connection.
 */
import { createServer, type IncomingHttpHeaders, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { postWebhook } from '#adapters/webhook-http.ts';

const servers: Array<ReturnType<typeof createServer>> = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function serve(listener: RequestListener) {
  const requests: Array<{ headers: IncomingHttpHeaders; body: string }> = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      requests.push({ headers: request.headers, body: Buffer.concat(chunks).toString() });
      listener(request, response);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, requests };
}

const post = (url: string, fields: Partial<Parameters<typeof postWebhook>[0]> = {}) =>
  postWebhook({
    url,
    headers: { 'webhook-id': 'msg_1' },
    body: '{"a":1}',
    timeoutMs: 2_000,
    allowPrivateTargets: true,
    ...fields,
  });

describe('postWebhook', () => {
  it('posts the body and headers and keeps the first 1 KB of the answer', async () => {
    const server = await serve((_request, response) => response.writeHead(200).end('x'.repeat(5_000)));
    const result = await post(server.url);
    expect(result).toMatchObject({ status_code: 200, error: null, retry_after_seconds: null });
    expect(result.response_body).toHaveLength(1024);
    expect(server.requests[0]?.body).toBe('{"a":1}');
    expect(server.requests[0]?.headers).toMatchObject({
      'content-type': 'application/json',
      'user-agent': 'Postbox-Webhooks/1.0',
      'webhook-id': 'msg_1',
    });
  });

  it('answers a 500 as a status, not an error, and reads Retry-After in both forms', async () => {
    const seconds = await serve((_request, response) => response.writeHead(503, { 'retry-after': '7' }).end());
    expect(await post(seconds.url)).toMatchObject({ status_code: 503, error: null, retry_after_seconds: 7 });
    const date = new Date(Date.now() + 120_000).toUTCString();
    const dated = await serve((_request, response) => response.writeHead(429, { 'retry-after': date }).end());
    const result = await post(dated.url);
    expect(result.retry_after_seconds).toBeGreaterThanOrEqual(115);
    expect(result.retry_after_seconds).toBeLessThanOrEqual(121);
  });

  it('does not follow a redirect', async () => {
    const target = await serve((_request, response) => response.writeHead(200).end());
    const redirect = await serve((_request, response) => response.writeHead(301, { location: target.url }).end());
    expect((await post(redirect.url)).status_code).toBe(301);
    expect(target.requests).toHaveLength(0);
  });

  it('stops reading an endless answer and gives up on a silent one at the deadline', async () => {
    const endless = await serve((_request, response) => {
      response.writeHead(200);
      const timer = setInterval(() => response.write('y'.repeat(16_384)), 1);
      response.on('close', () => clearInterval(timer));
    });
    const read = await post(endless.url);
    expect(read).toMatchObject({ status_code: 200, error: null });
    expect(read.duration_ms).toBeLessThan(1_500);
    const silent = await serve(() => {});
    const started = Date.now();
    const result = await post(silent.url, { timeoutMs: 300 });
    expect(result).toMatchObject({ status_code: null, error: 'timed out after 0.3 s' });
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('reports a closed port as refused, and refuses private targets before connecting', async () => {
    expect((await post('http://127.0.0.1:9/hooks')).error).toBe('connection refused');
    const local = await serve((_request, response) => response.writeHead(200).end());
    const refused = await post(local.url, { allowPrivateTargets: false });
    expect(refused).toMatchObject({ status_code: null });
    expect(refused.error).toMatch(/^refused: .*loopback/);
    expect(local.requests).toHaveLength(0);
    // Never connected to: refused on the address alone.
    expect((await post('http://10.0.0.1/hooks', { allowPrivateTargets: false })).error).toMatch(/^refused: .*private/);
    expect((await post('http://169.254.169.254/latest', { allowPrivateTargets: false })).error).toMatch(/metadata/);
  });
});
