/**
 * The dashboard's Overview (GET /dashboard/overview, the page a member lands on): for a period and an
 * environment, the totals, the rates against the guard's thresholds and SES's review levels, the
 * guard's state (a banner when an environment is paused) and two charts, each an inline SVG with a
 * text summary and a table of every bucket. Its model (periods, rates): overview-model.ts; what it
 * reads (GET /api/v1/metrics's and GET /api/v1/settings/sending's services): overview.data.ts.
 */
import type { Environment } from '#core/environment.ts';
import type { ErrorDetail } from '#core/errors.ts';
import { badge, dateTime, ENVIRONMENT_LABELS, errorList, notice } from '#dashboard/components.ts';
import { html, type SafeHtml } from '#dashboard/html.ts';
import { layout, type PageMember } from '#dashboard/layout.ts';
import type { OverviewFilters } from '#dashboard/overview/overview.schemas.ts';
import {
  bucketLabel,
  bucketText,
  DEFAULT_PERIOD,
  type EnvironmentChoice,
  NEAR_SHARE,
  num,
  OUTCOMES,
  OVERVIEW_DEFAULT_ENVIRONMENT,
  OVERVIEW_PATH,
  OVERVIEW_PERIODS,
  type OverviewMetrics,
  type OverviewPeriod,
  type OverviewSelection,
  type OverviewSending,
  outcomesSummary,
  PERIODS,
  percent,
  rateState,
  SENT_COLOR,
  sendsSummary,
  unit,
} from '#dashboard/overview/overview-model.ts';
import type { PageResult } from '#dashboard/page-result.ts';
import { type ChartSeries, chartSvg, seriesSwatch } from '#dashboard/svg-chart.ts';
import type { MetricCounts } from '#deliverability/metric-counts.ts';
import { SES_REVIEW_LEVELS } from '#deliverability/sending-guard.ts';

const bucketTime = (start: string, granularity: 'day' | 'hour'): SafeHtml =>
  html`<time datetime="${granularity === 'day' ? start.slice(0, 10) : start}">${bucketText(start, granularity)}</time>`;

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
