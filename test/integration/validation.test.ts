/**
 * Address validation through HTTP on the local stack, against the test DNS server on 127.0.0.1, and
 * the auto-validation of recipients at send time for each threshold.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { dnsControl } from '../support/dns-control.ts';
import { createSender, createTestOrganization, recipients } from '../support/factories.ts';
import { expectError } from '../support/http.ts';

const dns = dnsControl(inject('dnsControlUrl'));
type Api = Awaited<ReturnType<typeof createTestOrganization>>['api'];

/** Fresh domains for one test: one with MX, one with only an A record, one unknown, one failing. */
async function domains() {
  const id = randomBytes(4).toString('hex');
  const names = {
    mx: `mx${id}.test`,
    aOnly: `a${id}.test`,
    unknown: `none${id}.test`,
    broken: `broken${id}.test`,
  };
  await dns.setMail(names.mx, { mx: [{ exchange: `mail.${names.mx}`, priority: 10 }] });
  await dns.setMail(names.aOnly, { a: ['192.0.2.10'] });
  await dns.setBehaviour(names.broken, 'servfail');
  return names;
}

const validate = (api: Api, email: unknown) => api.post('/api/v1/emails/validate', { email });

describe('POST /emails/validate', () => {
  it('classifies by syntax, MX (with the A fallback), DNS failures, role, typo and suppression', async () => {
    const { api } = await createTestOrganization();
    const d = await domains();
    await api.post('/api/v1/suppressions', { email: `gone@${d.mx}`, reason: 'manual' });
    const cases: Array<[string, string, string[]]> = [
      [`ann@${d.mx}`, 'deliverable', []],
      [`ann@${d.aOnly}`, 'deliverable', []],
      [`ann@${d.unknown}`, 'undeliverable', ['domain_not_found']],
      [`ann@${d.broken}`, 'risky', ['dns_error']],
      [`admin@${d.mx}`, 'risky', ['role_address']],
      [`gone@${d.mx}`, 'undeliverable', ['suppressed']],
      ['not an address', 'undeliverable', ['invalid_syntax']],
    ];
    for (const [email, verdict, reason] of cases) {
      const response = await validate(api, email);
      expect(response.status, response.text).toBe(200);
      expect(response.body.data, email).toMatchObject({ email, verdict, reason });
    }
    const full = (await validate(api, `ann@${d.mx}`)).body.data;
    expect(full).toEqual({
      email: `ann@${d.mx}`,
      verdict: 'deliverable',
      score: 1,
      reason: [],
      did_you_mean: null,
      checks: { syntax: 'pass', mx: 'pass', disposable: 'pass', role: 'pass', suppressed: 'pass' },
    });
    expect((await validate(api, `ann@${d.aOnly}`)).body.data.score).toBe(0.95);
    const typo = (await validate(api, 'jane@gmial.com')).body.data;
    expect(typo.verdict).not.toBe('deliverable');
    expect(typo.reason).toContain('possible_typo');
    expect(typo.did_you_mean).toBe('jane@gmail.com');
  });

  it('refuses a bad body with 400, never 5xx', async () => {
    const { api } = await createTestOrganization();
    expectError(await api.post('/api/v1/emails/validate', {}), 400, 'VALIDATION_ERROR');
    expectError(await validate(api, 42), 400, 'VALIDATION_ERROR');
    expectError(await api.post('/api/v1/emails/validate', { email: 'a@b.c', extra: 1 }), 400, 'VALIDATION_ERROR');
    expectError(await api.post('/api/v1/emails/validate/batch', { emails: [] }), 400, 'VALIDATION_ERROR');
    const tooMany = Array.from({ length: 1001 }, (_, i) => `u${i}@example.com`);
    expectError(await api.post('/api/v1/emails/validate/batch', { emails: tooMany }), 400, 'VALIDATION_ERROR');
  });
});

