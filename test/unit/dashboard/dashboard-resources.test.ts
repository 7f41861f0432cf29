/**
 * The pure parts of the Domains, Suppressions and Templates pages: domain status, notices, sample
 * data for previews and the preview frame's headers.
 */
import { describe, expect, it } from 'vitest';
import { domainStatus, domainsPage } from '#dashboard/domains/domains.view.ts';
import type { PageResult } from '#dashboard/page-result.ts';
import { SANDBOXED_DOCUMENT_HEADERS } from '#dashboard/sandbox.ts';
import { suppressionsPage } from '#dashboard/suppressions/suppressions.view.ts';
import { previewBodyResult, previewErrorResult } from '#dashboard/templates/template-detail.view.ts';
import {
  defaultSampleData,
  MAX_SAMPLE_DATA_ENCODED_LENGTH,
  parseSampleData,
  sampleFields,
  variableRows,
} from '#dashboard/templates/template-sample-data.ts';

const member = { organizationId: 'org_test', memberEmail: 'member@example.com', csrfToken: 'token' };

const bodyOf = (result: PageResult): string => {
  if ('redirect' in result) throw new Error('a redirect');
  return result.body.value;
};

describe('domainStatus', () => {
  it('is verified, pending before the first success, failed after losing it', () => {
    expect(domainStatus({ is_verified: true, verified_at: '2026-01-01T00:00:00.000Z' })).toBe('verified');
    expect(domainStatus({ is_verified: false })).toBe('pending');
    expect(domainStatus({ is_verified: false, verified_at: '2026-01-01T00:00:00.000Z' })).toBe('failed');
  });
});

describe('template sample data', () => {
  const template = {
    variables: ['title', 'count', 'flag', 'list', 'obj', 'free', '__proto__'],
    variable_schema: [
      { name: 'title', type: 'string' as const, required: true },
      { name: 'count', type: 'number' as const, required: false },
      { name: 'flag', type: 'boolean' as const, required: false },
      { name: 'list', type: 'array' as const, required: false },
      { name: 'obj', type: 'object' as const, required: false, default_value: { a: [1] } },
      { name: 'schema_only', type: 'string' as const, required: false, default_value: 'x' },
    ],
  };

  it('lists the used variables, then those only in the schema', () => {
    expect(variableRows(template).map((row) => [row.name, row.definition?.type])).toEqual([
      ['title', 'string'],
      ['count', 'number'],
      ['flag', 'boolean'],
      ['list', 'array'],
      ['obj', 'object'],
      ['free', undefined],
      ['__proto__', undefined],
      ['schema_only', 'string'],
    ]);
  });

  it('uses defaults, else a placeholder per type; an untyped variable is its name in brackets', () => {
    const data = defaultSampleData(template);
    expect(JSON.stringify(data)).toBe(
      '{"title":"[title]","count":1,"flag":true,"list":[],"obj":{"a":[1]},"free":"[free]","__proto__":"[__proto__]","schema_only":"x"}',
    );
    expect(Object.getPrototypeOf(data)).toBe(Object.prototype);
    // A default is copied, never shared with the schema.
    expect(data.obj).not.toBe(template.variable_schema[4]?.default_value);
  });

  it('parses ?data=: blank → the default; a JSON object → itself; anything else → a message', () => {
    expect(parseSampleData(undefined, template)).toEqual({
      ok: true,
      data: defaultSampleData(template),
      custom: false,
    });
    expect(parseSampleData('  ', template)).toMatchObject({ ok: true, custom: false });
    expect(parseSampleData('{"a": 1}')).toEqual({ ok: true, data: { a: 1 }, custom: true });
    for (const raw of ['{', '[]', '1', 'null', '"a"', `${'{"a":'.repeat(40)}1${'}'.repeat(40)}`]) {
      expect(parseSampleData(raw)).toMatchObject({ ok: false, message: expect.stringMatching(/^The sample data /) });
    }
  });

  it('caps the sample data by its length once percent-encoded, as it travels in the address', () => {
    const refused = { ok: false, message: 'The sample data must be at most 6 KB once in the address.' };
    // `{"a":"` and `"}` are 22 characters once encoded; each `x` one, each `é` six (%C3%A9).
    const fits = `{"a":"${'x'.repeat(MAX_SAMPLE_DATA_ENCODED_LENGTH - 22)}"}`;
    expect(encodeURIComponent(fits)).toHaveLength(MAX_SAMPLE_DATA_ENCODED_LENGTH);
    expect(parseSampleData(fits)).toMatchObject({ ok: true, custom: true });
    expect(parseSampleData(`{"a":"${'x'.repeat(MAX_SAMPLE_DATA_ENCODED_LENGTH - 21)}"}`)).toEqual(refused);
    // 1,100 characters of text, but 6,600 once encoded.
    const accented = `{"a":"${'é'.repeat(1100)}"}`;
    expect(accented.length).toBeLessThan(MAX_SAMPLE_DATA_ENCODED_LENGTH);
    expect(parseSampleData(accented)).toEqual(refused);
  });

  it('shows the typed text and frames it as is; the default is pretty-printed and framed compact if it fits', () => {
    const custom = parseSampleData('{ "a": 1 }');
    if (!custom.ok) throw new Error(custom.message);
    expect(sampleFields('{ "a": 1 }', custom)).toEqual({ sampleText: '{ "a": 1 }', frameData: '{ "a": 1 }' });

    const byDefault = parseSampleData(undefined, template);
    if (!byDefault.ok) throw new Error(byDefault.message);
    expect(sampleFields(undefined, byDefault)).toEqual({
      sampleText: JSON.stringify(byDefault.data, null, 2),
      frameData: JSON.stringify(byDefault.data),
    });

    // A default sample too large for an address: the frame rebuilds it (no `?data=`).
    const large = {
      variables: ['big'],
      variable_schema: [{ name: 'big', type: 'string' as const, required: false, default_value: '"'.repeat(2100) }],
    };
    const largeDefault = parseSampleData('', large);
    if (!largeDefault.ok) throw new Error(largeDefault.message);
    expect(JSON.stringify(largeDefault.data).length).toBeLessThan(MAX_SAMPLE_DATA_ENCODED_LENGTH);
    expect(sampleFields('', largeDefault)).toEqual({
      sampleText: JSON.stringify(largeDefault.data, null, 2),
      frameData: undefined,
    });
  });
});

