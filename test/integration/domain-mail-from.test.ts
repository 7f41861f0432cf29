/**
 * A domain's custom MAIL FROM through HTTP on the local stack: PATCH /api/v1/domains/{id} sets and
 * removes the subdomain, its MX and SPF records join `dns_records`, verify checks them against the
 * test DNS server (`mail_from_verified`, never part of `is_verified`), validation and isolation; the
 * SES identity's MAIL FROM, given by verify (through the identity interface, in-process as in
 * domains.test.ts); the dashboard's MAIL FROM status, records and form.
 */
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import { LocalEmailIdentities } from '#adapters/email-identities.ts';
import { addVerifiedDomainForDevelopment, updateDomain, verifyDomain } from '#domains/domains.service.ts';
import { dashboardMember, type PageResponse } from '../support/dashboard.ts';
import { dnsControl } from '../support/dns-control.ts';
import { createTestOrganization } from '../support/factories.ts';
import { expectError } from '../support/http.ts';

const dns = dnsControl(inject('dnsControlUrl'));
const uniqueDomain = () => `m${randomBytes(5).toString('hex')}.test`;
/** SES's feedback host of the local stack's region (AWS_REGION us-east-1; MAIL_FROM_MX_HOST unset). */
const SES_FEEDBACK_HOST = 'feedback-smtp.us-east-1.amazonses.com';
const SPF = 'v=spf1 include:amazonses.com ~all';

interface DnsRecord {
  type: string;
  name: string;
  value: string;
  purpose: string;
  required: boolean;
}

type Api = Awaited<ReturnType<typeof createTestOrganization>>['api'];

async function addDomain(api: Api, name = uniqueDomain()) {
  const response = await api.post('/api/v1/domains', { domain: name });
  expect(response.status, response.text).toBe(201);
  return response.body.data as { id: string; domain: string; dns_records: DnsRecord[] };
}

const patch = (api: Api, id: string, body: unknown) => api.patch(`/api/v1/domains/${id}`, body);
const verify = (api: Api, id: string) => api.get(`/api/v1/domains/${id}/verify`);

/** Publishes the domain's DKIM and SPF records (what `is_verified` needs). */
async function publishDomain(records: readonly DnsRecord[]) {
  for (const record of records.filter((r) => r.purpose === 'dkim' || r.purpose === 'spf')) {
    await dns.setTxt(record.name, [[record.value]]);
  }
}

/** Publishes the MAIL FROM records as `dns_records` gives them (an MX value is `<priority> <host>`). */
async function publishMailFrom(records: readonly DnsRecord[]) {
  const mx = records.find((r) => r.purpose === 'mail_from_mx');
  const spf = records.find((r) => r.purpose === 'mail_from_spf');
  if (!mx || !spf) throw new Error('no MAIL FROM records');
  const [priority, exchange] = mx.value.split(' ');
  await dns.setMail(mx.name, { mx: [{ exchange: exchange ?? '', priority: Number(priority) }] });
  await dns.setTxt(spf.name, [[spf.value]]);
}

