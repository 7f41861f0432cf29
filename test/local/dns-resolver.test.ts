import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTxtResolver, resolverFromEnv, type TxtResolver } from '#adapters/dns-resolver.ts';
import { dkimMatches, dkimRecordValue, generateDkimKeyPair } from '#domains/dns-records.ts';
import { dnsControl } from '../support/dns-control.ts';
import { startTestDnsServer, type TestDnsServer } from '../support/dns-server.ts';

const TIMEOUT_MS = 500;

let server: TestDnsServer;
let resolver: TxtResolver;

beforeAll(async () => {
  server = await startTestDnsServer({ port: 0, controlPort: 0 });
  resolver = createTxtResolver({ servers: [server.address], timeoutMs: TIMEOUT_MS });
});

afterEach(() => server.clear());

afterAll(async () => {
  await server.close();
});

describe('TXT resolver against the test DNS server', () => {
  it('returns each record with its character-strings kept apart', async () => {
    server.setTxt('example.com', [['v=spf1 include:amazon', 'ses.com ~all'], ['google-site-verification=abc']]);
    const result = await resolver.resolveTxt('example.com');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.records).toHaveLength(2);
    expect(result.records).toContainEqual(['v=spf1 include:amazon', 'ses.com ~all']);
    expect(result.records).toContainEqual(['google-site-verification=abc']);
  });

  it('answers MX records (a custom MAIL FROM domain’s), and nodata for a name without them', async () => {
    server.setMx('bounce.example.com', [{ exchange: 'feedback-smtp.us-east-1.amazonses.com', priority: 10 }]);
    expect(await resolver.resolveMx('bounce.example.com')).toEqual({
      ok: true,
      records: [{ exchange: 'feedback-smtp.us-east-1.amazonses.com', priority: 10 }],
    });
    server.setTxt('txt-only.example.com', [['hello']]);
    expect(await resolver.resolveMx('txt-only.example.com')).toEqual({ ok: false, reason: 'nodata' });
    expect(await resolver.resolveMx('missing.example.com')).toEqual({ ok: false, reason: 'nxdomain' });
  });

  it('treats names case-insensitively and ignores a trailing dot', async () => {
    server.setTxt('Mixed.Example.COM.', [['hello']]);
    expect(await resolver.resolveTxt('mixed.example.com')).toEqual({ ok: true, records: [['hello']] });
    expect(await resolver.resolveTxt('MIXED.example.com.')).toEqual({ ok: true, records: [['hello']] });
  });

  it('serves a real 2048-bit DKIM record (split into 255-octet strings)', async () => {
    const { publicKeyBase64 } = await generateDkimKeyPair();
    const name = 'pb202611._domainkey.a-fairly-long-sending-domain-name.example.com';
    server.setTxt(name, [[dkimRecordValue(publicKeyBase64)]]);
    const result = await resolver.resolveTxt(name);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const [record] = result.records;
    expect(record?.length).toBeGreaterThan(1);
    expect(record?.every((part) => Buffer.byteLength(part) <= 255)).toBe(true);
    expect(dkimMatches(result.records, publicKeyBase64)).toBe(true);
  });

  it('answers past the UDP limit over TCP', async () => {
    const records = Array.from({ length: 8 }, (_, i) => [`record-${i}-${'x'.repeat(240)}`, 'y'.repeat(200)]);
    server.setTxt('big.example.com', records);
    const result = await resolver.resolveTxt('big.example.com');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.records).toHaveLength(8);
    expect(result.records).toContainEqual(records[7]);
  });

  it('reports an unknown name as nxdomain', async () => {
    expect(await resolver.resolveTxt('missing.example.com')).toEqual({ ok: false, reason: 'nxdomain' });
  });

  it('reports a name without TXT records as nodata', async () => {
    server.setTxt('empty.example.com', []);
    server.setTxt('pb202611._domainkey.example.org', [['v=DKIM1; p=abc']]);
    expect(await resolver.resolveTxt('empty.example.com')).toEqual({ ok: false, reason: 'nodata' });
    expect(await resolver.resolveTxt('_domainkey.example.org')).toEqual({ ok: false, reason: 'nodata' });
  });

  it('reports servfail', async () => {
    server.setBehaviour('broken.example.com', 'servfail');
    expect(await resolver.resolveTxt('broken.example.com')).toEqual({ ok: false, reason: 'servfail' });
  });

  it('reports a server that never answers as timeout, within the timeout plus 1 s', async () => {
    server.setBehaviour('slow.example.com', 'timeout');
    const started = Date.now();
    expect(await resolver.resolveTxt('slow.example.com')).toEqual({ ok: false, reason: 'timeout' });
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 1000);
  });

  it('never rejects, even for a name the resolver cannot send', async () => {
    const result = await resolver.resolveTxt(`${'a'.repeat(300)}.example.com`);
    expect(result.ok).toBe(false);
    const unreachable = createTxtResolver({ servers: ['127.0.0.1:1'], timeoutMs: TIMEOUT_MS });
    const other = await unreachable.resolveTxt('example.com');
    expect(other.ok).toBe(false);
  });

  it('keeps concurrent look-ups independent when one of them hangs', async () => {
    server.setBehaviour('slow.example.com', 'timeout');
    server.setTxt('fast.example.com', [['fast']]);
    const [slow, fast] = await Promise.all([
      resolver.resolveTxt('slow.example.com'),
      resolver.resolveTxt('fast.example.com'),
    ]);
    expect(slow).toEqual({ ok: false, reason: 'timeout' });
    expect(fast).toEqual({ ok: true, records: [['fast']] });
  });

  it('sees a changed record immediately (no cache)', async () => {
    server.setTxt('changing.example.com', [['one']]);
    expect(await resolver.resolveTxt('changing.example.com')).toEqual({ ok: true, records: [['one']] });
    server.setTxt('changing.example.com', [['two']]);
    expect(await resolver.resolveTxt('changing.example.com')).toEqual({ ok: true, records: [['two']] });
  });
});

