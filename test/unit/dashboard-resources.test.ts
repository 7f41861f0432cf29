/** The pure parts of the Domains and Templates pages: domain status, sample data for previews. */
import { describe, expect, it } from 'vitest';
import { domainStatus } from '../../shared/dashboard/pages/domains.ts';
import {
  defaultSampleData,
  MAX_SAMPLE_DATA_LENGTH,
  parseSampleData,
  variableRows,
} from '../../shared/dashboard/pages/templates.ts';

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
    const long = `{"a":"${'x'.repeat(MAX_SAMPLE_DATA_LENGTH)}"}`;
    expect(parseSampleData(long)).toEqual({ ok: false, message: 'The sample data must be at most 8 KB of JSON.' });
  });
});
