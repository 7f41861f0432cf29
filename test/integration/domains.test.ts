import { createPrivateKey, createPublicKey, randomBytes } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import { LocalEmailIdentities } from '#adapters/email-identities.ts';
import { addVerifiedDomainForDevelopment, canSendFrom, verifyDomain } from '#domains/domains.service.ts';
import { db, tableName } from '#dynamo/client.ts';
import { keys } from '#dynamo/keys.ts';
import { dnsControl } from '../support/dns-control.ts';
import { createTestOrganization } from '../support/factories.ts';
import { expectError } from '../support/http.ts';

const dns = dnsControl(inject('dnsControlUrl'));
const uniqueDomain = () => `t${randomBytes(5).toString('hex')}.test`;

interface DnsRecord {
  type: string;
  name: string;
  value: string;
  purpose: string;
}

type Api = Awaited<ReturnType<typeof createTestOrganization>>['api'];

async function addDomain(api: Api, domain = uniqueDomain()) {
  const response = await api.post('/api/v1/domains', { domain });
  expect(response.status, response.text).toBe(201);
  const records = response.body.data.dns_records as DnsRecord[];
  const record = (purpose: string) => {
    const found = records.find((r) => r.purpose === purpose);
    if (!found) throw new Error(`no ${purpose} record`);
    return found;
  };
  return { data: response.body.data, dkim: record('dkim'), spf: record('spf'), dmarc: record('dmarc') };
}

async function publish(domain: Awaited<ReturnType<typeof addDomain>>, parts: { spf?: boolean; dkim?: boolean } = {}) {
  if (parts.spf !== false) await dns.setTxt(domain.spf.name, [[domain.spf.value]]);
  if (parts.dkim !== false) await dns.setTxt(domain.dkim.name, [[domain.dkim.value]]);
}

const verify = (api: Api, id: string) => api.get(`/api/v1/domains/${id}/verify`);

