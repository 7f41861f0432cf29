/**
 * The email list's pure parts: date bounds, the query schema, the sort-key range, and the
 * newest-first merge of sharded sources (with fake sources that count what they are asked for).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDateBound } from '#core/date-query.ts';
import {
  type FetchPage,
  MAX_LIST_DEPTH,
  readNewestFirst,
  type SortedEntry,
  sortKeyRange,
} from '#emails/list.service.ts';
import { emailListQuery } from '#emails/list-query.ts';

describe('parseDateBound', () => {
  it('reads a date without a time as the whole UTC day', () => {
    expect(parseDateBound('2026-11-22', 'start')).toBe('2026-11-22T00:00:00.000Z');
    expect(parseDateBound('2026-11-22', 'end')).toBe('2026-11-22T23:59:59.999Z');
    expect(parseDateBound('2024-02-29', 'end')).toBe('2024-02-29T23:59:59.999Z');
  });

  it('reads date-times with a time zone, in UTC', () => {
    expect(parseDateBound('2026-11-22T10:00:00Z', 'start')).toBe('2026-11-22T10:00:00.000Z');
    expect(parseDateBound('2026-11-22T10:00Z', 'end')).toBe('2026-11-22T10:00:00.000Z');
    expect(parseDateBound('2026-11-22T10:00:00.5+02:00', 'start')).toBe('2026-11-22T08:00:00.500Z');
    expect(parseDateBound('2026-11-22T01:00:00-05:30', 'start')).toBe('2026-11-22T06:30:00.000Z');
    // An unencoded `+` arrives as a space.
    expect(parseDateBound('2026-11-22T10:00:00 02:00', 'start')).toBe('2026-11-22T08:00:00.000Z');
    expect(parseDateBound('2026-11-22t10:00:00z', 'start')).toBe('2026-11-22T10:00:00.000Z');
  });

  it('rounds sub-millisecond digits inwards', () => {
    expect(parseDateBound('2026-11-22T10:00:00.0001Z', 'start')).toBe('2026-11-22T10:00:00.001Z');
    expect(parseDateBound('2026-11-22T10:00:00.0019Z', 'end')).toBe('2026-11-22T10:00:00.001Z');
    expect(parseDateBound('2026-11-22T10:00:00.123000000Z', 'start')).toBe('2026-11-22T10:00:00.123Z');
    expect(parseDateBound('2026-11-22T10:00:00.123000000Z', 'end')).toBe('2026-11-22T10:00:00.123Z');
  });

  it('refuses anything else', () => {
    for (const value of [
      '',
      'yesterday',
      '2026-11-22T10:00:00', // no time zone
      '2026-13-01',
      '2026-02-30',
      '2025-02-29',
      '2026-11-22T24:00:00Z',
      '2026-11-22T10:60Z',
      '2026-11-22T10:00:00+24:00',
      '26-11-22',
      '2026-11-22T10Z',
      '1700000000',
    ]) {
      expect(parseDateBound(value, 'start'), value).toBeUndefined();
    }
  });

  it('agrees with Date for any instant written in UTC', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1970-01-01'), max: new Date('9999-12-31'), noInvalidDate: true }),
        (date) => {
          const iso = date.toISOString();
          expect(parseDateBound(iso, 'start')).toBe(iso);
          expect(parseDateBound(iso, 'end')).toBe(iso);
        },
      ),
    );
  });
});

describe('emailListQuery', () => {
  const parse = (query: Record<string, string>) => emailListQuery.safeParse(query);
  const problems = (query: Record<string, string>) => {
    const result = parse(query);
    return result.success
      ? []
      : result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  };

  it('has defaults and normalises values', () => {
    expect(parse({}).data).toEqual({ page: 1, limit: 20 });
    expect(
      parse({
        status: 'bounced',
        from_date: '2026-11-01',
        to_date: '2026-11-22',
        to: ' Jane@Example.COM ',
        tag: 'campaign:launch',
        environment: 'live',
        page: '2',
        limit: '50',
      }).data,
    ).toEqual({
      page: 2,
      limit: 50,
      status: 'bounced',
      from_date: '2026-11-01T00:00:00.000Z',
      to_date: '2026-11-22T23:59:59.999Z',
      to: 'jane@example.com',
      tag: 'campaign:launch',
      environment: 'live',
    });
  });

  it('reports each invalid value on its field', () => {
    const found = problems({
      status: 'sent',
      from_date: 'x',
      to_date: '2026-11-31',
      to: 'nobody',
      tag: 'campaign',
      environment: 'prod',
      limit: '101',
      extra: '1',
    });
    expect(found.map((problem) => problem.path).sort()).toEqual(
      ['', 'environment', 'from_date', 'limit', 'status', 'tag', 'to', 'to_date'].sort(),
    );
  });

  it('checks tag names and values like the send request does', () => {
    expect(problems({ tag: 'a:b' })).toEqual([]);
    expect(problems({ tag: 'a-b_c:D-9' })).toEqual([]);
    for (const tag of [':b', 'a:', 'a:b:c', 'a.b:c', 'a:b c', `${'x'.repeat(257)}:v`]) {
      expect(
        problems({ tag }).map((problem) => problem.path),
        tag,
      ).toEqual(['tag']);
    }
  });

  it('refuses from_date after to_date, but not equal bounds', () => {
    expect(problems({ from_date: '2026-11-23', to_date: '2026-11-22' })).toEqual([
      { path: 'to_date', message: 'to_date must not be before from_date' },
    ]);
    expect(problems({ from_date: '2026-11-22', to_date: '2026-11-22' })).toEqual([]);
    expect(problems({ from_date: '2026-11-22T10:00:00Z', to_date: '2026-11-22T10:00:00Z' })).toEqual([]);
  });

  it(`leaves page × limit beyond ${MAX_LIST_DEPTH} to the list (a page past the end is answered, not refused)`, () => {
    expect(problems({ page: '100', limit: '100' })).toEqual([]);
    expect(problems({ page: '101', limit: '100' })).toEqual([]);
    expect(problems({ page: '1000000', limit: '20' })).toEqual([]);
  });
});

describe('sortKeyRange', () => {
  it('includes every id of the last millisecond of the range', () => {
    const range = sortKeyRange('2026-11-22T00:00:00.000Z', '2026-11-22T23:59:59.999Z');
    const at = (created: string) => `${created}#01900000-0000-7000-8000-000000000001`;
    const inside = (key: string) => key >= (range.from ?? '') && key <= (range.to ?? '\uffff');
    expect(inside(at('2026-11-22T00:00:00.000Z'))).toBe(true);
    expect(inside(at('2026-11-22T23:59:59.999Z'))).toBe(true);
    expect(inside('2026-11-22T23:59:59.999Z#ffffffff-ffff-7fff-bfff-ffffffffffff')).toBe(true);
    expect(inside(at('2026-11-21T23:59:59.999Z'))).toBe(false);
    expect(inside(at('2026-11-23T00:00:00.000Z'))).toBe(false);
    expect(sortKeyRange(undefined, undefined)).toEqual({});
  });
});

/** A sorted source over `keys` (descending), recording every page asked of it. */
function fakeSource(keys: string[], log: { limit: number }[]): FetchPage<string> {
  const sorted = [...keys].sort().reverse();
  return async (limit, cursor) => {
    log.push({ limit });
    const start = cursor ? Number(cursor.at) : 0;
    const entries = sorted.slice(start, start + limit).map((key): SortedEntry<string> => ({ sortKey: key, item: key }));
    const next = start + entries.length;
    return next < sorted.length ? { entries, cursor: { at: next } } : { entries };
  };
}

