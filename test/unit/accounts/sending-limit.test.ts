import { describe, expect, it } from 'vitest';
import { checkSendingLimit, DEFAULT_SENDING_LIMITS, sendingLimitsFor, usagePeriods } from '#accounts/sending-limit.ts';
import { ApiError } from '#core/errors.ts';

const NOW = Date.parse('2026-11-22T15:30:00.000Z');

function refusal(run: () => void): ApiError {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected LIMIT_EXCEEDED, the send was allowed');
}

describe('sending limits', () => {
  it('defaults to 50,000/day and 1,000,000/month live, 1,000/day and no monthly limit in test', () => {
    expect(sendingLimitsFor({}, 'live')).toEqual({ daily: 50_000, monthly: 1_000_000 });
    expect(sendingLimitsFor({}, 'test')).toEqual({ daily: 1_000, monthly: null });
    expect(DEFAULT_SENDING_LIMITS.test.monthly).toBeNull();
  });

  it("uses the organization's own limits, each environment separately", () => {
    const settings = { dailyRecipientLimitLive: 10, monthlyRecipientLimitLive: 20, dailyRecipientLimitTest: 3 };
    expect(sendingLimitsFor(settings, 'live')).toEqual({ daily: 10, monthly: 20 });
    expect(sendingLimitsFor(settings, 'test')).toEqual({ daily: 3, monthly: null });
    expect(sendingLimitsFor({ monthlyRecipientLimitLive: 5 }, 'live')).toEqual({ daily: 50_000, monthly: 5 });
    expect(sendingLimitsFor({ dailyRecipientLimitLive: 0 }, 'live').daily).toBe(0);
  });

  it('allows a send that reaches the daily limit exactly and refuses one recipient more', () => {
    expect(() => checkSendingLimit({}, 'test', 2, { day: 998, month: 998 }, NOW)).not.toThrow();
    expect(() => checkSendingLimit({}, 'test', 1, { day: 999, month: 999 }, NOW)).not.toThrow();

    const error = refusal(() => checkSendingLimit({}, 'test', 3, { day: 998, month: 998 }, NOW));
    expect(error.code).toBe('LIMIT_EXCEEDED');
    expect(error.statusCode).toBe(429);
    expect(error.message).toContain('daily limit');
    expect(error.details).toEqual([
      {
        field: 'daily_limit',
        message: '1000 recipients per UTC day (test); 998 used; resets at 2026-11-23T00:00:00.000Z',
      },
    ]);
  });

  it('refuses any send once the limit is used up, and a send larger than the whole limit', () => {
    expect(() => checkSendingLimit({ dailyRecipientLimitTest: 3 }, 'test', 1, { day: 3, month: 3 }, NOW)).toThrow(
      ApiError,
    );
    expect(() => checkSendingLimit({ dailyRecipientLimitTest: 3 }, 'test', 4, { day: 0, month: 0 }, NOW)).toThrow(
      ApiError,
    );
    // A limit of 0 stops sending in that environment altogether.
    expect(() => checkSendingLimit({ dailyRecipientLimitLive: 0 }, 'live', 1, { day: 0, month: 0 }, NOW)).toThrow(
      ApiError,
    );
  });

  it('checks the monthly limit in live, resetting on the 1st of next month', () => {
    expect(() => checkSendingLimit({}, 'live', 50, { day: 0, month: 999_950 }, NOW)).not.toThrow();
    const error = refusal(() => checkSendingLimit({}, 'live', 51, { day: 0, month: 999_950 }, NOW));
    expect(error.message).toContain('monthly limit');
    expect(error.details).toEqual([
      {
        field: 'monthly_limit',
        message: '1000000 recipients per calendar month (live); 999950 used; resets at 2026-12-01T00:00:00.000Z',
      },
    ]);
  });

  it('names both limits when a send crosses both', () => {
    const settings = { dailyRecipientLimitLive: 10, monthlyRecipientLimitLive: 10 };
    const error = refusal(() => checkSendingLimit(settings, 'live', 2, { day: 9, month: 9 }, NOW));
    expect(error.message).toContain('daily and monthly limits');
    expect(error.details?.map((detail) => detail.field)).toEqual(['daily_limit', 'monthly_limit']);
  });

  it('has no monthly limit in test, however large the month', () => {
    expect(() => checkSendingLimit({}, 'test', 50, { day: 0, month: 50_000_000 }, NOW)).not.toThrow();
    // …and a live monthly limit does not apply to test.
    expect(() =>
      checkSendingLimit({ monthlyRecipientLimitLive: 1 }, 'test', 50, { day: 0, month: 100 }, NOW),
    ).not.toThrow();
  });

  it('resets at the next UTC midnight and on the 1st of the next UTC month, across year ends', () => {
    expect(usagePeriods(NOW)).toEqual({
      day: '2026-11-22',
      month: '2026-11',
      dayResetsAt: new Date('2026-11-23T00:00:00.000Z'),
      monthResetsAt: new Date('2026-12-01T00:00:00.000Z'),
    });
    // The last millisecond of a day and of a year.
    expect(usagePeriods(Date.parse('2026-12-31T23:59:59.999Z'))).toEqual({
      day: '2026-12-31',
      month: '2026-12',
      dayResetsAt: new Date('2027-01-01T00:00:00.000Z'),
      monthResetsAt: new Date('2027-01-01T00:00:00.000Z'),
    });
    // Midnight belongs to the new day; the day is UTC whatever the process's time zone.
    expect(usagePeriods(Date.parse('2027-01-01T00:00:00.000Z')).day).toBe('2027-01-01');
    expect(usagePeriods(new Date('2028-02-28T23:30:00-05:00'))).toMatchObject({
      day: '2028-02-29',
      month: '2028-02',
      dayResetsAt: new Date('2028-03-01T00:00:00.000Z'),
      monthResetsAt: new Date('2028-03-01T00:00:00.000Z'),
    });

    const lastMinute = Date.parse('2026-11-30T23:59:00.000Z');
    const error = refusal(() => checkSendingLimit({}, 'test', 1, { day: 1000, month: 5000 }, lastMinute));
    expect(error.details?.[0]?.message).toContain('resets at 2026-12-01T00:00:00.000Z');
  });
});