describe('adding a domain', () => {
  it('returns the DNS records to publish, a 2048-bit DKIM key and all flags false', async () => {
    const { api } = await createTestOrganization();
    const name = uniqueDomain();
    const response = await api.post('/api/v1/domains', { domain: name });
    expect(response.status).toBe(201);
    const domain = response.body.data;
    expect(domain).toMatchObject({
      id: expect.stringMatching(/^dom_[0-9A-Za-z]+$/),
      domain: name,
      is_verified: false,
      spf_verified: false,
      dkim_verified: false,
      dkim_selector: expect.stringMatching(/^pb\d{6}$/),
      created_at: expect.any(String),
    });
    expect(domain.verified_at).toBeUndefined();
    const now = new Date();
    expect(domain.dkim_selector).toBe(`pb${now.getUTCFullYear()}${String(now.getUTCMonth() + 1).padStart(2, '0')}`);
    // A 2048-bit RSA SubjectPublicKeyInfo is 294 bytes → 392 base64 characters.
    expect(Buffer.from(domain.dkim_public_key, 'base64')).toHaveLength(294);
    expect(domain.dns_records).toEqual([
      {
        type: 'TXT',
        name: `${domain.dkim_selector}._domainkey.${name}`,
        value: `v=DKIM1; k=rsa; p=${domain.dkim_public_key}`,
        purpose: 'dkim',
        required: true,
      },
      { type: 'TXT', name, value: 'v=spf1 include:amazonses.com ~all', purpose: 'spf', required: true },
      {
        type: 'TXT',
        name: `_dmarc.${name}`,
        value: expect.stringMatching(/^v=DMARC1;/),
        purpose: 'dmarc',
        required: false,
      },
    ]);
    expect(response.text).not.toMatch(/private|PRIVATE/);
  });

  it('normalises the name (case, spaces, trailing dot, IDN → punycode)', async () => {
    const { api } = await createTestOrganization();
    const label = `t${randomBytes(4).toString('hex')}`;
    expect(
      (await api.post('/api/v1/domains', { domain: `  ${label.toUpperCase()}.Example.COM.  ` })).body.data.domain,
    ).toBe(`${label}.example.com`);
    expect((await api.post('/api/v1/domains', { domain: `bücher-${label}.example` })).body.data.domain).toMatch(
      /^xn--bcher-.*\.example$/,
    );
  });

  it('refuses invalid names with VALIDATION_ERROR on field domain', async () => {
    const { api } = await createTestOrganization();
    for (const domain of [
      'localhost',
      'a..b.com',
      '-a.com',
      `${'x'.repeat(64)}.com`,
      '1.2.3.4',
      ' ',
      'a b.com',
      'a_b.com',
    ]) {
      const error = expectError(await api.post('/api/v1/domains', { domain }), 400, 'VALIDATION_ERROR');
      expect(error.details?.[0]?.field, domain).toBe('domain');
    }
    expectError(await api.post('/api/v1/domains', {}), 400, 'VALIDATION_ERROR');
    expectError(await api.post('/api/v1/domains', { domain: 'ok.com', extra: 1 }), 400, 'VALIDATION_ERROR');
  });

  it('refuses the same domain twice in one organization (409), however it is written', async () => {
    const { api } = await createTestOrganization();
    const name = uniqueDomain();
    await addDomain(api, name);
    expectError(await api.post('/api/v1/domains', { domain: `${name.toUpperCase()}.` }), 409, 'CONFLICT');
  });

  it('lists every domain of the organization, verified_at only on verified ones', async () => {
    const { api } = await createTestOrganization();
    const first = await addDomain(api);
    const second = await addDomain(api);
    await publish(second);
    expect((await verify(api, second.data.id)).body.data.is_verified).toBe(true);
    const list = await api.get('/api/v1/domains');
    expect(list.status).toBe(200);
    expect(list.body.pagination).toBeUndefined();
    expect(list.body.data.map((d: { id: string }) => d.id)).toEqual([first.data.id, second.data.id]);
    expect(list.body.data[0].verified_at).toBeUndefined();
    expect(list.body.data[1].verified_at).toEqual(expect.any(String));
    expect(list.body.data[1].dns_records).toHaveLength(3);
  });
});

