/**
 * What the deliverability counters count, per organization, environment and UTC hour (a day is its 24 hours),
 * per recipient (pure): the hand-over's `sent`, less recipients suppressed at it, and one per stored
 * event otherwise. Events are read from the table's stream, where each stored event appears once, so a
 * notification SES repeats is counted once. The counts: docs/api.md, "Metrics"; the counters:
 * docs/data-model.md, MT1–MT3.
 */
import type { Environment } from '#core/environment.ts';

export const METRIC_COUNTS = [
  'sent',
  'delivered',
  'bounced',
  'bounced_hard',
  'bounced_soft',
  'complained',
  'opened',
  'clicked',
  'failed',
  'unsubscribed',
] as const;
export type MetricCount = (typeof METRIC_COUNTS)[number];
export type MetricCounts = Record<MetricCount, number>;

/** The email event types counted, and the count each adds to. */
const EVENT_COUNTS: Partial<Record<string, MetricCount>> = {
  delivered: 'delivered',
  bounced: 'bounced',
  complained: 'complained',
  opened: 'opened',
  clicked: 'clicked',
  failed: 'failed',
  unsubscribed: 'unsubscribed',
};
/** The event types the counters read from the stream (the stream handler's filter names them). */
export const COUNTED_EVENT_TYPES = Object.keys(EVENT_COUNTS);

export const emptyCounts = (): MetricCounts =>
  Object.fromEntries(METRIC_COUNTS.map((count) => [count, 0])) as MetricCounts;

/** The hour and day buckets of an ISO time (UTC): `H#2026-11-25T09`, `D#2026-11-25`. */
export function bucketsOf(time: string): { hour: string; day: string } {
  const iso = new Date(time).toISOString();
  return { hour: `H#${iso.slice(0, 13)}`, day: `D#${iso.slice(0, 10)}` };
}

/** The day bucket an hour bucket belongs to (`H#2026-11-25T09` → `D#2026-11-25`). */
export const dayOfHour = (hourBucket: string): string => `D#${hourBucket.slice(2, 12)}`;

/** One counted happening: whose, when, and what it adds. */
export interface CountedChange {
  organizationId: string;
  environment: Environment;
  time: string;
  counts: Partial<MetricCounts>;
}

/** An email's facts the counts need. */
export interface CountedEmail {
  environment: Environment;
  recipients: number;
  suppressedAtHandOver: number;
}

/** What a stored email event adds (undefined: not counted). */
export function countsOfEvent(
  event: { type: string; recipient: string | null; detail?: string | undefined },
  email: Pick<CountedEmail, 'recipients'>,
): Partial<MetricCounts> | undefined {
  const count = EVENT_COUNTS[event.type];
  if (!count) return undefined;
  if (count === 'failed') return { failed: event.recipient ? 1 : Math.max(email.recipients, 1) };
  if (count === 'bounced') {
    const hard = (event.detail ?? '').startsWith('Permanent');
    return { bounced: 1, [hard ? 'bounced_hard' : 'bounced_soft']: 1 };
  }
  return { [count]: 1 };
}

/** What the hand-over adds: every recipient it went to. */
export function countsOfHandOver(email: Pick<CountedEmail, 'recipients' | 'suppressedAtHandOver'>) {
  return { sent: Math.max(email.recipients - email.suppressedAtHandOver, 0) };
}

/**
 * The sum of counted changes per organization, environment and hour (`<org>|<env>|<hour bucket>`): only
 * hours are written; a day's counts are its hours' summed at read (metric-counter.store.ts readCounters).
 */
export function sumByBucket(changes: readonly CountedChange[]): Map<string, MetricCounts> {
  const sums = new Map<string, MetricCounts>();
  for (const change of changes) {
    const key = `${change.organizationId}|${change.environment}|${bucketsOf(change.time).hour}`;
    const sum = sums.get(key) ?? emptyCounts();
    for (const [name, value] of Object.entries(change.counts) as Array<[MetricCount, number]>) sum[name] += value;
    sums.set(key, sum);
  }
  return sums;
}

/** bounce_rate and complaint_rate: fractions of `sent` (0 when nothing was sent). */
export function ratesOf(counts: Pick<MetricCounts, 'sent' | 'bounced' | 'complained'>) {
  return {
    bounce_rate: counts.sent > 0 ? counts.bounced / counts.sent : 0,
    complaint_rate: counts.sent > 0 ? counts.complained / counts.sent : 0,
  };
}