describe('POST /emails/validate/batch', () => {
  it('answers one result per address, in order, a repeated address looked up once', async () => {
    const { api } = await createTestOrganization();
    const d = await domains();
    const emails = [`a@${d.mx}`, `b@${d.unknown}`, `A@${d.mx.toUpperCase()}`, 'bad', `a@${d.mx}`];
    const response = await api.post('/api/v1/emails/validate/batch', { emails });
    expect(response.status, response.text).toBe(200);
    const results = response.body.data as Array<{ email: string; verdict: string }>;
    expect(results.map((result) => [result.email, result.verdict])).toEqual([
      [emails[0], 'deliverable'],
      [emails[1], 'undeliverable'],
      [emails[2], 'deliverable'],
      ['bad', 'undeliverable'],
      [emails[4], 'deliverable'],
    ]);
  });
});

describe('auto-validation at send', () => {
  /** A sender whose organization auto-validates at `threshold`, and the test DNS's domains. */
  async function validatingSender(threshold: string) {
    const sender = await createSender();
    const put = await sender.api.put('/api/v1/settings/auto-validation', { threshold });
    expect(put.status, put.text).toBe(200);
    return { ...sender, d: await domains() };
  }

  it('off: sends without validating', async () => {
    const { send, d } = await validatingSender('off');
    expect((await send({ to: recipients(`ann@${d.unknown}`) })).status).toBe(201);
  });

  for (const threshold of ['managed', 'medium']) {
    it(`${threshold}: refuses undeliverable recipients with RECIPIENTS_INVALID, lets risky ones through`, async () => {
      const { send, d } = await validatingSender(threshold);
      const refused = await send({ to: recipients(`ann@${d.mx}`, `bob@${d.unknown}`) });
      expectError(refused, 400, 'RECIPIENTS_INVALID');
      expect(refused.body.error.details).toEqual([
        { field: 'to[1].email', message: expect.stringContaining('undeliverable (domain_not_found)') },
      ]);
      expect((await send({ to: recipients(`admin@${d.mx}`, `ann@${d.broken}`) })).status).toBe(201);
    });
  }

  it('high: refuses everything that is not deliverable', async () => {
    const { send, d } = await validatingSender('high');
    const refused = await send({ to: recipients(`admin@${d.mx}`, `ann@${d.mx}`, `ann@${d.broken}`) });
    expectError(refused, 400, 'RECIPIENTS_INVALID');
    expect(refused.body.error.details.map((detail: { field: string }) => detail.field)).toEqual([
      'to[0].email',
      'to[2].email',
    ]);
    expect((await send({ to: recipients(`ann@${d.mx}`, `bob@${d.aOnly}`) })).status).toBe(201);
  });

  const batchRejections: Record<string, Array<{ index: number; error: string }>> = {
    off: [],
    managed: [{ index: 1, error: 'Failed auto-validation: undeliverable (domain_not_found)' }],
    medium: [{ index: 1, error: 'Failed auto-validation: undeliverable (domain_not_found)' }],
    high: [
      { index: 1, error: 'Failed auto-validation: undeliverable (domain_not_found)' },
      { index: 2, error: 'Failed auto-validation: risky (role_address)' },
    ],
  };
  for (const [threshold, rejected] of Object.entries(batchRejections)) {
    it(`${threshold}: rejects the failing entries of a batch with a readable reason, sends the rest`, async () => {
      const { api, domain, d } = await validatingSender(threshold);
      const template = await api.post('/api/v1/templates', { name: 't', subject: 'Hi {{name}}', text: 'Hi' });
      const response = await api.post('/api/v1/emails/batch', {
        template_id: template.body.data.id,
        from: { email: `news@${domain}` },
        recipients: [
          { to: { email: `ann@${d.mx}` }, data: { name: 'a' } },
          { to: { email: `bob@${d.unknown}` }, data: { name: 'b' } },
          { to: { email: `info@${d.mx}` }, data: { name: 'c' } },
        ],
      });
      expect(response.status, response.text).toBe(201);
      expect(response.body.data).toMatchObject({ total: 3, accepted: 3 - rejected.length, rejected });
    });
  }
});