describe('verifying a domain through DNS', () => {
  it('verifies when both records are right and keeps the first verified_at', async () => {
    const { api } = await createTestOrganization();
    const domain = await addDomain(api);
    await publish(domain);
    const first = await verify(api, domain.data.id);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ spf_verified: true, dkim_verified: true, is_verified: true });
    const verifiedAt = first.body.data.verified_at;
    expect(verifiedAt).toEqual(expect.any(String));
    const again = await verify(api, domain.data.id);
    expect(again.body.data.verified_at).toBe(verifiedAt);
  });

  it('reports SPF alone, and a wrong DKIM key, as not verified', async () => {
    const { api } = await createTestOrganization();
    const domain = await addDomain(api);
    await publish(domain, { dkim: false });
    expect((await verify(api, domain.data.id)).body.data).toMatchObject({
      spf_verified: true,
      dkim_verified: false,
      is_verified: false,
    });
    const other = await addDomain(api);
    await dns.setTxt(domain.dkim.name, [[other.dkim.value]]);
    expect((await verify(api, domain.data.id)).body.data).toMatchObject({ dkim_verified: false, is_verified: false });
  });

  it('accepts records split into several strings among other TXT records', async () => {
    const { api } = await createTestOrganization();
    const domain = await addDomain(api);
    const dkim = domain.dkim.value;
    await dns.setTxt(domain.spf.name, [
      ['google-site-verification=abc'],
      ['v=spf1 ip4:192.0.2.0/24 ', 'INCLUDE:AmazonSES.com', ' include:_spf.example.net -all'],
    ]);
    await dns.setTxt(domain.dkim.name, [[dkim.slice(0, 100), dkim.slice(100, 250), dkim.slice(250)]]);
    expect((await verify(api, domain.data.id)).body.data.is_verified).toBe(true);
  });

  it('treats NXDOMAIN, SERVFAIL and a DNS timeout as not verified, never as an error', async () => {
    const { api } = await createTestOrganization();
    const missing = await addDomain(api);
    const nx = await verify(api, missing.data.id);
    expect(nx.status).toBe(200);
    expect(nx.body.data).toMatchObject({ spf_verified: false, dkim_verified: false, is_verified: false });

    const failing = await addDomain(api);
    await dns.setBehaviour(failing.spf.name, 'servfail');
    await dns.setBehaviour(failing.dkim.name, 'servfail');
    expect((await verify(api, failing.data.id)).body.data.is_verified).toBe(false);

    const silent = await addDomain(api);
    await publish(silent, { spf: false });
    await dns.setBehaviour(silent.spf.name, 'timeout');
    const started = Date.now();
    const timedOut = await verify(api, silent.data.id);
    expect(timedOut.status).toBe(200);
    expect(timedOut.body.data).toMatchObject({ spf_verified: false, dkim_verified: true, is_verified: false });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('turns the flags false when a record is removed, keeping verified_at', async () => {
    const { api } = await createTestOrganization();
    const domain = await addDomain(api);
    await publish(domain);
    const verified = (await verify(api, domain.data.id)).body.data;
    expect(verified.is_verified).toBe(true);
    await dns.remove(domain.dkim.name);
    const after = (await verify(api, domain.data.id)).body.data;
    expect(after).toMatchObject({ spf_verified: true, dkim_verified: false, is_verified: false });
    expect(after.verified_at).toBe(verified.verified_at);
  });

  it('answers 404 for another organization’s domain, an unknown id or a malformed id', async () => {
    const a = await createTestOrganization();
    const b = await createTestOrganization();
    const domain = await addDomain(a.api);
    expectError(await verify(b.api, domain.data.id), 404, 'NOT_FOUND');
    expectError(await verify(a.api, 'dom_doesnotexist'), 404, 'NOT_FOUND');
    expectError(await verify(a.api, `dom_${'x'.repeat(2000)}`), 404, 'NOT_FOUND');
    expectError(await verify(a.api, 'sup_x'), 404, 'NOT_FOUND');
    expect((await b.api.get('/api/v1/domains')).body.data).toEqual([]);
  });
});

describe('a domain held by one organization', () => {
  it('cannot be added, verified or sent from by another', async () => {
    const a = await createTestOrganization();
    const b = await createTestOrganization();
    const name = uniqueDomain();
    const lateB = await addDomain(b.api, name); // added before anyone verified: allowed
    const domainA = await addDomain(a.api, name);
    await dns.setTxt(domainA.spf.name, [[domainA.spf.value]]);
    // Both keys published at the selector: B's DNS check would pass, but A verifies first.
    await dns.setTxt(domainA.dkim.name, [[domainA.dkim.value], [lateB.dkim.value]]);
    expect((await verify(a.api, domainA.data.id)).body.data.is_verified).toBe(true);

    expectError(await b.api.post('/api/v1/domains', { domain: name }), 409, 'CONFLICT');
    expectError(await verify(b.api, lateB.data.id), 409, 'CONFLICT');
    expect((await b.api.get('/api/v1/domains')).body.data[0].is_verified).toBe(false);

    expect(await canSendFrom(a.organization.id, `news@${name}`)).toBe(true);
    expect(await canSendFrom(a.organization.id, `News@Mail.${name.toUpperCase()}`)).toBe(true);
    expect(await canSendFrom(b.organization.id, `news@${name}`)).toBe(false);
    expect(await canSendFrom(b.organization.id, `news@mail.${name}`)).toBe(false);
    expect(await canSendFrom(a.organization.id, 'news@unverified.example')).toBe(false);
    expect(await canSendFrom(a.organization.id, 'not an address')).toBe(false);

    // B proves control of a subdomain: from then on the subdomain is B's, not A's.
    const sub = await addDomain(b.api, `eu.${name}`);
    await publish(sub);
    expect((await verify(b.api, sub.data.id)).body.data.is_verified).toBe(true);
    expect(await canSendFrom(b.organization.id, `x@deep.eu.${name}`)).toBe(true);
    expect(await canSendFrom(a.organization.id, `x@eu.${name}`)).toBe(false);
    expect(await canSendFrom(a.organization.id, `x@us.${name}`)).toBe(true);
  });

  it('is released when its records stop verifying', async () => {
    const a = await createTestOrganization();
    const domain = await addDomain(a.api);
    await publish(domain);
    await verify(a.api, domain.data.id);
    expect(await canSendFrom(a.organization.id, `x@${domain.data.domain}`)).toBe(true);
    await dns.remove(domain.spf.name);
    await verify(a.api, domain.data.id);
    expect(await canSendFrom(a.organization.id, `x@${domain.data.domain}`)).toBe(false);
    const b = await createTestOrganization();
    expect((await b.api.post('/api/v1/domains', { domain: domain.data.domain })).status).toBe(201);
  });
});

