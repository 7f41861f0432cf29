import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { editDistance, isDisposableDomain, suggestDomain } from '#validation/address-heuristics.ts';
import {
  type AddressValidator,
  createAddressValidator,
  type FindSuppressed,
} from '#validation/address-validation.service.ts';
import {
  type CountingMailDnsResolver,
  createMailDnsResolver,
  mailDnsResolverFromEnv,
} from '#validation/mail-dns.store.ts';
import { startTestDnsServer, type TestDnsServer } from '../support/dns-server.ts';

const TIMEOUT_MS = 400;
const ORG = 'org_test';

let server: TestDnsServer;
let dns: CountingMailDnsResolver;
let suppressedCalls: { organizationId: string; addresses: string[] }[];
let suppressedSet: Set<string>;
let validator: AddressValidator;

const fakeFindSuppressed: FindSuppressed = async (organizationId, addresses) => {
  suppressedCalls.push({ organizationId, addresses: [...addresses] });
  return addresses.filter((address) => suppressedSet.has(address));
};

function mx(domain: string): void {
  server.setMx(domain, [
    { exchange: `mx1.${domain}`, priority: 10 },
    { exchange: `mx2.${domain}`, priority: 20 },
  ]);
}

function serverQueries(type: string): number {
  return server.queryLog().filter((query) => query.type === type).length;
}

beforeAll(async () => {
  server = await startTestDnsServer({ port: 0 });
});

beforeEach(() => {
  dns = createMailDnsResolver({ servers: [server.address], timeoutMs: TIMEOUT_MS });
  suppressedCalls = [];
  suppressedSet = new Set();
  validator = createAddressValidator({ dns, findSuppressed: fakeFindSuppressed });
});

afterEach(() => server.clear());

afterAll(async () => {
  await server.close();
});

describe('domain and MX checks', () => {
  it('a domain with MX records is deliverable with score 1', async () => {
    mx('acme-mail.test');
    const result = await validator.validate('Jane.Doe@Acme-Mail.test', ORG);
    expect(result).toEqual({
      email: 'Jane.Doe@Acme-Mail.test',
      verdict: 'deliverable',
      score: 1,
      reason: [],
      did_you_mean: null,
      checks: { syntax: 'pass', mx: 'pass', disposable: 'pass', role: 'pass', suppressed: 'pass' },
    });
    expect(dns.queryCounts()).toEqual({ mx: 1, a: 0, aaaa: 0, total: 1 });
  });

  it('a domain with only an A record receives mail through its implicit MX (score 0.95)', async () => {
    server.setA('only-a.test', ['192.0.2.10']);
    const result = await validator.validate('jane@only-a.test', ORG);
    expect(result.verdict).toBe('deliverable');
    expect(result.score).toBe(0.95);
    expect(result.checks.mx).toBe('pass');
    expect(serverQueries('MX')).toBe(1);
    expect(serverQueries('A')).toBe(1);
  });

  it('a domain with only an AAAA record is deliverable too', async () => {
    server.setAaaa('only-aaaa.test', ['2001:db8::25']);
    const result = await validator.validate('jane@only-aaaa.test', ORG);
    expect(result.verdict).toBe('deliverable');
    expect(result.score).toBe(0.95);
  });

  it('NXDOMAIN is undeliverable with domain_not_found, and costs no A/AAAA query', async () => {
    const result = await validator.validate('jane@does-not-exist.test', ORG);
    expect(result.verdict).toBe('undeliverable');
    expect(result.score).toBe(0);
    expect(result.reason).toEqual(['domain_not_found']);
    expect(result.checks.mx).toBe('fail');
    expect(dns.queryCounts()).toEqual({ mx: 1, a: 0, aaaa: 0, total: 1 });
  });

  it('a name without MX and without A/AAAA is no_mx_record', async () => {
    server.setTxt('txt-only.test', [['v=spf1 -all']]);
    const result = await validator.validate('jane@txt-only.test', ORG);
    expect(result.verdict).toBe('undeliverable');
    expect(result.reason).toEqual(['no_mx_record']);
    expect(dns.queryCounts()).toEqual({ mx: 1, a: 1, aaaa: 1, total: 3 });
  });

  it('a null MX (RFC 7505) is no_mx_record, even with an A record', async () => {
    server.setMx('null-mx.test', [{ exchange: '.', priority: 0 }]);
    server.setA('null-mx.test', ['192.0.2.1']);
    const result = await validator.validate('jane@null-mx.test', ORG);
    expect(result.verdict).toBe('undeliverable');
    expect(result.reason).toEqual(['no_mx_record']);
    expect(result.checks.mx).toBe('fail');
  });

  it('SERVFAIL is risky with dns_error, never a throw', async () => {
    server.setBehaviour('broken.test', 'servfail');
    const result = await validator.validate('jane@broken.test', ORG);
    expect(result.verdict).toBe('risky');
    expect(result.reason).toEqual(['dns_error']);
    expect(result.score).toBe(0.5);
    expect(result.checks.mx).toBe('unknown');
  });

  it('a server that never answers is risky with dns_timeout, within the timeout plus 1 s', async () => {
    server.setBehaviour('slow.test', 'timeout');
    const started = Date.now();
    const result = await validator.validate('jane@slow.test', ORG);
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 1000);
    expect(result.verdict).toBe('risky');
    expect(result.reason).toEqual(['dns_timeout']);
  });

  it('an unreachable resolver is risky, never a throw', async () => {
    const unreachable = createAddressValidator({
      dns: createMailDnsResolver({ servers: ['127.0.0.1:1'], timeoutMs: TIMEOUT_MS }),
      findSuppressed: fakeFindSuppressed,
    });
    const result = await unreachable.validate('jane@example.test', ORG);
    expect(result.verdict).toBe('risky');
    expect(result.reason.some((code) => code === 'dns_error' || code === 'dns_timeout')).toBe(true);
  });

  it('caches outcomes per domain for the TTL, but retries DNS failures', async () => {
    let clock = 1_000_000;
    const cached = createAddressValidator({
      dns,
      findSuppressed: fakeFindSuppressed,
      cacheTtlMs: 60_000,
      now: () => clock,
    });
    mx('cached.test');
    await cached.validate('a@cached.test', ORG);
    await cached.validate('b@cached.test', ORG);
    expect(dns.queryCounts().mx).toBe(1);
    clock += 60_001;
    await cached.validate('c@cached.test', ORG);
    expect(dns.queryCounts().mx).toBe(2);

    server.setBehaviour('flaky.test', 'servfail');
    expect((await cached.validate('a@flaky.test', ORG)).reason).toEqual(['dns_error']);
    server.remove('flaky.test');
    mx('flaky.test');
    expect((await cached.validate('a@flaky.test', ORG)).verdict).toBe('deliverable');
  });

  it('concurrent look-ups of one domain share one query', async () => {
    mx('shared.test');
    await Promise.all([validator.validate('a@shared.test', ORG), validator.validate('b@shared.test', ORG)]);
    expect(serverQueries('MX')).toBe(1);
  });
});

