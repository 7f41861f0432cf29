/**
 * The dashboard's Overview (GET /dashboard/overview, the page a member lands on): for a period and an
 * environment, the deliverability totals, the bounce and complaint rates against the sending guard's
 * thresholds and SES's review levels, the guard's state (a banner when an environment is paused),
 * and two charts, sends and outcomes over time, each an inline SVG (svg-chart.ts) with a text
 * summary and a table of every bucket. The numbers are GET /api/v1/metrics's and
 * GET /api/v1/settings/sending's (getMetrics, sendingStatus): counters read per bucket, so the
 * page costs the same whatever the volume (at most 168 buckets: 90 days are read by day).
 */
import * as z from 'zod';
import type { Environment } from '#core/environment.ts';
import type { ErrorDetail } from '#core/errors.ts';
import { html, type SafeHtml } from '#dashboard/html.ts';
import {
  type BadgeTone,
  badge,
  dateTime,
  ENVIRONMENT_LABELS,
  errorList,
  layout,
  notice,
  type PageMember,
} from '#dashboard/layout.ts';
import type { PageResult } from '#dashboard/page-result.ts';
import { type ChartSeries, chartSvg, seriesSwatch } from '#dashboard/svg-chart.ts';
import type { MetricCounts } from '#deliverability/metric-counts.ts';
import type { MetricsQuery } from '#deliverability/metrics.contract.ts';
import { type GuardThresholds, SES_REVIEW_LEVELS } from '#deliverability/sending-guard.ts';

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

/** What the form shows: the values as typed. */
export interface OverviewFilters {
  period: string;
  environment: string;
}

export interface OverviewSelection {
  period: OverviewPeriod;
  environment: Environment;
}

/** `environment` is undefined when the address names none (the handler picks it: EnvironmentChoice). */
export type OverviewPageQuery =
  | { ok: true; period: OverviewPeriod; environment: Environment | undefined }
  | { ok: false; filters: OverviewFilters; problems: ErrorDetail[] };

const isPeriod = (value: string): value is OverviewPeriod => (OVERVIEW_PERIODS as readonly string[]).includes(value);

/**
 * The page's query string. It never fails: an unknown period or environment comes out as
 * `problems`, shown next to the form (400). An empty or absent period means 30d; an empty or absent
 * environment, none chosen (undefined); other parameters are ignored.
 */
export const overviewPageQuery = z.record(z.string(), z.string().optional()).transform((raw): OverviewPageQuery => {
  const filters: OverviewFilters = {
    period: (raw.period ?? '').trim(),
    environment: (raw.environment ?? '').trim(),
  };
  const period = filters.period || DEFAULT_PERIOD;
  const environment = filters.environment || undefined;
  const knownEnvironment = environment === undefined || environment === 'live' || environment === 'test';
  if (isPeriod(period) && knownEnvironment) return { ok: true, period, environment };
  const problems: ErrorDetail[] = [];
  if (!isPeriod(period)) {
    problems.push({ field: 'period', message: `period must be one of ${OVERVIEW_PERIODS.join(', ')}` });
  }
  if (!knownEnvironment) problems.push({ field: 'environment', message: 'environment must be live or test' });
  return { ok: false, filters, problems };
});

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

/** What the page shows of GET /settings/sending (sendingStatus), for one environment. */
export interface OverviewSending {
  environment: Environment;
  enabled: boolean;
  status: 'active' | 'paused';
  paused_at: string | null;
  paused_reason: string | null;
  sent_24h: number;
  bounce_rate_24h: number;
  complaint_rate_24h: number;
  thresholds: GuardThresholds;
}

const num = (n: number) => n.toLocaleString('en-US');

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
const bucketText = (start: string, granularity: 'day' | 'hour') =>
  granularity === 'day' ? start.slice(0, 10) : `${start.slice(0, 10)} ${start.slice(11, 16)}`;

const bucketTime = (start: string, granularity: 'day' | 'hour'): SafeHtml =>
  html`<time datetime="${granularity === 'day' ? start.slice(0, 10) : start}">${bucketText(start, granularity)}</time>`;

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
const OUTCOMES: ReadonlyArray<{ count: keyof MetricCounts; name: string; color: string; dash?: string }> = [
  { count: 'delivered', name: 'Delivered', color: '#146c43' },
  { count: 'bounced', name: 'Bounced', color: '#b42318', dash: '7 4' },
  { count: 'complained', name: 'Complained', color: '#8a4b00', dash: '2 4' },
  { count: 'opened', name: 'Opened', color: '#3a36c4', dash: '10 4 2 4' },
];
const SENT_COLOR = '#3a36c4';

