/**
 * The webhook HTTP client against servers on 127.0.0.1 only: what it sends, what it reads (1 KB kept,
 * 64 KB at most), redirects not followed, Retry-After, the deadline, error messages, and the SSRF
 * refusals, which happen before any connection (private targets are only ever refused, never tried).
 * Names resolve through the programmable test DNS server.
 */
import { createServer, type IncomingHttpHeaders, type RequestListener, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { refusedAddressReason } from '#adapters/webhook-address-rules.ts';
import { postWebhook, RESPONSE_EXCERPT_BYTES, type WebhookPostOptions } from '#adapters/webhook-http.ts';
import { startTestDnsServer, type TestDnsServer } from '../../support/dns-server.ts';

interface Received {
  method: string | undefined;
  url: string | undefined;
  headers: IncomingHttpHeaders;
  body: string;
}

const servers: Server[] = [];
let dns: TestDnsServer;

beforeAll(async () => {
  dns = await startTestDnsServer({ port: 0 });
});

afterEach(async () => {
  vi.useRealTimers();
  dns.clear();
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

afterAll(async () => {
  await dns.close();
});

/** A server on 127.0.0.1 that records every request (with its whole body) before `listener` answers. */
async function serve(listener: RequestListener = (_request, response) => response.writeHead(204).end()) {
  const requests: Received[] = [];
  const connections: Socket[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      requests.push({
        method: request.method,
        url: request.url,
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      listener(request, response);
    });
  });
  server.on('connection', (socket) => connections.push(socket));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { port, url: `http://127.0.0.1:${port}/hooks`, requests, connections };
}

/** A port nothing listens on (bound, then released). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const BODY = '{"type":"email.delivered","data":{"subject":"Grüße"}}';

const post = (url: string, fields: Partial<WebhookPostOptions> = {}) =>
  postWebhook({
    url,
    headers: { 'webhook-id': 'msg_1', 'webhook-timestamp': '1700000000', 'webhook-signature': 'v1,abc=' },
    body: BODY,
    timeoutMs: 2_000,
    allowPrivateTargets: true,
    ...fields,
  });

const waitFor = async (condition: () => boolean) => {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
};

describe('refusedAddressReason', () => {
  it.each([
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['100.127.255.254', 'carrier-grade NAT'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['169.254.169.254', 'metadata'],
    ['169.254.10.10', 'link-local'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.0.0.8', 'reserved'],
    ['192.0.2.1', 'reserved'],
    ['192.168.1.1', 'private'],
    ['198.18.0.1', 'reserved'],
    ['198.19.255.255', 'reserved'],
    ['198.51.100.7', 'reserved'],
    ['203.0.113.9', 'reserved'],
    ['224.0.0.251', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['fc00::1', 'unique local'],
    ['fd12::1', 'unique local'],
    ['fd00:ec2::254', 'metadata'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf::1', 'link-local'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'reserved'],
    ['::127.0.0.1', 'reserved'],
    ['64:ff9b:1::a00:1', 'reserved'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['[::ffff:169.254.169.254]', 'metadata'],
    ['0:0:0:0:0:ffff:a00:1', 'private'],
    ['::FFFF:C0A8:0101', 'private'],
    ['64:ff9b::a00:1', 'private'],
    ['64:ff9b::127.0.0.1', 'loopback'],
    ['64:ff9b::a9fe:a9fe', 'metadata'],
    ['example.com', 'not an IP address'],
  ])('refuses %s (%s)', (address, category) => {
    expect(refusedAddressReason(address)).toBe(category);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '100.128.0.1',
    '172.32.0.1',
    '192.169.0.1',
    '223.255.255.255',
    '2606:4700::1',
    '[2606:4700::1111]',
    '2a00:1450:4001:80b::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
  ])('allows %s', (address) => {
    expect(refusedAddressReason(address)).toBeUndefined();
  });
});

describe('postWebhook to a local server', () => {
  it('posts the exact body with its headers and keeps the first 1 KB of the answer', async () => {
    const server = await serve((_request, response) => response.writeHead(200).end('x'.repeat(5_000)));
    const result = await post(server.url);
    expect(result).toMatchObject({ status_code: 200, error: null, retry_after_seconds: null });
    expect(result.response_body).toBe('x'.repeat(RESPONSE_EXCERPT_BYTES));
    expect(Number.isInteger(result.duration_ms)).toBe(true);
    expect(result.duration_ms).toBeGreaterThanOrEqual(0);
    expect(server.requests).toHaveLength(1);
    const [received] = server.requests;
    expect(received).toMatchObject({ method: 'POST', url: '/hooks', body: BODY });
    expect(received?.headers).toMatchObject({
      'content-type': 'application/json',
      'user-agent': 'Postbox-Webhooks/1.0',
      'content-length': String(Buffer.byteLength(BODY)),
      'webhook-id': 'msg_1',
      'webhook-timestamp': '1700000000',
      'webhook-signature': 'v1,abc=',
    });
  });

  it('answers a 500 as a status, not an error', async () => {
    const server = await serve((_request, response) => response.writeHead(500).end('boom'));
    expect(await post(server.url)).toMatchObject({ status_code: 500, error: null, response_body: 'boom' });
  });

  it('reports an empty body as null', async () => {
    const server = await serve();
    expect(await post(server.url)).toMatchObject({ status_code: 204, error: null, response_body: null });
  });

  it('cuts the excerpt at a character boundary', async () => {
    // 'x' then 2-byte characters: byte 1024 falls inside a character, which is dropped whole.
    const server = await serve((_request, response) => response.writeHead(200).end(`x${'é'.repeat(600)}`));
    const result = await post(server.url);
    expect(result.response_body).toBe(`x${'é'.repeat(511)}`);
    expect(Buffer.byteLength(result.response_body ?? '')).toBe(1023);
  });

  it('does not follow a redirect', async () => {
    const target = await serve();
    const redirect = await serve((_request, response) => response.writeHead(301, { location: target.url }).end());
    expect(await post(redirect.url)).toMatchObject({ status_code: 301, error: null });
    expect(redirect.requests).toHaveLength(1);
    expect(target.requests).toHaveLength(0);
  });

  it('reads Retry-After as delta-seconds or an HTTP date', async () => {
    let retryAfter = '7';
    const server = await serve((_request, response) => response.writeHead(503, { 'retry-after': retryAfter }).end());
    expect(await post(server.url)).toMatchObject({ status_code: 503, error: null, retry_after_seconds: 7 });

    retryAfter = new Date(Date.now() + 120_000).toUTCString();
    const dated = (await post(server.url)).retry_after_seconds;
    expect(dated).toBeGreaterThanOrEqual(118);
    expect(dated).toBeLessThanOrEqual(121);

    retryAfter = new Date(Date.now() - 60_000).toUTCString();
    expect((await post(server.url)).retry_after_seconds).toBe(0);
    for (const invalid of ['7.5', '-3', 'soon', '']) {
      retryAfter = invalid;
      expect((await post(server.url)).retry_after_seconds).toBeNull();
    }
  });

  it('returns after the first 64 KB of a 1 MB answer, and of an endless one', async () => {
    const large = await serve((_request, response) => response.writeHead(200).end('z'.repeat(1024 * 1024)));
    const read = await post(large.url);
    expect(read).toMatchObject({ status_code: 200, error: null });
    expect(read.response_body).toHaveLength(RESPONSE_EXCERPT_BYTES);

    const endless = await serve((_request, response) => {
      response.writeHead(200);
      const timer = setInterval(() => response.write('y'.repeat(16_384)), 1);
      response.on('close', () => clearInterval(timer));
    });
    const started = performance.now();
    const result = await post(endless.url, { timeoutMs: 5_000 });
    expect(result).toMatchObject({ status_code: 200, error: null, response_body: 'y'.repeat(RESPONSE_EXCERPT_BYTES) });
    expect(performance.now() - started).toBeLessThan(2_000);
    // The client hung up: the server's socket closes.
    await waitFor(() => endless.connections.every((socket) => socket.destroyed));
  });

  it('gives up on a silent server at the deadline', async () => {
    const silent = await serve(() => {});
    const started = performance.now();
    const result = await post(silent.url, { timeoutMs: 300 });
    expect(result).toEqual({
      status_code: null,
      duration_ms: expect.any(Number),
      response_body: null,
      error: 'timed out after 0.3 s',
      retry_after_seconds: null,
    });
    expect(result.duration_ms).toBeGreaterThanOrEqual(290);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(silent.requests).toHaveLength(1);
  });

  it('keeps the status when the deadline passes while reading the body', async () => {
    const stalled = await serve((_request, response) => {
      response.writeHead(200);
      response.write('partial');
    });
    const started = performance.now();
    const result = await post(stalled.url, { timeoutMs: 300 });
    expect(result).toMatchObject({
      status_code: 200,
      response_body: 'partial',
      error: 'timed out reading the response',
    });
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('writes whole seconds without a decimal ("timed out after 10 s")', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    dns.setBehaviour('never.test', 'timeout');
    const pending = post('http://never.test/hooks', { timeoutMs: 10_000, dnsServers: [dns.address] });
    vi.advanceTimersByTime(10_000);
    expect((await pending).error).toBe('timed out after 10 s');
  });

  it('reports a closed port as "connection refused"', async () => {
    const port = await closedPort();
    expect(await post(`http://127.0.0.1:${port}/hooks`)).toMatchObject({
      status_code: null,
      response_body: null,
      error: 'connection refused',
    });
  });

  it('reports a TLS failure by its code', async () => {
    // TLS to a plain HTTP server: the handshake fails.
    const server = await serve();
    const result = await post(`https://127.0.0.1:${server.port}/hooks`);
    expect(result.status_code).toBeNull();
    expect(result.error).toBe('TLS error: EPROTO');
  });

  it('reports an invalid URL or scheme without trying', async () => {
    expect((await post('not a url')).error).toBe('invalid URL');
    expect((await post('ftp://127.0.0.1/hooks')).error).toBe('unsupported URL scheme');
  });
});

describe('postWebhook with private targets refused', () => {
  it('refuses a loopback literal before connecting', async () => {
    const server = await serve();
    const refused = await post(server.url, { allowPrivateTargets: false });
    expect(refused).toMatchObject({ status_code: null, response_body: null, retry_after_seconds: null });
    expect(refused.error).toMatch(/^refused: .*\(loopback\)$/);
    expect(server.requests).toHaveLength(0);
    expect(server.connections).toHaveLength(0);
  });

  it.each([
    ['http://[::1]:8080/hooks', 'loopback'],
    ['http://[::ffff:127.0.0.1]:8080/hooks', 'loopback'],
    ['http://[64:ff9b::a00:1]/hooks', 'private'],
    ['http://2130706433:8080/hooks', 'loopback'],
    ['http://0x7f.1:8080/hooks', 'loopback'],
    ['https://10.0.0.1/hooks', 'private'],
    ['http://169.254.169.254/latest', 'metadata'],
    ['http://[fd00:ec2::254]/latest', 'metadata'],
    ['http://0.0.0.0:8080/hooks', 'unspecified'],
  ])('refuses %s (%s) at once', async (url, category) => {
    const started = performance.now();
    const result = await post(url, { allowPrivateTargets: false });
    expect(result.status_code).toBeNull();
    expect(result.error).toBe(`refused: the address is private or reserved (${category})`);
    expect(performance.now() - started).toBeLessThan(100);
  });

  it('refuses a name that resolves to a private address, before connecting', async () => {
    const server = await serve();
    dns.setA('evil.test', ['127.0.0.1']);
    const result = await post(`http://evil.test:${server.port}/hooks`, {
      allowPrivateTargets: false,
      dnsServers: [dns.address],
    });
    expect(result).toMatchObject({
      status_code: null,
      error: 'refused: the host resolves to a private or reserved address (loopback)',
    });
    expect(server.connections).toHaveLength(0);
  });

  it('refuses a name when any one of its addresses is private', async () => {
    dns.setA('mixed.test', ['8.8.8.8']);
    dns.setAaaa('mixed.test', ['fd00:ec2::254']);
    const result = await post('http://mixed.test/hooks', { allowPrivateTargets: false, dnsServers: [dns.address] });
    expect(result).toMatchObject({
      status_code: null,
      error: 'refused: the host resolves to a private or reserved address (metadata)',
    });
  });

  it('reports a name without addresses as "host not found"', async () => {
    const result = await post('http://missing.test/hooks', { allowPrivateTargets: false, dnsServers: [dns.address] });
    expect(result).toMatchObject({ status_code: null, error: 'host not found' });
  });

  it('bounds a DNS server that never answers by the deadline', async () => {
    dns.setBehaviour('slow.test', 'timeout');
    const started = performance.now();
    const result = await post('http://slow.test/hooks', { timeoutMs: 300, dnsServers: [dns.address] });
    expect(result).toMatchObject({ status_code: null, error: 'timed out after 0.3 s' });
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});

describe('postWebhook to a name with private targets allowed', () => {
  it('resolves with the system resolver when no DNS servers are given', async () => {
    const server = await serve();
    const refused = await post(`http://localhost:${server.port}/hooks`, { allowPrivateTargets: false });
    expect(refused.error).toBe('refused: the host resolves to a private or reserved address (loopback)');
    expect(server.connections).toHaveLength(0);
    // Allowed: whichever of localhost's addresses listens (127.0.0.1 here) is reached.
    expect(await post(`http://localhost:${server.port}/hooks`)).toMatchObject({ status_code: 204, error: null });
    expect(server.requests[0]?.headers.host).toBe(`localhost:${server.port}`);
  });

  it('connects to the address resolved once, with the name as the Host', async () => {
    const server = await serve((_request, response) => response.writeHead(200).end('ok'));
    dns.setA('evil.test', ['127.0.0.1']);
    dns.setAaaa('evil.test', []);
    const result = await post(`http://evil.test:${server.port}/hooks`, { dnsServers: [dns.address] });
    expect(result).toMatchObject({ status_code: 200, error: null, response_body: 'ok' });
    expect(server.requests[0]?.headers.host).toBe(`evil.test:${server.port}`);
    // Resolved once (A and AAAA); the connection used the checked address, not a second look-up.
    const queries = dns.queryLog().filter((query) => query.name.toLowerCase() === 'evil.test');
    expect(queries.map((query) => query.type).sort()).toEqual(['A', 'AAAA']);
  });
});