describe('disposable, role, typo, suppressed', () => {
  it('a disposable domain and its subdomains are risky', async () => {
    mx('mailinator.com');
    mx('inbox.mailinator.com');
    for (const email of ['x@mailinator.com', 'x@inbox.mailinator.com']) {
      const result = await validator.validate(email, ORG);
      expect(result.verdict).toBe('risky');
      expect(result.reason).toEqual(['disposable_domain']);
      expect(result.score).toBe(0.3);
      expect(result.checks.disposable).toBe('fail');
    }
    expect(isDisposableDomain('gmail.com')).toBe(false);
    expect(isDisposableDomain('com')).toBe(false);
  });

  it('role addresses are risky, with or without a +tag', async () => {
    mx('acme.test');
    for (const local of ['admin', 'Info', 'noreply', 'no-reply', 'support+eu', 'postmaster']) {
      const result = await validator.validate(`${local}@acme.test`, ORG);
      expect(result.verdict, local).toBe('risky');
      expect(result.reason).toEqual(['role_address']);
      expect(result.score).toBe(0.6);
      expect(result.checks.role).toBe('fail');
    }
    expect((await validator.validate('adminton@acme.test', ORG)).verdict).toBe('deliverable');
  });

  it('suggests the provider for a likely typo', async () => {
    mx('gamil.com');
    const result = await validator.validate('Jane@gamil.com', ORG);
    expect(result.verdict).toBe('risky');
    expect(result.reason).toEqual(['possible_typo']);
    expect(result.score).toBe(0.4);
    expect(result.did_you_mean).toBe('jane@gmail.com');

    // gmial.com and hotmial.com are typo-squatting domains that are on the disposable list too.
    mx('gmial.com');
    const squatted = await validator.validate('jane@gmial.com', ORG);
    expect(squatted.reason).toEqual(['disposable_domain', 'possible_typo']);
    expect(squatted.score).toBe(0.3);
    expect(squatted.did_you_mean).toBe('jane@gmail.com');

    const cases: Record<string, string> = {
      'gmial.com': 'gmail.com',
      'hotmial.com': 'hotmail.com',
      'yaho.com': 'yahoo.com',
      'gmail.co': 'gmail.com',
      'gmail.con': 'gmail.com',
      'outlok.com': 'outlook.com',
      'gamil.com': 'gmail.com',
      'icloud.co': 'icloud.com',
    };
    for (const [typed, meant] of Object.entries(cases)) expect(suggestDomain(typed), typed).toBe(meant);
    for (const fine of ['gmail.com', 'yahoo.co.uk', 'hotmail.de', 'email.com', 'aon.com', 'acme.test', 'yahoo.ca']) {
      expect(suggestDomain(fine), fine).toBeNull();
    }
  });

  it('a typo of a domain that does not exist is undeliverable and still suggests', async () => {
    const result = await validator.validate('jane@hotmil.com', ORG);
    expect(result.verdict).toBe('undeliverable');
    expect(result.reason).toEqual(['domain_not_found', 'possible_typo']);
    expect(result.did_you_mean).toBe('jane@hotmail.com');
  });

  it('a suppressed address is undeliverable (normalised address handed to the lookup)', async () => {
    mx('acme.test');
    suppressedSet.add('bounced@acme.test');
    const result = await validator.validate(' Bounced@ACME.test ', ORG);
    expect(result.verdict).toBe('undeliverable');
    expect(result.reason).toEqual(['suppressed']);
    expect(result.checks.suppressed).toBe('fail');
    expect(suppressedCalls).toEqual([{ organizationId: ORG, addresses: ['bounced@acme.test'] }]);
  });

  it('a failing suppression lookup rejects', async () => {
    const failing = createAddressValidator({
      dns,
      findSuppressed: async () => {
        throw new Error('database down');
      },
    });
    mx('acme.test');
    await expect(failing.validate('a@acme.test', ORG)).rejects.toThrow('database down');
  });

  it('stacked reasons: undeliverable wins, and risky takes the lowest score', async () => {
    mx('acme.test');
    const risky = await validator.validate('info@mailinator.com', ORG); // NXDOMAIN here
    expect(risky.reason).toEqual(['domain_not_found', 'disposable_domain', 'role_address']);
    expect(risky.verdict).toBe('undeliverable');
    mx('mailinator.com');
    const both = await validator.validate('info@yopmail.com', ORG);
    expect(both.verdict).toBe('undeliverable');
    mx('yopmail.com');
    const fresh = createAddressValidator({ dns, findSuppressed: fakeFindSuppressed });
    const stacked = await fresh.validate('info@yopmail.com', ORG);
    expect(stacked.verdict).toBe('risky');
    expect(stacked.reason).toEqual(['disposable_domain', 'role_address']);
    expect(stacked.score).toBe(0.3);
  });
});