/** A unit of the period: `day` or `hour`. */
const unit = (granularity: 'day' | 'hour') => (granularity === 'day' ? 'day' : 'hour');

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

/** A chart, its legend, its text summary and the table of every bucket behind it. */
function chartFigure(options: {
  id: string;
  heading: string;
  title: string;
  summary: string;
  kind: 'bars' | 'lines';
  metrics: OverviewMetrics;
  series: ReadonlyArray<ChartSeries & { count: keyof MetricCounts }>;
}): SafeHtml {
  const { metrics, series, kind } = options;
  const granularity = metrics.granularity;
  const svg = chartSvg({
    id: options.id,
    title: options.title,
    description: options.summary,
    labels: metrics.series.map((bucket) => bucketLabel(bucket.start, granularity)),
    series,
    kind,
  });
  const legend = html`<ul class="legend" aria-hidden="true">${series.map(
    (item) => html`<li>${seriesSwatch(item, kind)} ${item.name}</li>`,
  )}</ul>`;
  const head = html`<tr><th scope="col">${granularity === 'day' ? 'Day (UTC)' : 'Hour (UTC)'}</th>${series.map(
    (item) => html`<th scope="col" class="num">${item.name}</th>`,
  )}</tr>`;
  const rows = metrics.series.map(
    (bucket) =>
      html`<tr><th scope="row">${bucketTime(bucket.start, granularity)}</th>${series.map(
        (item) => html`<td class="num">${num(bucket[item.count])}</td>`,
      )}</tr>`,
  );
  return html`<section class="card">
<h2>${options.heading}</h2>
<figure class="chart">
${svg}
${legend}
<figcaption><p class="summary" id="${options.id}-summary">${options.summary}</p></figcaption>
</figure>
<details id="${options.id}-data">
<summary>Data table (${num(metrics.series.length)} ${unit(granularity)}${metrics.series.length === 1 ? '' : 's'})</summary>
<table class="data">
<caption>${options.title}</caption>
<thead>${head}</thead>
<tbody>
${rows}
</tbody>
</table>
</details>
</section>`;
}

const TOTALS: ReadonlyArray<{ count: keyof MetricCounts; label: string }> = [
  { count: 'sent', label: 'Sent' },
  { count: 'delivered', label: 'Delivered' },
  { count: 'bounced_hard', label: 'Hard bounces' },
  { count: 'bounced_soft', label: 'Soft bounces' },
  { count: 'complained', label: 'Complained' },
  { count: 'opened', label: 'Opened' },
  { count: 'clicked', label: 'Clicked' },
  { count: 'failed', label: 'Failed' },
  { count: 'unsubscribed', label: 'Unsubscribed' },
];

function totalsSection(metrics: OverviewMetrics): SafeHtml {
  return html`<section>
<h2>Totals</h2>
<p class="muted">Per recipient, from ${dateTime(metrics.from)} to ${dateTime(metrics.to)}.</p>
<dl class="stats">
${TOTALS.map(
  (item) =>
    html`<div class="stat" data-count="${item.count}"><dt>${item.label}</dt><dd>${num(metrics.totals[item.count])}</dd></div>`,
)}
</dl>
</section>`;
}

/** A rate's cell: the percentage, of how many sent, and its state in words. */
function rateCell(rate: number, sent: number, count: number | undefined, limits: { guard: number; ses: number }) {
  const state = rateState(rate, sent, limits);
  const of = count === undefined ? `of ${num(sent)} sent` : `${num(count)} of ${num(sent)} sent`;
  return html`<td data-state="${state.state}"><strong>${percent(rate)}</strong> <span class="muted">(${of})</span><br>${badge(state.text, state.tone)}</td>`;
}

