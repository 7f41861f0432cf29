import { describe, expect, it } from 'vitest';
import { streamHandlers } from '#app/routes.ts';
import {
  bucketsOf,
  COUNTED_EVENT_TYPES,
  countsOfEvent,
  countsOfHandOver,
  dayOfHour,
  ratesOf,
  sumByBucket,
} from '#deliverability/metric-counts.ts';
import { metricStreamFilters } from '#deliverability/routes.ts';

describe('deliverability counts', () => {
  it('counts per recipient: the hand-over less the suppressed, a failed email for each recipient', () => {
    expect(countsOfHandOver({ recipients: 3, suppressedAtHandOver: 1 })).toEqual({ sent: 2 });
    expect(countsOfEvent({ type: 'failed', recipient: null }, { recipients: 3 })).toEqual({ failed: 3 });
    expect(countsOfEvent({ type: 'failed', recipient: 'a@x.test' }, { recipients: 3 })).toEqual({ failed: 1 });
    expect(countsOfEvent({ type: 'delivered', recipient: 'a@x.test' }, { recipients: 3 })).toEqual({ delivered: 1 });
  });

  it('tells hard bounces from soft ones, and leaves uncounted types out', () => {
    const bounce = (detail: string) =>
      countsOfEvent({ type: 'bounced', recipient: 'a@x.test', detail }, { recipients: 1 });
    expect(bounce('Permanent/General: 550 5.1.1')).toEqual({ bounced: 1, bounced_hard: 1 });
    expect(bounce('Transient/MailboxFull')).toEqual({ bounced: 1, bounced_soft: 1 });
    for (const type of ['sent', 'suppressed', 'cancelled', 'delivery_delayed']) {
      expect(countsOfEvent({ type, recipient: null }, { recipients: 1 })).toBeUndefined();
    }
  });

  it('sums by organization, environment and hour (UTC): only hours are written, a day is its hours', () => {
    expect(bucketsOf('2026-11-25T23:59:59.999+00:00')).toEqual({ hour: 'H#2026-11-25T23', day: 'D#2026-11-25' });
    expect(bucketsOf('2026-11-26T00:30:00+01:00')).toEqual({ hour: 'H#2026-11-25T23', day: 'D#2026-11-25' });
    expect(dayOfHour('H#2026-11-25T23')).toBe('D#2026-11-25');
    const sums = sumByBucket([
      { organizationId: 'o', environment: 'test', time: '2026-11-25T09:10:00Z', counts: { sent: 2 } },
      { organizationId: 'o', environment: 'test', time: '2026-11-25T09:50:00Z', counts: { delivered: 1 } },
      { organizationId: 'o', environment: 'test', time: '2026-11-25T10:10:00Z', counts: { sent: 1, delivered: 1 } },
      { organizationId: 'o', environment: 'live', time: '2026-11-25T10:10:00Z', counts: { sent: 5 } },
    ]);
    expect(sums.get('o|test|H#2026-11-25T09')).toMatchObject({ sent: 2, delivered: 1 });
    expect(sums.get('o|test|H#2026-11-25T10')).toMatchObject({ sent: 1, delivered: 1 });
    expect(sums.get('o|live|H#2026-11-25T10')).toMatchObject({ sent: 5 });
    expect([...sums.keys()].some((key) => key.includes('D#'))).toBe(false);
    expect(sums.size).toBe(3);
  });

  it('gives rates over sent, 0 when nothing was sent', () => {
    expect(ratesOf({ sent: 200, bounced: 10, complained: 1 })).toEqual({ bounce_rate: 0.05, complaint_rate: 0.005 });
    expect(ratesOf({ sent: 0, bounced: 0, complained: 0 })).toEqual({ bounce_rate: 0, complaint_rate: 0 });
  });

  it('is fed exactly the counted event types by the stream filter of the route table', () => {
    const counter = streamHandlers.find((handler) => handler.name === 'stream-counters');
    expect(counter?.filterPatterns).toEqual(expect.arrayContaining([...metricStreamFilters]));
    const pattern = JSON.stringify(metricStreamFilters[0]);
    const types = JSON.parse(pattern).dynamodb.NewImage.event_type.S as string[];
    expect([...types].sort()).toEqual([...COUNTED_EVENT_TYPES].sort());
  });
});