describe('the template preview frame', () => {
  it('is a sandboxed document with the same headers as an email body, refusals included', () => {
    const rendered = previewBodyResult({
      subject: 's',
      html: '<p onclick=x>Hi</p>',
      text: null,
      variables: [],
      warnings: [],
    });
    expect(bodyOf(rendered)).toBe('<p onclick=x>Hi</p>');
    expect('headers' in rendered && rendered.headers).toEqual(SANDBOXED_DOCUMENT_HEADERS);
    const refused = previewErrorResult('The sample data is not valid JSON: <x>');
    expect('status' in refused && refused.status).toBe(400);
    expect(bodyOf(refused)).toContain('<p>The sample data is not valid JSON: &lt;x&gt;</p>');
    expect('headers' in refused && refused.headers).toEqual(SANDBOXED_DOCUMENT_HEADERS);
    expect(SANDBOXED_DOCUMENT_HEADERS).toMatchObject({
      'Content-Security-Policy': expect.stringMatching(/^sandbox; .*; frame-ancestors 'self'$/),
      'X-Frame-Options': 'SAMEORIGIN',
      'Referrer-Policy': 'no-referrer',
    });
  });
});

describe('page notices', () => {
  const pagination = { page: 1, limit: 20, total_count: 0, total_pages: 0 };

  it('shows only the fixed notice a known ?notice= selects, never an inherited name or the text itself', () => {
    const suppressions = (notice: string) => bodyOf(suppressionsPage({ member, items: [], pagination, notice }));
    expect(suppressions('removed')).toContain('class="notice ok" role="status">The address was removed');
    for (const notice of ['constructor', '__proto__', 'toString', '<b>x</b>']) {
      expect(suppressions(notice)).not.toContain('class="notice');
      expect(suppressions(notice)).not.toContain('<b>x</b>');
    }
    const domains = (notice: string) => bodyOf(domainsPage({ member, domains: [], notice }));
    expect(domains('still_pending')).toContain(
      'class="notice warn" role="status">The domain is not verified: the required records were not all found.',
    );
    expect(domains('hasOwnProperty')).not.toContain('class="notice');
  });
});