describe('syntax', () => {
  const invalid = [
    `${'a'.repeat(65)}@acme.test`,
    'jane@-acme.test',
    'jane@acme-.test',
    `jane@${'a'.repeat(64)}.test`,
    'jane@acme.123',
    'jane@acme..test',
    'jane@localhost',
    'jane@acme_corp.test',
    '"jane doe"@acme.test',
    '"jane"@acme.test',
    'jane..doe@acme.test',
    '.jane@acme.test',
    'no-at-sign',
    '@acme.test',
    'jane@',
    '',
    `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.test`,
  ];

  it.each(invalid)('refuses %j as invalid_syntax without any DNS query', async (email) => {
    const result = await validator.validate(email, ORG);
    expect(result).toEqual({
      email,
      verdict: 'undeliverable',
      score: 0,
      reason: ['invalid_syntax'],
      did_you_mean: null,
      checks: { syntax: 'fail', mx: 'unknown', disposable: 'unknown', role: 'unknown', suppressed: 'unknown' },
    });
    expect(dns.queryCounts().total).toBe(0);
    expect(suppressedCalls).toEqual([]);
  });

  it('accepts a 64-character local part and 63-character labels', async () => {
    const domain = `${'b'.repeat(63)}.test`;
    mx(domain);
    const result = await validator.validate(`${'a'.repeat(64)}@${domain}`, ORG);
    expect(result.checks.syntax).toBe('pass');
    expect(result.verdict).toBe('deliverable');
  });

  it('looks up an IDN domain in punycode', async () => {
    mx('xn--mnchen-3ya.test');
    const result = await validator.validate('hans@münchen.test', ORG);
    expect(result.email).toBe('hans@münchen.test');
    expect(result.verdict).toBe('deliverable');
    expect(server.queryLog()).toEqual([{ name: 'xn--mnchen-3ya.test', type: 'MX' }]);
  });
});