describe('PATCH /api/v1/domains/{id}', () => {
  it('sets the MAIL FROM subdomain: its MX and SPF records join dns_records, not yet verified', async () => {
    const { api } = await createTestOrganization();
    const domain = await addDomain(api);
    expect(domain).toMatchObject({ mail_from_subdomain: null, mail_from_domain: null, mail_from_verified: false });

    const response = await patch(api, domain.id, { mail_from_subdomain: 'bounce' });
    expect(response.status, response.text).toBe(200);
    const updated = response.body.data;
    expect(updated).toMatchObject({
      id: domain.id,
      domain: domain.domain,
      is_verified: false,
      mail_from_subdomain: 'bounce',
      mail_from_domain: `bounce.${domain.domain}`,
      mail_from_verified: false,
    });
    expect(updated.dns_records.slice(0, 3)).toEqual(domain.dns_records);
    expect(updated.dns_records.slice(3)).toEqual([
      {
        type: 'MX',
        name: `bounce.${domain.domain}`,
        value: `10 ${SES_FEEDBACK_HOST}`,
        purpose: 'mail_from_mx',
        required: false,
      },
      { type: 'TXT', name: `bounce.${domain.domain}`, value: SPF, purpose: 'mail_from_spf', required: false },
    ]);
    // The list and verify answer the same domain.
    const [listed] = (await api.get('/api/v1/domains')).body.data;
    expect(listed).toEqual(updated);
    const checked = (await verify(api, domain.id)).body.data;
    expect(checked).toMatchObject({ mail_from_domain: `bounce.${domain.domain}`, mail_from_verified: false });
    expect(checked.dns_records).toEqual(updated.dns_records);
  });

  it('removes it with null: the records go, and the domain is as it was', async () => {
    const { api } = await createTestOrganization();
    const domain = await addDomain(api);
    await patch(api, domain.id, { mail_from_subdomain: 'bounce' });
    const removed = await patch(api, domain.id, { mail_from_subdomain: null });
    expect(removed.status).toBe(200);
    expect(removed.body.data).toMatchObject({
      mail_from_subdomain: null,
      mail_from_domain: null,
      mail_from_verified: false,
    });
    expect(removed.body.data.dns_records).toEqual(domain.dns_records);
    expect((await api.get('/api/v1/domains')).body.data[0].mail_from_subdomain).toBeNull();
    // Removing again is harmless.
    expect((await patch(api, domain.id, { mail_from_subdomain: null })).status).toBe(200);
  });

  it('refuses a subdomain that is not one lower-case DNS label, naming mail_from_subdomain', async () => {
    const { api } = await createTestOrganization();
    const domain = await addDomain(api);
    for (const value of [
      '',
      'Bounce',
      '-bounce',
      'bounce-',
      'a.b',
      'a_b',
      'bo unce',
      'bücher',
      'x'.repeat(64),
      42,
      true,
      {},
    ]) {
      const error = expectError(await patch(api, domain.id, { mail_from_subdomain: value }), 400, 'VALIDATION_ERROR');
      expect(error.details?.[0]?.field, JSON.stringify(value)).toBe('mail_from_subdomain');
    }
    // Neither change (the body takes mail_from_subdomain, receiving or both).
    const missing = expectError(await patch(api, domain.id, {}), 400, 'VALIDATION_ERROR');
    expect(missing.details?.[0]).toEqual({ field: 'body', message: 'Give mail_from_subdomain or receiving (or both)' });
    expectError(await patch(api, domain.id, { mail_from_subdomain: 'bounce', extra: 1 }), 400, 'VALIDATION_ERROR');
    // The longest label is fine; nothing was changed by the refused requests.
    expect((await api.get('/api/v1/domains')).body.data[0].mail_from_subdomain).toBeNull();
    const longest = await patch(api, domain.id, { mail_from_subdomain: `a${'-'.repeat(61)}9` });
    expect(longest.status, longest.text).toBe(200);
  });

  it('refuses a subdomain that would make the MAIL FROM domain longer than 253 characters', async () => {
    const { api } = await createTestOrganization();
    const long = `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${uniqueDomain()}`; // 208 characters
    const domain = await addDomain(api, long);
    const error = expectError(
      await patch(api, domain.id, { mail_from_subdomain: 'x'.repeat(50) }),
      400,
      'VALIDATION_ERROR',
    );
    expect(error.details?.[0]).toMatchObject({ field: 'mail_from_subdomain' });
    expect(error.details?.[0]?.message).toContain('253');
    expect((await patch(api, domain.id, { mail_from_subdomain: 'x'.repeat(40) })).status).toBe(200);
  });

  it('answers 404 for another organization’s domain, an unknown id or a malformed id, changing nothing', async () => {
    const a = await createTestOrganization();
    const b = await createTestOrganization();
    const domain = await addDomain(a.api);
    expectError(await patch(b.api, domain.id, { mail_from_subdomain: 'bounce' }), 404, 'NOT_FOUND');
    expectError(await patch(a.api, 'dom_doesnotexist', { mail_from_subdomain: 'bounce' }), 404, 'NOT_FOUND');
    expectError(await patch(a.api, 'sup_x', { mail_from_subdomain: 'bounce' }), 404, 'NOT_FOUND');
    expect((await a.api.get('/api/v1/domains')).body.data[0]).toMatchObject({
      mail_from_subdomain: null,
      mail_from_domain: null,
    });
  });
});