describe('HTTP control API', () => {
  it('sets, replaces and deletes records, and sets behaviours', async () => {
    const control = dnsControl(server.controlUrl ?? '');
    await control.setTxt('Remote.Example.com', [['part1', 'part2'], ['other']]);
    const found = await resolver.resolveTxt('remote.example.com');
    expect(found.ok && [...found.records].sort()).toEqual([['other'], ['part1', 'part2']]);

    await control.remove('remote.example.com');
    expect(await resolver.resolveTxt('remote.example.com')).toEqual({ ok: false, reason: 'nxdomain' });

    await control.setBehaviour('remote.example.com', 'servfail');
    expect(await resolver.resolveTxt('remote.example.com')).toEqual({ ok: false, reason: 'servfail' });

    await control.setTxt('a.example.com', [['a']]);
    await control.clear();
    expect(await resolver.resolveTxt('a.example.com')).toEqual({ ok: false, reason: 'nxdomain' });
    expect(await resolver.resolveTxt('remote.example.com')).toEqual({ ok: false, reason: 'nxdomain' });
  });

  it('works with plain fetch and refuses malformed bodies', async () => {
    const url = server.controlUrl ?? '';
    const put = await fetch(`${url}/records/plain.example.com`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ txt: [['hello', 'world']] }),
    });
    expect(put.status).toBe(204);
    expect(await resolver.resolveTxt('plain.example.com')).toEqual({ ok: true, records: [['hello', 'world']] });

    const deleted = await fetch(`${url}/records/plain.example.com`, { method: 'DELETE' });
    expect(deleted.status).toBe(204);
    expect(await resolver.resolveTxt('plain.example.com')).toEqual({ ok: false, reason: 'nxdomain' });

    const badTxt = await fetch(`${url}/records/plain.example.com`, { method: 'PUT', body: '{"txt": ["flat"]}' });
    expect(badTxt.status).toBe(400);
    const badJson = await fetch(`${url}/records/plain.example.com`, { method: 'PUT', body: '{' });
    expect(badJson.status).toBe(400);
    const badBehaviour = await fetch(`${url}/behaviour/plain.example.com`, {
      method: 'PUT',
      body: '{"behaviour": "explode"}',
    });
    expect(badBehaviour.status).toBe(400);
    expect((await fetch(`${url}/nothing`)).status).toBe(404);
    await expect(dnsControl(url).setBehaviour('x.example.com', 'nope' as 'timeout')).rejects.toThrow(/400/);
  });
});

describe('resolverFromEnv', () => {
  it('uses DNS_SERVERS and DNS_TIMEOUT_MS', async () => {
    server.setTxt('env.example.com', [['from env']]);
    const fromEnv = resolverFromEnv({ DNS_SERVERS: ` ${server.address} `, DNS_TIMEOUT_MS: '400' });
    expect(await fromEnv.resolveTxt('env.example.com')).toEqual({ ok: true, records: [['from env']] });
  });

  it('reads process.env by default and falls back to the system resolver', () => {
    expect(() => resolverFromEnv()).not.toThrow();
    expect(() => resolverFromEnv({})).not.toThrow();
  });

  it('throws a clear message on a malformed timeout or server list', () => {
    for (const value of ['soon', '0', '-5', '1.5', '3000ms']) {
      expect(() => resolverFromEnv({ DNS_TIMEOUT_MS: value })).toThrow(/DNS_TIMEOUT_MS must be a positive integer/);
    }
    expect(() => resolverFromEnv({ DNS_SERVERS: 'not a server' })).toThrow(/DNS_SERVERS/);
  });
});
