import { describe, expect, it } from 'vitest';
import { keys } from '#dynamo/keys.ts';
import { planDateCount } from '#emails/list-date-count.ts';

const at = (iso: string) => Date.parse(iso);
const ORG_CREATED = at('2026-01-01T09:30:00.000Z');
const NOW = at('2026-01-10T15:00:00.000Z');

describe('planDateCount', () => {
  it('counts whole days by counter and nothing else for date-only bounds', () => {
    const plan = planDateCount(
      { from: at('2026-01-03T00:00:00.000Z'), to: at('2026-01-05T23:59:59.999Z') },
      '1970-01-01',
      ORG_CREATED,
      NOW,
    );
    expect(plan).toEqual({ days: ['2026-01-03', '2026-01-04', '2026-01-05'], indexRanges: [] });
  });

  it('counts the part-days at both ends through the index', () => {
    const plan = planDateCount(
      { from: at('2026-01-03T10:00:00.000Z'), to: at('2026-01-06T08:00:00.000Z') },
      '1970-01-01',
      ORG_CREATED,
      NOW,
    );
    expect(plan.days).toEqual(['2026-01-04', '2026-01-05']);
    expect(plan.indexRanges).toEqual([
      { from: at('2026-01-03T10:00:00.000Z'), to: at('2026-01-03T23:59:59.999Z') },
      { from: at('2026-01-06T00:00:00.000Z'), to: at('2026-01-06T08:00:00.000Z') },
    ]);
  });

  it('counts a range within one day through the index only', () => {
    const range = { from: at('2026-01-03T10:00:00.000Z'), to: at('2026-01-03T11:00:00.000Z') };
    expect(planDateCount(range, '1970-01-01', ORG_CREATED, NOW)).toEqual({ days: [], indexRanges: [range] });
  });

  it('bounds an open range by the days of the organization and today, whose counters hold everything', () => {
    const plan = planDateCount({}, '1970-01-01', ORG_CREATED, NOW);
    // No email predates the organization: its creation day's counter holds all of that day.
    expect(plan.days[0]).toBe('2026-01-01');
    expect(plan.days.at(-1)).toBe('2026-01-10');
    expect(plan.days).toHaveLength(10);
    expect(plan.indexRanges).toEqual([]);
    // A `to` beyond today: today by its counter, nothing after.
    const later = planDateCount(
      { from: at('2026-01-09T00:00:00.000Z'), to: at('2026-03-01T00:00:00.000Z') },
      '1970-01-01',
      ORG_CREATED,
      NOW,
    );
    expect(later).toEqual({ days: ['2026-01-09', '2026-01-10'], indexRanges: [] });
    // Counters begun after the organization: the days before them through the index.
    expect(planDateCount({}, '2026-01-08', ORG_CREATED, NOW)).toEqual({
      days: ['2026-01-08', '2026-01-09', '2026-01-10'],
      indexRanges: [{ to: at('2026-01-07T23:59:59.999Z') }],
    });
  });

  it('counts the days before the counters began through the index', () => {
    const plan = planDateCount(
      { from: at('2026-01-02T00:00:00.000Z'), to: at('2026-01-06T23:59:59.999Z') },
      '2026-01-05',
      ORG_CREATED,
      NOW,
    );
    expect(plan.days).toEqual(['2026-01-05', '2026-01-06']);
    expect(plan.indexRanges).toEqual([{ from: at('2026-01-02T00:00:00.000Z'), to: at('2026-01-04T23:59:59.999Z') }]);
    // Counters not begun by the range's end: all of it through the index.
    const range = { from: at('2026-01-02T00:00:00.000Z'), to: at('2026-01-03T23:59:59.999Z') };
    expect(planDateCount(range, '2026-01-05', ORG_CREATED, NOW)).toEqual({ days: [], indexRanges: [range] });
  });
});

describe('the status index keys', () => {
  it('leave delivered emails out of the status index, and put every other status in', () => {
    const entry = keys.emailListEntry('org', 'live', 'delivered', 'id-1', '2026-01-01T00:00:00.000Z');
    expect(entry).not.toHaveProperty('GSI4PK');
    expect(entry.GSI3PK).toMatch(/^ORG#org#live#EMAILS#[0-3]$/);
    expect(keys.emailStatusEntry('org', 'live', 'delivered', 'id-1')).toEqual({});
    for (const status of ['queued', 'bounced', 'failed', 'opened']) {
      expect(keys.emailStatusEntry('org', 'live', status, 'id-1').GSI4PK).toMatch(
        new RegExp(`^ORG#org#live#STATUS#${status}#[0-3]$`),
      );
      expect(keys.emailListEntry('org', 'live', status, 'id-1', '2026-01-01T00:00:00.000Z')).toHaveProperty('GSI4PK');
    }
  });
});
