/**
 * A domain's receiving switch through HTTP on the local stack: PATCH /api/v1/domains/{id} {receiving}
 * adds or removes the `receiving_mx` record, verify checks the domain's MX records against the test DNS
 * server (`receiving_verified`, never part of `is_verified`), and the other PATCH field is untouched.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { dashboardMember } from '../support/dashboard.ts';
import { dnsControl } from '../support/dns-control.ts';
import { createTestOrganization } from '../support/factories.ts';
import { expectError } from '../support/http.ts';

const dns = dnsControl(inject('dnsControlUrl'));
/** SES receiving of the local stack's region (AWS_REGION us-east-1; INBOUND_MX_HOST unset). */
const INBOUND_HOST = 'inbound-smtp.us-east-1.amazonaws.com';

type Api = Awaited<ReturnType<typeof createTestOrganization>>['api'];
interface DnsRecord {
  type: string;
  name: string;
  value: string;
  purpose: string;
  required: boolean;
}

async function addDomain(api: Api) {
  const response = await api.post('/api/v1/domains', { domain: `reply.r${randomBytes(5).toString('hex')}.test` });
  expect(response.status, response.text).toBe(201);
  return response.body.data as { id: string; domain: string; dns_records: DnsRecord[] };
}
const patch = (api: Api, id: string, body: unknown) => api.patch(`/api/v1/domains/${id}`, body);
const verify = async (api: Api, id: string) => (await api.get(`/api/v1/domains/${id}/verify`)).body.data;

describe('receiving on a domain', () => {
  it('adds the receiving MX record, and verify reports whether every MX points at SES receiving', async () => {
    const { api } = await createTestOrganization();
    const domain = await addDomain(api);
    expect(domain).toMatchObject({ receiving: false, receiving_verified: false });

    const on = await patch(api, domain.id, { receiving: true });
    expect(on.status, on.text).toBe(200);
    expect(on.body.data).toMatchObject({ receiving: true, receiving_verified: false, mail_from_subdomain: null });
    const mx = (on.body.data.dns_records as DnsRecord[]).filter((record) => record.purpose === 'receiving_mx');
    expect(mx).toEqual([
      { type: 'MX', name: domain.domain, value: `10 ${INBOUND_HOST}`, purpose: 'receiving_mx', required: false },
    ]);
    expect(await verify(api, domain.id)).toMatchObject({ receiving_verified: false, is_verified: false });

    await dns.setMail(domain.domain, { mx: [{ exchange: `${INBOUND_HOST.toUpperCase()}.`, priority: 10 }] });
    expect(await verify(api, domain.id)).toMatchObject({
      receiving: true,
      receiving_verified: true,
      is_verified: false,
    });
    // A second MX elsewhere would take part of the mail away: not verified.
    await dns.setMail(domain.domain, {
      mx: [
        { exchange: INBOUND_HOST, priority: 10 },
        { exchange: 'mx.elsewhere.test', priority: 20 },
      ],
    });
    expect(await verify(api, domain.id)).toMatchObject({ receiving_verified: false });
    await dns.setMail(domain.domain, { mx: [{ exchange: INBOUND_HOST, priority: 10 }] });
    expect(await verify(api, domain.id)).toMatchObject({ receiving_verified: true });
    expect((await api.get('/api/v1/domains')).body.data[0]).toMatchObject({
      receiving: true,
      receiving_verified: true,
    });

    // Off: the record goes and the check is forgotten; on again, it waits for the next verify.
    const off = await patch(api, domain.id, { receiving: false });
    expect(off.body.data).toMatchObject({ receiving: false, receiving_verified: false });
    expect((off.body.data.dns_records as DnsRecord[]).some((record) => record.purpose === 'receiving_mx')).toBe(false);
    expect((await patch(api, domain.id, { receiving: true })).body.data).toMatchObject({ receiving_verified: false });
    expect(await verify(api, domain.id)).toMatchObject({ receiving_verified: true });
  });

  it('changes receiving and the MAIL FROM together or apart, and refuses a bad value or another organization', async () => {
    const { api } = await createTestOrganization();
    const other = await createTestOrganization();
    const domain = await addDomain(api);
    const both = await patch(api, domain.id, { receiving: true, mail_from_subdomain: 'bounce' });
    expect(both.body.data).toMatchObject({ receiving: true, mail_from_subdomain: 'bounce' });
    expect((await patch(api, domain.id, { mail_from_subdomain: null })).body.data).toMatchObject({
      receiving: true,
      mail_from_subdomain: null,
    });
    for (const value of ['yes', 1, null]) {
      const error = expectError(await patch(api, domain.id, { receiving: value }), 400, 'VALIDATION_ERROR');
      expect(error.details?.[0]?.field).toBe('receiving');
    }
    expectError(await patch(other.api, domain.id, { receiving: false }), 404, 'NOT_FOUND');
    expect((await api.get('/api/v1/domains')).body.data[0]).toMatchObject({ receiving: true });
  });

  it('is switched on and off from the dashboard, with the record to copy and the advice to use a subdomain', async () => {
    const { browser, api } = await dashboardMember();
    const other = await dashboardMember();
    const domain = await addDomain(api);
    const page = await browser.get('/dashboard/domains');
    expect(page.text).toContain(`action="/dashboard/domains/${domain.id}/receiving"`);
    expect(page.text).toContain('Use a subdomain');
    expect(page.text).not.toContain('Receiving MX');

    const on = await browser.post(`/dashboard/domains/${domain.id}/receiving`, { receiving: 'on' });
    expect(on.status, on.text).toBe(303);
    expect(on.headers.get('location')).toContain(`notice=receiving_on&domain=${domain.id}`);
    expect((await api.get('/api/v1/domains')).body.data[0]).toMatchObject({ receiving: true });
    const shown = await browser.get(`/dashboard/domains?notice=receiving_on&domain=${domain.id}`);
    expect(shown.text).toContain('Receiving MX');
    expect(shown.text).toContain(`10 ${INBOUND_HOST}`);
    expect(shown.text).toContain('MX not found');
    expect(shown.text).toContain('Stop receiving');

    // Another organization's member cannot switch it (404), nor post a value other than on or off (400).
    await other.browser.get('/dashboard/domains');
    expect((await other.browser.post(`/dashboard/domains/${domain.id}/receiving`, { receiving: 'off' })).status).toBe(
      404,
    );
    expect((await browser.post(`/dashboard/domains/${domain.id}/receiving`, { receiving: 'maybe' })).status).toBe(400);
    expect((await api.get('/api/v1/domains')).body.data[0]).toMatchObject({ receiving: true });

    const off = await browser.post(`/dashboard/domains/${domain.id}/receiving`, { receiving: 'off' });
    expect(off.status).toBe(303);
    expect((await api.get('/api/v1/domains')).body.data[0]).toMatchObject({ receiving: false });
  });
});