describe('validateMany', () => {
  it('answers in input order, one result per input, duplicates looked up once', async () => {
    mx('one.test');
    server.setA('two.test', ['192.0.2.2']);
    const emails = [
      'a@one.test',
      'bad address',
      'A@ONE.test',
      'b@two.test',
      'a@one.test',
      'x@missing.test',
      'bad address',
    ];
    const results = await validator.validateMany(emails, ORG);
    expect(results.map((result) => result.email)).toEqual(emails);
    expect(results.map((result) => result.verdict)).toEqual([
      'deliverable',
      'undeliverable',
      'deliverable',
      'deliverable',
      'deliverable',
      'undeliverable',
      'undeliverable',
    ]);
    expect(results[3]?.score).toBe(0.95);
    expect(results[5]?.reason).toEqual(['domain_not_found']);
    expect(suppressedCalls).toEqual([
      { organizationId: ORG, addresses: ['a@one.test', 'b@two.test', 'x@missing.test'] },
    ]);
    expect(serverQueries('MX')).toBe(3);
    // Results are independent objects: changing one does not change its duplicate.
    results[0]?.reason.push('suppressed');
    expect(results[2]?.reason).toEqual([]);
  });

  it('1,000 addresses over 20 domains make 20 MX queries and one suppression lookup', async () => {
    const domains = Array.from({ length: 20 }, (_, i) => `bulk-${i}.test`);
    for (const domain of domains) mx(domain);
    const emails = Array.from({ length: 1000 }, (_, i) => `user${i}@${domains[i % 20]}`);
    suppressedSet.add('user7@bulk-7.test');
    const started = Date.now();
    const results = await validator.validateMany(emails, ORG);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(results).toHaveLength(1000);
    expect(results.filter((result) => result.verdict === 'deliverable')).toHaveLength(999);
    expect(results[7]?.reason).toEqual(['suppressed']);
    expect(dns.queryCounts()).toEqual({ mx: 20, a: 0, aaaa: 0, total: 20 });
    expect(serverQueries('MX')).toBe(20);
    expect(server.queryLog()).toHaveLength(20);
    expect(suppressedCalls).toHaveLength(1);
    expect(suppressedCalls[0]?.addresses).toHaveLength(1000);
  });

  it('refuses more than 1,000 addresses with a RangeError', async () => {
    const emails = Array.from({ length: 1001 }, (_, i) => `u${i}@acme.test`);
    await expect(validator.validateMany(emails, ORG)).rejects.toBeInstanceOf(RangeError);
    expect(await validator.validateMany([], ORG)).toEqual([]);
    expect(suppressedCalls).toEqual([]);
  });

  it('skips the suppression lookup when no address is valid', async () => {
    const results = await validator.validateMany(['nope', 'also nope'], ORG);
    expect(results.map((result) => result.reason)).toEqual([['invalid_syntax'], ['invalid_syntax']]);
    expect(suppressedCalls).toEqual([]);
  });
});

describe('helpers', () => {
  it('editDistance counts an adjacent transposition as one edit', () => {
    expect(editDistance('gmial', 'gmail')).toBe(1);
    expect(editDistance('yaho', 'yahoo')).toBe(1);
    expect(editDistance('abc', 'abc')).toBe(0);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('kitten', 'sitting')).toBe(3);
  });

  it('mailDnsResolverFromEnv reads DNS_SERVERS and DNS_TIMEOUT_MS', async () => {
    mx('env.test');
    const fromEnv = mailDnsResolverFromEnv({ DNS_SERVERS: ` ${server.address} `, DNS_TIMEOUT_MS: '400' });
    const result = await createAddressValidator({ dns: fromEnv, findSuppressed: fakeFindSuppressed }).validate(
      'a@env.test',
      ORG,
    );
    expect(result.verdict).toBe('deliverable');
    expect(() => mailDnsResolverFromEnv({ DNS_TIMEOUT_MS: 'soon' })).toThrow(/DNS_TIMEOUT_MS/);
    expect(() => mailDnsResolverFromEnv({ DNS_SERVERS: 'not a server' })).toThrow(/DNS_SERVERS/);
  });
});