describe('verifying the MAIL FROM records', () => {
  it('reports mail_from_verified once the MX and SPF records are served, apart from is_verified', async () => {
    const { api } = await createTestOrganization();
    const domain = await addDomain(api);
    const records = (await patch(api, domain.id, { mail_from_subdomain: 'bounce' })).body.data.dns_records;

    // Only the MAIL FROM records: they verify, the domain does not.
    await publishMailFrom(records);
    expect((await verify(api, domain.id)).body.data).toMatchObject({
      is_verified: false,
      spf_verified: false,
      dkim_verified: false,
      mail_from_verified: true,
    });
    // Then the domain's own records: both.
    await publishDomain(records);
    const both = (await verify(api, domain.id)).body.data;
    expect(both).toMatchObject({ is_verified: true, mail_from_verified: true });
    expect((await api.get('/api/v1/domains')).body.data[0]).toMatchObject({ mail_from_verified: true });
    // The MX record goes: MAIL FROM no longer verifies, the domain still does.
    await dns.setMail(`bounce.${domain.domain}`, { mx: [] });
    expect((await verify(api, domain.id)).body.data).toMatchObject({ is_verified: true, mail_from_verified: false });
  });

  it('is not verified with a wrong MX, an extra MX elsewhere, no SPF, or a DNS timeout', async () => {
    const { api } = await createTestOrganization();
    const domain = await addDomain(api);
    const records = (await patch(api, domain.id, { mail_from_subdomain: 'bounce' })).body.data.dns_records;
    await publishDomain(records);
    const name = `bounce.${domain.domain}`;
    const mailFromVerified = async () => {
      const response = await verify(api, domain.id);
      expect(response.status).toBe(200);
      expect(response.body.data.is_verified).toBe(true);
      return response.body.data.mail_from_verified as boolean;
    };

    await dns.setTxt(name, [[SPF]]);
    await dns.setMail(name, { mx: [{ exchange: 'feedback-smtp.eu-west-1.amazonses.com', priority: 10 }] });
    expect(await mailFromVerified()).toBe(false);
    await dns.setMail(name, {
      mx: [
        { exchange: SES_FEEDBACK_HOST, priority: 10 },
        { exchange: 'mx.example.net', priority: 20 },
      ],
    });
    expect(await mailFromVerified()).toBe(false);

    await dns.setMail(name, { mx: [{ exchange: `${SES_FEEDBACK_HOST.toUpperCase()}.`, priority: 20 }] });
    expect(await mailFromVerified()).toBe(true); // case, a trailing dot and the priority do not matter

    await dns.setTxt(name, [['v=spf1 include:_spf.example.net ~all']]);
    expect(await mailFromVerified()).toBe(false);
    await dns.setTxt(name, [[SPF]]);
    expect(await mailFromVerified()).toBe(true);

    await dns.setBehaviour(name, 'timeout');
    expect(await mailFromVerified()).toBe(false);
  });

  it('forgets the check when the subdomain changes: the new name needs records of its own', async () => {
    const { api } = await createTestOrganization();
    const domain = await addDomain(api);
    const bounce = (await patch(api, domain.id, { mail_from_subdomain: 'bounce' })).body.data.dns_records;
    await publishMailFrom(bounce);
    expect((await verify(api, domain.id)).body.data.mail_from_verified).toBe(true);
    // Saving the same subdomain again keeps it verified.
    expect((await patch(api, domain.id, { mail_from_subdomain: 'bounce' })).body.data.mail_from_verified).toBe(true);

    const changed = (await patch(api, domain.id, { mail_from_subdomain: 'mail' })).body.data;
    expect(changed).toMatchObject({ mail_from_domain: `mail.${domain.domain}`, mail_from_verified: false });
    expect(changed.dns_records.slice(3).map((r: DnsRecord) => r.name)).toEqual([
      `mail.${domain.domain}`,
      `mail.${domain.domain}`,
    ]);
    // Straight back to bounce: its records are still published, but only a new check vouches for them.
    expect((await patch(api, domain.id, { mail_from_subdomain: 'bounce' })).body.data.mail_from_verified).toBe(false);
    expect((await verify(api, domain.id)).body.data.mail_from_verified).toBe(true);
    await patch(api, domain.id, { mail_from_subdomain: 'mail' });
    expect((await verify(api, domain.id)).body.data.mail_from_verified).toBe(false); // bounce.* served, not mail.*
    // Removed: nothing to verify.
    await patch(api, domain.id, { mail_from_subdomain: null });
    expect((await verify(api, domain.id)).body.data.mail_from_verified).toBe(false);
  });

  it('checks the MAIL FROM records of a domain marked verified for development too', async () => {
    const { api, organization } = await createTestOrganization();
    const name = uniqueDomain();
    await addVerifiedDomainForDevelopment(organization.id, name);
    const [domain] = (await api.get('/api/v1/domains')).body.data;
    const records = (await patch(api, domain.id, { mail_from_subdomain: 'bounce' })).body.data.dns_records;
    expect((await verify(api, domain.id)).body.data).toMatchObject({ is_verified: true, mail_from_verified: false });
    await publishMailFrom(records);
    expect((await verify(api, domain.id)).body.data).toMatchObject({ is_verified: true, mail_from_verified: true });
  });
});