describe('a domain marked verified for development (no DNS)', () => {
  it('holds its claim: another organization can neither add nor verify it (409), even with its own records published', async () => {
    const a = await createTestOrganization();
    const b = await createTestOrganization();
    const name = uniqueDomain();
    const early = await addDomain(b.api, name); // added before anyone held it: allowed
    // The way `npm start`'s seed marks postbox.test verified: in-process, without DNS.
    await addVerifiedDomainForDevelopment(a.organization.id, name);
    expect(await canSendFrom(a.organization.id, `hello@${name}`)).toBe(true);

    const c = await createTestOrganization();
    const added = expectError(await c.api.post('/api/v1/domains', { domain: name }), 409, 'CONFLICT');
    expect(added.message).toContain('verified by another organization');
    // B publishes its own SPF and DKIM records: the DNS check passes, the claim still holds.
    await publish(early);
    const verified = expectError(await verify(b.api, early.data.id), 409, 'CONFLICT');
    expect(verified.message).toContain('verified by another organization');
    expect((await b.api.get('/api/v1/domains')).body.data[0]).toMatchObject({ is_verified: false });
    expect(await canSendFrom(b.organization.id, `hello@${name}`)).toBe(false);
    expect(await canSendFrom(a.organization.id, `hello@${name}`)).toBe(true);

    // The holder's own Verify finds no record of its key, and changes nothing.
    const own = (await a.api.get('/api/v1/domains')).body.data[0];
    const again = await verify(a.api, own.id);
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ is_verified: true, dkim_verified: true, spf_verified: true });
    expect(await canSendFrom(a.organization.id, `hello@${name}`)).toBe(true);
    expectError(await c.api.post('/api/v1/domains', { domain: name }), 409, 'CONFLICT');
  });
});

