import { describe, expect, it } from 'vitest';
import { DEFAULT_GUARD, effectiveGuard, judge, judgedCounts, windowHours } from '#deliverability/sending-guard.ts';

const counts = (sent: number, bounced: number, complained = 0) => ({ sent, bounced, complained });

describe('the sending guard', () => {
  it('pauses at the thresholds, not below them, and only from the minimum volume', () => {
    const now = '2026-11-25T10:00:00.000Z';
    expect(judge(counts(100, 4), DEFAULT_GUARD, now)).toMatchObject({
      bounce_rate: 0.04,
      reason: 'bounce rate 4% ≥ 4% over the last 24 hours (100 sent)',
    });
    expect(judge(counts(100, 3), DEFAULT_GUARD, now)).toBeUndefined();
    expect(judge(counts(10_000, 0, 8), DEFAULT_GUARD, now)).toMatchObject({ complaint_rate: 0.0008 });
    expect(judge(counts(10_000, 0, 7), DEFAULT_GUARD, now)).toBeUndefined();
    expect(judge(counts(99, 99), DEFAULT_GUARD, now)).toBeUndefined();
    expect(judge(counts(200, 10, 1), DEFAULT_GUARD, now)?.reason).toBe(
      'bounce rate 5% ≥ 4% and complaint rate 0.5% ≥ 0.08% over the last 24 hours (200 sent)',
    );
  });

  it('judges the rolling 24 hours, and only what was sent since a resume', () => {
    const window = windowHours(Date.parse('2026-11-25T10:30:00Z'));
    expect(window).toEqual({ first: 'H#2026-11-24T11', last: 'H#2026-11-25T10' });
    const hours = new Map([
      ['H#2026-11-24T10', counts(1000, 1000)], // outside the window
      ['H#2026-11-24T11', counts(100, 50)],
      ['H#2026-11-25T09', counts(100, 0)],
      ['H#2026-11-25T10', counts(40, 10)],
    ]);
    expect(judgedCounts(hours, window, undefined)).toEqual(counts(240, 60));
    const resume = { resumed_at: '2026-11-25T09:15:00Z', hour: 'H#2026-11-25T09', counted: counts(30, 0) };
    expect(judgedCounts(hours, window, resume)).toEqual(counts(110, 10));
  });

  it('is on for live and off for test unless an operator said otherwise, each setting over its default', () => {
    expect(effectiveGuard('live', undefined)).toEqual({ ...DEFAULT_GUARD, enabled: true });
    expect(effectiveGuard('test', undefined)).toEqual({ ...DEFAULT_GUARD, enabled: false });
    expect(effectiveGuard('test', { enabled: true, min_volume: 4 })).toEqual({
      ...DEFAULT_GUARD,
      min_volume: 4,
      enabled: true,
    });
    expect(effectiveGuard('live', { enabled: false })).toMatchObject({ enabled: false, bounce_rate: 0.04 });
  });
});