describe('readNewestFirst', () => {
  it('merges sources newest first and stops at `wanted`', async () => {
    fc.assert(
      await fc.asyncProperty(
        fc.array(fc.uniqueArray(fc.integer({ min: 0, max: 99_999 }), { maxLength: 60 }), {
          minLength: 1,
          maxLength: 8,
        }),
        fc.integer({ min: 1, max: 200 }),
        async (shards, wanted) => {
          // Keys unique across sources, as `<created_at>#<id>` keys are.
          const keyed = shards.map((values, shard) =>
            values.map((value) => `${String(value).padStart(5, '0')}#${shard}`),
          );
          const log: { limit: number }[] = [];
          const merged = await readNewestFirst(
            keyed.map((keys) => fakeSource(keys, log)),
            wanted,
          );
          const expected = keyed.flat().sort().reverse().slice(0, wanted);
          expect(merged.map((entry) => entry.item)).toEqual(expected);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('reads about `wanted` entries, not the whole sources', async () => {
    // 4 shards of 10,000 entries each, spread like hash shards.
    const keys = Array.from({ length: 40_000 }, (_, i) => `${String(i).padStart(6, '0')}`);
    const shards = [0, 1, 2, 3].map((shard) => keys.filter((_, i) => ((i * 2654435761) % 2 ** 32) % 4 === shard));
    for (const wanted of [20, 200, 10_000]) {
      const log: { limit: number }[] = [];
      const merged = await readNewestFirst(
        shards.map((shard) => fakeSource(shard, log)),
        wanted,
      );
      expect(merged).toHaveLength(wanted);
      const read = log.reduce((sum, page) => sum + page.limit, 0);
      expect(read, `wanted ${wanted}`).toBeLessThan(wanted * 1.6 + 40);
      expect(log.length, `wanted ${wanted}`).toBeLessThanOrEqual(wanted >= 10_000 ? 80 : 8);
    }
  });

  it('keeps reading a source whose pages run short, and ends when all are exhausted', async () => {
    const log: { limit: number }[] = [];
    // Everything in one shard: the others end at once, the full one is read page after page.
    const merged = await readNewestFirst(
      [
        fakeSource(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l', 'm', 'n', 'o'], log),
        fakeSource([], log),
      ],
      100,
    );
    expect(merged.map((entry) => entry.item).join('')).toBe('onmlkjihgfedcba');
    const none = await readNewestFirst([fakeSource([], []), fakeSource([], [])], 20);
    expect(none).toEqual([]);
  });
});