describe('when the DNS changes hands', () => {
  it('lets the new owner take a domain over once the old holder’s record is gone', async () => {
    const a = await createTestOrganization();
    const b = await createTestOrganization();
    const domainA = await addDomain(a.api);
    const name = domainA.data.domain;
    await publish(domainA);
    expect((await verify(a.api, domainA.data.id)).body.data.is_verified).toBe(true);

    // The domain is sold. While the old owner's record is published, the domain stays theirs…
    expectError(await b.api.post('/api/v1/domains', { domain: name }), 409, 'CONFLICT');
    // …the new owner deletes it, adds the domain and publishes its own record.
    await dns.remove(domainA.dkim.name);
    const domainB = await addDomain(b.api, name);
    await dns.setTxt(domainB.dkim.name, [[domainB.dkim.value]]);
    const verifiedB = await verify(b.api, domainB.data.id);
    expect(verifiedB.status).toBe(200);
    expect(verifiedB.body.data.is_verified).toBe(true);

    expect(await canSendFrom(b.organization.id, `x@${name}`)).toBe(true);
    expect(await canSendFrom(a.organization.id, `x@${name}`)).toBe(false);
    const listedA = (await a.api.get('/api/v1/domains')).body.data[0];
    expect(listedA).toMatchObject({ dkim_verified: false, is_verified: false });
    // A's own check now fails on its missing record: not verified, not an error.
    const recheckA = await verify(a.api, domainA.data.id);
    expect(recheckA.status).toBe(200);
    expect(recheckA.body.data.is_verified).toBe(false);
    expect(await canSendFrom(b.organization.id, `x@${name}`)).toBe(true);
  });

  it('keeps the claim through a DNS timeout, and releases it when the record is really gone', async () => {
    const a = await createTestOrganization();
    const domain = await addDomain(a.api);
    const address = `x@${domain.data.domain}`;
    await publish(domain);
    await verify(a.api, domain.data.id);
    await dns.setBehaviour(domain.dkim.name, 'timeout');
    const blip = await verify(a.api, domain.data.id);
    expect(blip.body.data).toMatchObject({ dkim_verified: false, is_verified: false });
    expect(await canSendFrom(a.organization.id, address)).toBe(true);
    await dns.remove(domain.dkim.name);
    await verify(a.api, domain.data.id);
    expect(await canSendFrom(a.organization.id, address)).toBe(false);
  });
});

describe('the SES identity', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('is created once, on the first verification, signed with the domain’s own private key', async () => {
    const ensure = vi.spyOn(LocalEmailIdentities.prototype, 'ensureDomainIdentity');
    const a = await createTestOrganization();
    const domain = await addDomain(a.api);
    expect(ensure).not.toHaveBeenCalled();
    await verifyDomain(a.organization.id, domain.data.id);
    expect(ensure).not.toHaveBeenCalled(); // DNS not published yet

    await publish(domain);
    await verifyDomain(a.organization.id, domain.data.id);
    expect(ensure).toHaveBeenCalledTimes(1);
    const call = ensure.mock.calls[0]?.[0];
    expect(call).toMatchObject({ domain: domain.data.domain, selector: domain.data.dkim_selector });
    // The key handed to SES is the private half of the published public key (PKCS#1 DER, base64).
    const privateKey = createPrivateKey({
      key: Buffer.from(call?.privateKeyBase64 ?? '', 'base64'),
      format: 'der',
      type: 'pkcs1',
    });
    const derivedPublic = createPublicKey(privateKey).export({ type: 'spki', format: 'der' }).toString('base64');
    expect(derivedPublic).toBe(domain.data.dkim_public_key);

    await verifyDomain(a.organization.id, domain.data.id);
    expect(ensure).toHaveBeenCalledTimes(1);

    // A new owner takes over: SES is switched to the new owner's key.
    const b = await createTestOrganization();
    await dns.remove(domain.dkim.name);
    const domainB = await addDomain(b.api, domain.data.domain);
    await dns.setTxt(domainB.dkim.name, [[domainB.dkim.value]]);
    await verifyDomain(b.organization.id, domainB.data.id);
    expect(ensure).toHaveBeenCalledTimes(2);
    expect(ensure.mock.calls[1]?.[0].privateKeyBase64).not.toBe(call?.privateKeyBase64);
  });
});

describe('limits', () => {
  it('caps the domains of an organization', async () => {
    const { api, organization } = await createTestOrganization();
    await db.send(
      new PutCommand({ TableName: tableName, Item: { ...keys.domainCount(organization.id), item_count: 1000 } }),
    );
    const error = expectError(await api.post('/api/v1/domains', { domain: uniqueDomain() }), 409, 'CONFLICT');
    expect(error.message).toContain('1000');
    expect((await api.get('/api/v1/domains')).body.data).toEqual([]);
  });
});