describe('the SES identity’s MAIL FROM', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('is set with the identity when the domain verifies, and changed by the verify after a PATCH', async () => {
    const ensure = vi.spyOn(LocalEmailIdentities.prototype, 'ensureDomainIdentity');
    const setMailFrom = vi.spyOn(LocalEmailIdentities.prototype, 'setMailFromDomain');
    const a = await createTestOrganization();
    const domain = await addDomain(a.api);
    const name = domain.domain;

    // No identity yet (the domain has not verified): nothing to change in SES.
    const records = (await updateDomain(a.organization.id, domain.id, { mail_from_subdomain: 'bounce' })).dns_records;
    await verifyDomain(a.organization.id, domain.id);
    expect(ensure).not.toHaveBeenCalled();
    expect(setMailFrom).not.toHaveBeenCalled();

    // The first passing verification creates the identity with the MAIL FROM domain.
    await publishDomain(records);
    await verifyDomain(a.organization.id, domain.id);
    expect(ensure).toHaveBeenCalledTimes(1);
    expect(ensure.mock.calls[0]?.[0]).toMatchObject({ domain: name, mailFromDomain: `bounce.${name}` });
    await verifyDomain(a.organization.id, domain.id);
    expect(setMailFrom).not.toHaveBeenCalled(); // SES already has it

    // A PATCH never calls SES; the next verification gives the identity the new MAIL FROM, once.
    await updateDomain(a.organization.id, domain.id, { mail_from_subdomain: 'mail' });
    expect(setMailFrom).not.toHaveBeenCalled();
    for (let check = 0; check < 3; check += 1) await verifyDomain(a.organization.id, domain.id);
    expect(setMailFrom.mock.calls).toEqual([[name, `mail.${name}`]]);
    await updateDomain(a.organization.id, domain.id, { mail_from_subdomain: null });
    await verifyDomain(a.organization.id, domain.id);
    expect(setMailFrom.mock.calls).toEqual([
      [name, `mail.${name}`],
      [name, undefined],
    ]);
    expect(ensure).toHaveBeenCalledTimes(1);

    // Another organization that added the same name never touches A's identity…
    const b = await createTestOrganization();
    await dns.remove(records.find((r) => r.purpose === 'dkim')?.name ?? '');
    const theirs = await addDomain(b.api, name);
    await updateDomain(b.organization.id, theirs.id, { mail_from_subdomain: 'bounce' });
    expect(setMailFrom).toHaveBeenCalledTimes(2);
    // …until it takes the domain over: the identity is re-keyed with its key and its MAIL FROM.
    await dns.setTxt(theirs.dns_records[0]?.name ?? '', [[theirs.dns_records[0]?.value ?? '']]);
    await verifyDomain(b.organization.id, theirs.id);
    expect(ensure).toHaveBeenCalledTimes(2);
    expect(ensure.mock.calls[1]?.[0]).toMatchObject({ domain: name, mailFromDomain: `bounce.${name}` });
    await verifyDomain(b.organization.id, theirs.id);
    expect(setMailFrom).toHaveBeenCalledTimes(2);
  });

  it('is created without a MAIL FROM for a domain that has none', async () => {
    const ensure = vi.spyOn(LocalEmailIdentities.prototype, 'ensureDomainIdentity');
    const a = await createTestOrganization();
    const domain = await addDomain(a.api);
    await publishDomain(domain.dns_records);
    await verifyDomain(a.organization.id, domain.id);
    expect(ensure).toHaveBeenCalledTimes(1);
    expect(ensure.mock.calls[0]?.[0].mailFromDomain).toBeUndefined();
  });
});

