/**
 * The Overview's model, pure: its periods and the query they make of GET /api/v1/metrics, the rates
 * against the sending guard's thresholds and SES's review levels, and the charts' text summaries.
 * The page's query is overview.schemas.ts; its view, overview.view.ts, renders the model.
 */
import type * as z from 'zod';
import type { Environment } from '#core/environment.ts';
import type { BadgeTone } from '#dashboard/components.ts';
import type { MetricCounts } from '#deliverability/metric-counts.ts';
import type { MetricsQuery } from '#deliverability/metrics.contract.ts';
import type { sendingSettings } from '#deliverability/sending.contract.ts';

export const OVERVIEW_PATH = '/dashboard/overview';

export const OVERVIEW_PERIODS = ['24h', '7d', '30d', '90d'] as const;
export type OverviewPeriod = (typeof OVERVIEW_PERIODS)[number];
export const DEFAULT_PERIOD: OverviewPeriod = '30d';
/**
 * The environment shown when the address names none and the organization has sent no email yet;
 * otherwise the page opens on the environment of its most recent email (a newcomer's first test sends).
 */
export const OVERVIEW_DEFAULT_ENVIRONMENT: Environment = 'live';

/** Why the page shows its environment: named in the address, the most recent email's, or the default. */
export type EnvironmentChoice = 'chosen' | 'latest-email' | 'default';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** Each period: its buckets (hours for up to 7 days, else days) and how the page names it. */
export const PERIODS: Readonly<Record<OverviewPeriod, { span: string; granularity: 'hour' | 'day'; buckets: number }>> =
  {
    '24h': { span: 'the last 24 hours', granularity: 'hour', buckets: 24 },
    '7d': { span: 'the last 7 days', granularity: 'hour', buckets: 7 * 24 },
    '30d': { span: 'the last 30 days', granularity: 'day', buckets: 30 },
    '90d': { span: 'the last 90 days', granularity: 'day', buckets: 90 },
  };

export interface OverviewSelection {
  period: OverviewPeriod;
  environment: Environment;
}

/**
 * The metrics query of a period ending now: its buckets from the one holding `now` back, both ends
 * given (so the count never grows by one if an hour turns between here and the read).
 */
export function overviewMetricsQuery(selection: OverviewSelection, now: number = Date.now()): MetricsQuery {
  const { granularity, buckets } = PERIODS[selection.period];
  const size = granularity === 'day' ? DAY_MS : HOUR_MS;
  const last = Math.floor(now / size) * size;
  return {
    granularity,
    environment: selection.environment,
    from_date: new Date(last - (buckets - 1) * size).toISOString(),
    to_date: new Date(now).toISOString(),
  };
}

/** What the page shows of GET /metrics (getMetrics). */
export interface OverviewMetrics {
  environment: Environment;
  granularity: 'day' | 'hour';
  from: string;
  to: string;
  totals: MetricCounts;
  rates: { bounce_rate: number; complaint_rate: number };
  series: ReadonlyArray<MetricCounts & { start: string }>;
}

/** What the page shows of GET /settings/sending (sendingStatus), for one environment: its contract. */
export type OverviewSending = z.output<typeof sendingSettings>;

export const num = (n: number) => n.toLocaleString('en-US');

/** A rate as a percentage, two decimals at most (`4%`, `0.08%`); a rate above 0 never shows as 0. */
export function percent(rate: number): string {
  if (rate > 0 && rate < 0.0001) return '< 0.01%';
  return `${(rate * 100).toFixed(2).replace(/\.?0+$/, '')}%`;
}

/** A rate at or above this share of the lower of its two limits is "near" it. */
export const NEAR_SHARE = 0.75;

export type RateState = 'none' | 'ok' | 'near' | 'over';

/**
 * A rate against the guard's threshold and SES's review level: over one of them (or both), near
 * the lower one (≥ 75% of it), ok, or nothing sent. Said in words; the badge's colour only repeats it.
 */