function ratesSection(metrics: OverviewMetrics, period: OverviewPeriod, sending: OverviewSending): SafeHtml {
  const { totals } = metrics;
  const { thresholds } = sending;
  const rows = [
    {
      name: 'Bounce rate',
      key: 'bounce_rate' as const,
      count: totals.bounced,
      rate: metrics.rates.bounce_rate,
      rate24h: sending.bounce_rate_24h,
    },
    {
      name: 'Complaint rate',
      key: 'complaint_rate' as const,
      count: totals.complained,
      rate: metrics.rates.complaint_rate,
      rate24h: sending.complaint_rate_24h,
    },
  ];
  return html`<section>
<h2>Bounce and complaint rates</h2>
<table id="rates" class="data">
<caption class="visually-hidden">Rates against the guard's thresholds and SES's review levels</caption>
<thead><tr><th scope="col">Rate</th><th scope="col">Over ${PERIODS[period].span}</th><th scope="col">Last 24 hours (what the guard judges)</th><th scope="col" class="num">Guard pauses at</th><th scope="col" class="num">SES reviews at</th></tr></thead>
<tbody>
${rows.map((row) => {
  const limits = { guard: thresholds[row.key], ses: SES_REVIEW_LEVELS[row.key] };
  return html`<tr data-rate="${row.key}"><th scope="row">${row.name}</th>${rateCell(row.rate, totals.sent, row.count, limits)}${rateCell(row.rate24h, sending.sent_24h, undefined, limits)}<td class="num">${percent(limits.guard)}</td><td class="num">${percent(limits.ses)}</td></tr>`;
})}
</tbody>
</table>
<p class="muted">"Near": at ${Math.round(NEAR_SHARE * 100)}% of the lower limit or above.</p>
</section>`;
}

const resumeCommand = (organizationId: string, environment: Environment) =>
  `npm run admin -- resume-sending --org ${organizationId} --env ${environment}`;

/** The banner of a paused environment: what, since when, why, and who resumes it. */
export function pausedBanner(organizationId: string, sending: OverviewSending): SafeHtml {
  const label = ENVIRONMENT_LABELS[sending.environment];
  return html`<div class="notice error paused" role="alert" data-paused="${sending.environment}">
<p><strong>Sending from the ${label} environment is paused</strong> since ${dateTime(sending.paused_at)}.</p>
<p>Why: ${sending.paused_reason}.</p>
<p>Sends with ${sending.environment} keys are refused; queued emails are still delivered. An operator resumes sending: <code>${resumeCommand(organizationId, sending.environment)}</code></p>
</div>`;
}

function guardSection(sending: OverviewSending): SafeHtml {
  const { thresholds, sent_24h: sent } = sending;
  if (!sending.enabled) {
    return html`<section class="card" id="sending-guard" data-status="off">
<h2>Sending guard: ${ENVIRONMENT_LABELS[sending.environment]}</h2>
<p>${badge('Off', 'neutral')} The guard does not judge this environment${
      sending.environment === 'test' ? ': test sends never reach real mailboxes or touch your SES reputation' : ''
    }. An operator switches it on: <code>npm run admin -- set-sending-guard --org &lt;id&gt; --env ${sending.environment} --on</code></p>
</section>`;
  }
  const state =
    sending.status === 'paused'
      ? html`${badge('Paused', 'bad')} since ${dateTime(sending.paused_at)}: ${sending.paused_reason}.`
      : badge('Active', 'ok');
  return html`<section class="card" id="sending-guard" data-status="${sending.status}">
<h2>Sending guard: ${ENVIRONMENT_LABELS[sending.environment]}</h2>
<p>${state}</p>
<p>It pauses sending when, with at least ${num(thresholds.min_volume)} sent in the last 24 hours, the bounce rate reaches ${percent(thresholds.bounce_rate)} or the complaint rate ${percent(thresholds.complaint_rate)}. Last 24 hours: ${num(sent)} sent${
    sent < thresholds.min_volume ? ', below the minimum volume: not judged yet' : ''
  }.</p>
</section>`;
}