describe('the dashboard’s MAIL FROM', () => {
  const pathOf = (response: PageResponse) => response.location ?? '';

  it('sets, verifies and removes the MAIL FROM through the domain’s form, with copyable records', async () => {
    const { browser, api } = await dashboardMember();
    const domain = await addDomain(api);
    const page = await browser.get('/dashboard/domains');
    expect(page.status).toBe(200);
    expect(page.text).toContain(`action="/dashboard/domains/${domain.id}/mail-from"`);
    expect(page.text).toContain(`<label for="mail-from-${domain.id}">MAIL FROM subdomain</label>`);
    expect(page.text).toContain('Amazon SES’s own');

    const saved = await browser.post(`/dashboard/domains/${domain.id}/mail-from`, { mail_from_subdomain: ' Bounce ' });
    expect(saved.status, saved.text).toBe(303);
    expect(pathOf(saved)).toBe(`/dashboard/domains?notice=mail_from_saved&domain=${domain.id}`);
    expect((await api.get('/api/v1/domains')).body.data[0].mail_from_subdomain).toBe('bounce');

    const pending = await browser.get(pathOf(saved));
    expect(pending.text).toContain(`The MAIL FROM domain of ${domain.domain} is saved.`);
    expect(pending.text).toContain(
      `<code>bounce.${domain.domain}</code> <span class="badge">MX and SPF not found</span>`,
    );
    for (const [index, value] of [
      [3, `10 ${SES_FEEDBACK_HOST}`],
      [4, SPF],
    ] as const) {
      expect(pending.text).toContain(`<code id="dns-${domain.id}-${index}-name">bounce.${domain.domain}</code>`);
      expect(pending.text).toContain(`<code id="dns-${domain.id}-${index}-value">${value}</code>`);
      expect(pending.text).toContain(`data-copy="dns-${domain.id}-${index}-value"`);
    }
    expect(pending.text).toContain('MAIL FROM MX');
    expect(pending.text).toContain('For MAIL FROM');
    expect(pending.text).toContain('value="bounce"');

    await publishMailFrom((await api.get('/api/v1/domains')).body.data[0].dns_records);
    const pressed = await browser.post(`/dashboard/domains/${domain.id}/verify`);
    const verified = await browser.get(pathOf(pressed));
    expect(verified.text).toContain(
      `<code>bounce.${domain.domain}</code> <span class="badge ok">MX and SPF found</span>`,
    );

    const removed = await browser.post(`/dashboard/domains/${domain.id}/mail-from`, { mail_from_subdomain: '' });
    expect(pathOf(removed)).toBe(`/dashboard/domains?notice=mail_from_removed&domain=${domain.id}`);
    expect((await api.get('/api/v1/domains')).body.data[0].mail_from_subdomain).toBeNull();
    const after = await browser.get(pathOf(removed));
    expect(after.text).toContain(`${domain.domain} uses Amazon SES’s own MAIL FROM domain again.`);
    expect(after.text).not.toContain(`<code id="dns-${domain.id}-3-name">`);
    expect(after.text).not.toContain(`<code>bounce.${domain.domain}</code> <span class="badge`);
    expect(after.text).toContain('Amazon SES’s own (set a subdomain below');
  });

  it('shows the form again with the message for an invalid subdomain, escaping what was typed', async () => {
    const { browser, api } = await dashboardMember();
    const domain = await addDomain(api);
    await browser.get('/dashboard/domains');
    const refused = await browser.post(`/dashboard/domains/${domain.id}/mail-from`, {
      mail_from_subdomain: '<b>x</b>',
    });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('role="alert"');
    expect(refused.text).toContain('One DNS label');
    expect(refused.text).toContain('value="&lt;b&gt;x&lt;/b&gt;"');
    expect(refused.text).not.toContain('<b>x</b>');
    expect(refused.text).toContain('aria-invalid="true"');
    expect((await api.get('/api/v1/domains')).body.data[0].mail_from_subdomain).toBeNull();
  });

  it('answers 404 for another organization’s domain and refuses a post without the CSRF token', async () => {
    const { browser, api } = await dashboardMember();
    const other = await createTestOrganization();
    const theirs = await addDomain(other.api);
    await browser.get('/dashboard/domains');
    const foreign = await browser.post(`/dashboard/domains/${theirs.id}/mail-from`, { mail_from_subdomain: 'bounce' });
    expect(foreign.status).toBe(404);
    expect((await other.api.get('/api/v1/domains')).body.data[0].mail_from_subdomain).toBeNull();

    const own = await addDomain(api);
    const refused = await browser.post(
      `/dashboard/domains/${own.id}/mail-from`,
      { mail_from_subdomain: 'bounce' },
      { csrf: false },
    );
    expect(refused.status).toBe(403);
    expect((await api.get('/api/v1/domains')).body.data[0].mail_from_subdomain).toBeNull();
  });
});