export function rateState(
  rate: number,
  sent: number,
  limits: { guard: number; ses: number },
): { state: RateState; text: string; tone: BadgeTone } {
  if (sent === 0) return { state: 'none', text: 'Nothing sent', tone: 'neutral' };
  const overGuard = rate >= limits.guard;
  const overSes = rate >= limits.ses;
  if (overGuard && overSes) {
    return { state: 'over', text: "Over the guard's threshold and SES's review level", tone: 'bad' };
  }
  if (overGuard) return { state: 'over', text: "Over the guard's threshold", tone: 'bad' };
  if (overSes) return { state: 'over', text: "Over SES's review level", tone: 'bad' };
  const lower = Math.min(limits.guard, limits.ses);
  if (rate >= NEAR_SHARE * lower) {
    const which = limits.guard <= limits.ses ? "the guard's threshold" : "SES's review level";
    return { state: 'near', text: `Near ${which}`, tone: 'warn' };
  }
  return { state: 'ok', text: 'OK: below both', tone: 'ok' };
}

/** A bucket's short label under a chart's x axis: `20 Nov`, or `20 Nov 09:00` for an hour. */
export function bucketLabel(start: string, granularity: 'day' | 'hour'): string {
  const day = new Date(start).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
  return granularity === 'day' ? day : `${day} ${start.slice(11, 16)}`;
}

/** A bucket's start as the tables and summaries show it: `2026-11-20`, or `2026-11-20 09:00` (UTC). */
export const bucketText = (start: string, granularity: 'day' | 'hour') =>
  granularity === 'day' ? start.slice(0, 10) : `${start.slice(0, 10)} ${start.slice(11, 16)}`;

/** `on 2026-11-20` or `in the hour from 2026-11-20 09:00 UTC`. */
const whenText = (start: string, granularity: 'day' | 'hour') =>
  granularity === 'day'
    ? `on ${bucketText(start, granularity)}`
    : `in the hour from ${bucketText(start, granularity)} UTC`;

/** The bucket with the highest value (the first of equals), or undefined when every value is 0. */
export function peakOf<T>(items: readonly T[], value: (item: T) => number): { item: T; value: number } | undefined {
  let peak: { item: T; value: number } | undefined;
  for (const item of items) {
    const v = value(item);
    if (v > 0 && (!peak || v > peak.value)) peak = { item, value: v };
  }
  return peak;
}

/** The series of the outcomes chart: each its own colour and dash (never colour alone). */
export const OUTCOMES: ReadonlyArray<{ count: keyof MetricCounts; name: string; color: string; dash?: string }> = [
  { count: 'delivered', name: 'Delivered', color: '#146c43' },
  { count: 'bounced', name: 'Bounced', color: '#b42318', dash: '7 4' },
  { count: 'complained', name: 'Complained', color: '#8a4b00', dash: '2 4' },
  { count: 'opened', name: 'Opened', color: '#3a36c4', dash: '10 4 2 4' },
];
export const SENT_COLOR = '#3a36c4';

/** A unit of the period: `day` or `hour`. */
export const unit = (granularity: 'day' | 'hour') => (granularity === 'day' ? 'day' : 'hour');

export function sendsSummary(metrics: OverviewMetrics, period: OverviewPeriod): string {
  const span = PERIODS[period].span;
  const peak = peakOf(metrics.series, (bucket) => bucket.sent);
  if (!peak) return `Nothing sent over ${span}.`;
  return `${num(metrics.totals.sent)} sent over ${span}, peak ${num(peak.value)} ${whenText(peak.item.start, metrics.granularity)}.`;
}

export function outcomesSummary(metrics: OverviewMetrics, period: OverviewPeriod): string {
  const span = PERIODS[period].span;
  const { totals } = metrics;
  const counts = OUTCOMES.map((outcome) => `${num(totals[outcome.count])} ${outcome.name.toLowerCase()}`);
  const parts = `${counts.slice(0, -1).join(', ')} and ${counts.at(-1) ?? ''}`;
  const peakBounces = peakOf(metrics.series, (bucket) => bucket.bounced);
  const bounces = peakBounces
    ? `; most bounces: ${num(peakBounces.value)} ${whenText(peakBounces.item.start, metrics.granularity)}`
    : '';
  return `Over ${span}: ${parts}${bounces}.`;
}