function filterForm(filters: OverviewFilters, problems: readonly ErrorDetail[]): SafeHtml {
  const invalid = (field: string) =>
    problems.some((problem) => problem.field === field)
      ? html` aria-invalid="true" aria-describedby="overview-problems"`
      : '';
  const option = (value: string, label: string, selected: string) =>
    html`<option value="${value}"${value === selected ? html` selected` : ''}>${label}</option>`;
  return html`<form method="get" action="${OVERVIEW_PATH}" aria-label="Choose the period and environment">
<div class="form-row">
<div class="field"><label for="overview-period">Period</label>
<select id="overview-period" name="period"${invalid('period')}>
${OVERVIEW_PERIODS.map((period) =>
  option(
    period,
    `L${PERIODS[period].span.slice(5)} (by ${PERIODS[period].granularity})`,
    filters.period || DEFAULT_PERIOD,
  ),
)}
</select></div>
<div class="field"><label for="overview-environment">Environment</label>
<select id="overview-environment" name="environment"${invalid('environment')}>
${(['live', 'test'] as const).map((environment) =>
  option(environment, ENVIRONMENT_LABELS[environment], filters.environment || OVERVIEW_DEFAULT_ENVIRONMENT),
)}
</select></div>
<div class="field"><button type="submit">Show</button></div>
</div>
</form>`;
}

const TITLE = 'Overview';

/** What the page says of the environment it shows, when the address did not name it. */
function environmentReason(environment: Environment, choice: EnvironmentChoice): SafeHtml | '' {
  if (choice === 'chosen') return '';
  const label = ENVIRONMENT_LABELS[environment];
  return choice === 'latest-email'
    ? html` Shown: ${label}, the environment of the most recent email (choose another below).`
    : html` Shown: ${label}, as no email has been sent yet (choose another below).`;
}

/**
 * The overview of `selection`: `sending` holds the guard's state of each environment (the selected
 * one's is shown in full; any paused one gets a banner at the top). `choice`: why this environment.
 */
export function overviewPage(
  member: PageMember,
  selection: OverviewSelection,
  metrics: OverviewMetrics,
  sending: readonly OverviewSending[],
  choice: EnvironmentChoice = 'chosen',
): PageResult {
  const { period, environment } = selection;
  const label = ENVIRONMENT_LABELS[environment];
  const selected = sending.find((status) => status.environment === environment);
  if (!selected) throw new Error(`No sending status of the ${environment} environment`);
  const paused = [selected, ...sending.filter((status) => status !== selected)].filter(
    (status) => status.status === 'paused',
  );
  const per = unit(metrics.granularity);
  const sends = chartFigure({
    id: 'sends-chart',
    heading: 'Sends over time',
    title: `Emails sent per ${per}, ${PERIODS[period].span} (${label})`,
    summary: sendsSummary(metrics, period),
    kind: 'bars',
    metrics,
    series: [{ count: 'sent', name: 'Sent', color: SENT_COLOR, values: metrics.series.map((bucket) => bucket.sent) }],
  });
  const outcomes = chartFigure({
    id: 'outcomes-chart',
    heading: 'Outcomes over time',
    title: `Delivered, bounced, complained and opened per ${per}, ${PERIODS[period].span} (${label})`,
    summary: outcomesSummary(metrics, period),
    kind: 'lines',
    metrics,
    series: OUTCOMES.map((outcome) => ({
      ...outcome,
      values: metrics.series.map((bucket) => bucket[outcome.count]),
    })),
  });
  return {
    body: layout({
      title: TITLE,
      member,
      section: 'overview',
      body: html`${paused.map((status) => pausedBanner(member.organizationId, status))}
<h1>${TITLE}</h1>
<p class="lead" id="overview-shown" data-environment="${environment}" data-choice="${choice}">Deliverability of this organization's <strong>${environment}</strong> emails over ${PERIODS[period].span} (by ${per}, UTC).${environmentReason(environment, choice)}</p>
${filterForm({ period, environment }, [])}
${totalsSection(metrics)}
${ratesSection(metrics, period, selected)}
${guardSection(selected)}
${sends}
${outcomes}`,
    }),
  };
}

/** The overview's form as typed and what is wrong with it (400). */
export function invalidOverviewPage(
  member: PageMember,
  filters: OverviewFilters,
  problems: readonly ErrorDetail[],
): PageResult {
  return {
    status: 400,
    body: layout({
      title: TITLE,
      member,
      section: 'overview',
      body: html`<h1>${TITLE}</h1>
${filterForm(filters, problems)}
<div id="overview-problems">${notice('error', html`This period or environment cannot be shown:${errorList(problems)}`)}</div>`,
    }),
  };
}
