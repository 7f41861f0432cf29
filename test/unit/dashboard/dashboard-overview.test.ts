/**
 * The dashboard's Overview, its pure parts: the SVG chart module (scales, paths, bounded output for
 * 168 buckets, empty data, a single bucket, escaping), the page's query and period → metrics query,
 * the rate states, and the rendering (totals, rates against the thresholds, the paused banner, a
 * table row per bucket).
 */
import { describe, expect, it } from 'vitest';
import { overviewPageQuery } from '#dashboard/overview/overview.schemas.ts';
import { invalidOverviewPage, overviewPage } from '#dashboard/overview/overview.view.ts';
import {
  bucketLabel,
  type OverviewMetrics,
  type OverviewSending,
  overviewMetricsQuery,
  PERIODS,
  percent,
  rateState,
} from '#dashboard/overview/overview-model.ts';
import type { PageResult } from '#dashboard/page-result.ts';
import {
  barsPath,
  CHART_FRAME,
  chartSvg,
  labelIndices,
  linePath,
  niceScale,
  plotArea,
  xOf,
  yOf,
} from '#dashboard/svg-chart.ts';
import { emptyCounts, type MetricCounts } from '#deliverability/metric-counts.ts';
import { bucketRange } from '#deliverability/metrics.service.ts';
import { DEFAULT_GUARD, SES_REVIEW_LEVELS } from '#deliverability/sending-guard.ts';

const member = { organizationId: 'org_overview', memberEmail: 'member@example.com', csrfToken: 'token' };

const bodyOf = (result: PageResult): string => {
  if ('redirect' in result) throw new Error('a redirect');
  return result.body.value;
};

/** The numbers of a path's commands (`M1 2L3 4` → [[1, 2], [3, 4]]). */
const pointsOf = (d: string) =>
  [...d.matchAll(/[ML](-?[\d.]+) (-?[\d.]+)/g)].map((match) => [Number(match[1]), Number(match[2])]);

describe('niceScale', () => {
  it.each([
    [0, 1, [0, 1]],
    [1, 1, [0, 1]],
    [3, 3, [0, 1, 2, 3]],
    [7, 8, [0, 2, 4, 6, 8]],
    [120, 150, [0, 50, 100, 150]],
    [1000, 1000, [0, 500, 1000]],
    [1001, 1500, [0, 500, 1000, 1500]],
  ])('scales a maximum of %d to a top of %d with ticks %j', (max, top, ticks) => {
    expect(niceScale(max)).toMatchObject({ top, ticks });
  });

  it('always reaches the maximum with at most 5 ticks of whole steps', () => {
    for (const max of [2, 5, 9, 11, 33, 99, 101, 250, 4321, 98_765]) {
      const scale = niceScale(max);
      expect(scale.top, String(max)).toBeGreaterThanOrEqual(max);
      expect(scale.ticks.length, String(max)).toBeLessThanOrEqual(5);
      expect(Number.isInteger(scale.step)).toBe(true);
    }
  });
});

describe('chart paths', () => {
  const area = plotArea();

  it('draws a line through the buckets’ centres, scaled to the top', () => {
    const bottom = area.y + area.height;
    expect(yOf(0, 10)).toBe(bottom);
    expect(yOf(10, 10)).toBe(area.y);
    expect(linePath([0, 5, 10], 10)).toBe('M161.33 210L380 112L598.67 14');
    expect(pointsOf(linePath([0, 5, 10], 10)).map(([x]) => x)).toEqual(
      [0, 1, 2].map((i) => Number(xOf(i, 3).toFixed(2))),
    );
  });

  it('draws a single bucket as a level stroke across the plot, and no bucket as nothing', () => {
    expect(linePath([4], 4)).toBe(`M${area.x} ${area.y}H${area.x + area.width}`);
    expect(linePath([], 1)).toBe('');
    expect(barsPath([], 1)).toBe('');
  });

  it('draws bars as closed rectangles of one path, none for an empty bucket', () => {
    // Two buckets of 328 wide: the second's bar 80% of it, centred, as tall as the plot.
    expect(barsPath([0, 2], 2)).toBe('M412.8 14h262.4v196h-262.4Z');
    expect(barsPath([0, 0, 0], 1)).toBe('');
    expect(barsPath([1, 2, 3], 3).match(/Z/g)).toHaveLength(3);
  });

  it('labels at most 6 buckets, the first and the last among them', () => {
    expect(labelIndices(0)).toEqual([]);
    expect(labelIndices(1)).toEqual([0]);
    expect(labelIndices(3)).toEqual([0, 1, 2]);
    expect(labelIndices(30)).toEqual([0, 6, 12, 17, 23, 29]);
    const hours = labelIndices(168);
    expect(hours).toHaveLength(6);
    expect(hours[0]).toBe(0);
    expect(hours.at(-1)).toBe(167);
  });
});

describe('chartSvg', () => {
  const hours = Array.from({ length: 168 }, (_, index) => index);
  const series = [
    { name: 'A', values: hours.map((index) => (index * 7) % 50), color: '#146c43' },
    { name: 'B', values: hours.map((index) => index % 3), color: '#b42318', dash: '7 4' },
    { name: 'C', values: hours.map(() => 0), color: '#8a4b00', dash: '2 4' },
    { name: 'D', values: hours.map((index) => (index === 100 ? 60 : 1)), color: '#3a36c4', dash: '10 4 2 4' },
  ];

  it('is an accessible image: role, title and description by id, and decorations hidden', () => {
    const svg = chartSvg({
      id: 'c1',
      title: 'T',
      description: 'D',
      labels: ['a', 'b'],
      series: [{ name: 'S', values: [1, 2], color: '#000' }],
      kind: 'lines',
    }).value;
    expect(svg).toMatch(
      /^<svg class="chart" viewBox="0 0 720 240" width="100%" role="img" aria-labelledby="c1-title c1-desc"/,
    );
    expect(svg).toContain('<title id="c1-title">T</title>');
    expect(svg).toContain('<desc id="c1-desc">D</desc>');
    // The grid, the axis text and the series: decorations, hidden from assistive technology.
    expect(svg.match(/<g aria-hidden="true"/g)).toHaveLength(3);
    expect(svg.match(/<(line|text|path)\b/g)?.length).toBe(
      svg
        .match(/<g aria-hidden="true"[^>]*>[\s\S]*?<\/g>/g)
        ?.join('')
        .match(/<(line|text|path)\b/g)?.length,
    );
  });

  it('keeps 168 hour buckets of four series to one path each, inside the viewBox and a few kilobytes', () => {
    const svg = chartSvg({
      id: 'big',
      title: 'Outcomes',
      description: 'Four series over a week',
      labels: hours.map((hour) => `h${hour}`),
      series,
      kind: 'lines',
    }).value;
    const paths = [...svg.matchAll(/<path d="([^"]+)"/g)].map((match) => match[1] ?? '');
    expect(paths).toHaveLength(4);
    for (const d of paths) {
      const points = pointsOf(d);
      expect(points).toHaveLength(168);
      for (const [x, y] of points) {
        expect(x).toBeGreaterThanOrEqual(0);
        expect(x).toBeLessThanOrEqual(CHART_FRAME.width);
        expect(y).toBeGreaterThanOrEqual(0);
        expect(y).toBeLessThanOrEqual(CHART_FRAME.height);
      }
    }
    // The peak (60) is at the top of a scale of 0–60 (step 20).
    expect(svg).toContain('>60</text>');
    expect(Math.min(...paths.flatMap((d) => pointsOf(d).map(([, y]) => y ?? 0)))).toBe(CHART_FRAME.top);
    expect(svg).toContain('stroke-dasharray="10 4 2 4"');
    // Six labels, not 168.
    expect(svg.match(/>h\d+<\/text>/g)).toHaveLength(6);
    expect(svg.length).toBeLessThan(20_000);
    expect(svg).not.toMatch(/<(circle|rect)\b/);
  });

  it('draws 168 bars as one path', () => {
    const svg = chartSvg({
      id: 'bars',
      title: 'Sent',
      description: 'Sent per hour',
      labels: hours.map(String),
      series: [{ name: 'Sent', values: hours.map(() => 5), color: '#3a36c4' }],
      kind: 'bars',
    }).value;
    const paths = [...svg.matchAll(/<path d="([^"]+)"/g)].map((match) => match[1] ?? '');
    expect(paths).toHaveLength(1);
    expect(paths[0]?.match(/Z/g)).toHaveLength(168);
  });

  it('shows an axis and "No data" without buckets, and nothing drawn for zeros', () => {
    const empty = chartSvg({ id: 'e', title: 'T', description: 'D', labels: [], series: [], kind: 'lines' }).value;
    expect(empty).toContain('No data');
    expect(empty).not.toContain('<path');
    const zeros = chartSvg({
      id: 'z',
      title: 'T',
      description: 'D',
      labels: ['a'],
      series: [{ name: 'S', values: [0], color: '#000' }],
      kind: 'bars',
    }).value;
    expect(zeros).not.toContain('<path');
    expect(zeros).toContain('>1</text>'); // the scale of nothing: 0–1
  });

  it('escapes every text it is given', () => {
    const svg = chartSvg({
      id: 'x"><script>',
      title: '<script>alert(1)</script>',
      description: 'a & b "c"',
      labels: ['<b>1</b>'],
      series: [{ name: 'S', values: [1], color: '"/><script>' }],
      kind: 'lines',
    }).value;
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(svg).toContain('a &amp; b &quot;c&quot;');
    expect(svg).toContain('&lt;b&gt;1&lt;/b&gt;');
  });
});

describe('overviewPageQuery', () => {
  const parse = (query: Record<string, string>) => overviewPageQuery.parse(query);

  it('defaults to the last 30 days and no environment chosen (the handler picks it), and ignores other parameters', () => {
    expect(parse({})).toStrictEqual({ ok: true, period: '30d', environment: undefined });
    expect(parse({ period: '', environment: ' ', utm: 'x' })).toStrictEqual({
      ok: true,
      period: '30d',
      environment: undefined,
    });
    expect(parse({ period: '24h', environment: 'test' })).toEqual({ ok: true, period: '24h', environment: 'test' });
    expect(parse({ environment: 'live' })).toEqual({ ok: true, period: '30d', environment: 'live' });
  });

  it('turns an unknown period or environment into problems, keeping what was typed', () => {
    expect(parse({ period: '1y', environment: 'staging' })).toEqual({
      ok: false,
      filters: { period: '1y', environment: 'staging' },
      problems: [
        { field: 'period', message: 'period must be one of 24h, 7d, 30d, 90d' },
        { field: 'environment', message: 'environment must be live or test' },
      ],
    });
    expect(parse({ period: '7D' })).toMatchObject({ ok: false, problems: [{ field: 'period' }] });
  });

  it('asks for exactly the period’s buckets, ending with the current one, whenever it is', () => {
    for (const now of [Date.parse('2026-11-25T09:30:12.345Z'), Date.parse('2026-11-25T00:00:00.000Z')]) {
      for (const period of ['24h', '7d', '30d', '90d'] as const) {
        const query = overviewMetricsQuery({ period, environment: 'test' }, now);
        expect(query).toMatchObject({ granularity: PERIODS[period].granularity, environment: 'test' });
        const range = bucketRange(query, now);
        expect(range.starts, period).toHaveLength(PERIODS[period].buckets);
        expect(range.end).toBeGreaterThan(now);
      }
    }
    expect(overviewMetricsQuery({ period: '7d', environment: 'live' }, Date.parse('2026-11-25T09:30:00Z'))).toEqual({
      granularity: 'hour',
      environment: 'live',
      from_date: '2026-11-18T10:00:00.000Z',
      to_date: '2026-11-25T09:30:00.000Z',
    });
  });
});

describe('rates', () => {
  const bounce = { guard: DEFAULT_GUARD.bounce_rate, ses: SES_REVIEW_LEVELS.bounce_rate };

  it('formats rates as percentages with two decimals at most', () => {
    expect(percent(0)).toBe('0%');
    expect(percent(0.04)).toBe('4%');
    expect(percent(0.0008)).toBe('0.08%');
    expect(percent(0.3)).toBe('30%');
    expect(percent(1 / 3)).toBe('33.33%');
    expect(percent(0.00001)).toBe('< 0.01%');
  });

  it('says in words whether a rate is ok, near or over the guard’s threshold and SES’s review level', () => {
    expect(rateState(0, 0, bounce)).toMatchObject({ state: 'none', text: 'Nothing sent' });
    expect(rateState(0.01, 100, bounce)).toMatchObject({ state: 'ok', text: 'OK: below both', tone: 'ok' });
    expect(rateState(0.03, 100, bounce)).toMatchObject({ state: 'near', text: "Near the guard's threshold" });
    expect(rateState(0.04, 100, bounce)).toMatchObject({ state: 'over', text: "Over the guard's threshold" });
    expect(rateState(0.05, 100, bounce)).toMatchObject({
      state: 'over',
      text: "Over the guard's threshold and SES's review level",
      tone: 'bad',
    });
    // An organization whose guard is set above SES's level.
    expect(rateState(0.06, 100, { guard: 0.5, ses: 0.05 })).toMatchObject({ text: "Over SES's review level" });
    expect(rateState(0.04, 100, { guard: 0.5, ses: 0.05 })).toMatchObject({ text: "Near SES's review level" });
  });
});

/** A metrics result of `count` buckets from `start`, each bucket's counts from `fill`. */
function metricsOf(
  granularity: 'day' | 'hour',
  count: number,
  fill: (index: number) => Partial<MetricCounts>,
  start = Date.parse('2026-11-20T00:00:00Z'),
): OverviewMetrics {
  const size = granularity === 'day' ? 86_400_000 : 3_600_000;
  const series = Array.from({ length: count }, (_, index) => ({
    start: new Date(start + index * size).toISOString(),
    ...emptyCounts(),
    ...fill(index),
  }));
  const totals = emptyCounts();
  for (const bucket of series)
    for (const name of Object.keys(totals) as Array<keyof MetricCounts>) totals[name] += bucket[name];
  return {
    environment: 'test',
    granularity,
    from: series[0]?.start ?? new Date(start).toISOString(),
    to: new Date(start + count * size).toISOString(),
    totals,
    rates: {
      bounce_rate: totals.sent > 0 ? totals.bounced / totals.sent : 0,
      complaint_rate: totals.sent > 0 ? totals.complained / totals.sent : 0,
    },
    series,
  };
}

const active = (environment: 'live' | 'test', fields: Partial<OverviewSending> = {}): OverviewSending => ({
  environment,
  enabled: true,
  status: 'active',
  paused_at: null,
  paused_reason: null,
  sent_24h: 0,
  bounce_rate_24h: 0,
  complaint_rate_24h: 0,
  thresholds: { ...DEFAULT_GUARD },
  ...fields,
});

/** The table rows (`<tr>` of the tbody) of the chart `id`'s data table. */
function tableRows(page: string, id: string): string[] {
  const details = new RegExp(`<details id="${id}-data">([\\s\\S]*?)</details>`).exec(page)?.[1] ?? '';
  const body = /<tbody>([\s\S]*?)<\/tbody>/.exec(details)?.[1] ?? '';
  return [...body.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((match) => match[1] ?? '');
}

const totalOf = (page: string, count: string) =>
  new RegExp(`data-count="${count}"><dt>[^<]+</dt><dd>([\\d,]+)</dd>`).exec(page)?.[1];

describe('overviewPage', () => {
  const mix = metricsOf('hour', 24, (index) =>
    index === 20
      ? { sent: 10, delivered: 7, bounced: 3, bounced_hard: 2, bounced_soft: 1, complained: 1, opened: 2 }
      : index === 21
        ? { sent: 1234, delivered: 1234 }
        : {},
  );

  it('shows the totals, a chart of each kind and a table row per bucket', () => {
    const page = bodyOf(
      overviewPage(member, { period: '24h', environment: 'test' }, mix, [active('test'), active('live')]),
    );
    expect(page).toContain('<title>Overview · Postbox</title>');
    expect(page).toContain('<a href="/dashboard/overview" aria-current="page">Overview</a>');
    expect(totalOf(page, 'sent')).toBe('1,244');
    // The guard on, with fewer than its minimum volume in the last 24 hours: active, not judged yet.
    expect(page).toContain('id="sending-guard" data-status="active"');
    expect(page).toContain('0 sent, below the minimum volume: not judged yet');
    expect(totalOf(page, 'delivered')).toBe('1,241');
    expect(totalOf(page, 'bounced_hard')).toBe('2');
    expect(totalOf(page, 'bounced_soft')).toBe('1');
    expect(totalOf(page, 'complained')).toBe('1');
    expect(totalOf(page, 'opened')).toBe('2');
    expect(totalOf(page, 'unsubscribed')).toBe('0');
    expect(page.match(/<svg class="chart"[^>]* role="img" aria-labelledby="[^"]+"/g)).toHaveLength(2);
    expect(page).toContain('1,244 sent over the last 24 hours, peak 1,234 in the hour from 2026-11-20 21:00 UTC.');
    expect(page).toContain(
      'Over the last 24 hours: 1,241 delivered, 3 bounced, 1 complained and 2 opened; most bounces: 3 in the hour from 2026-11-20 20:00 UTC.',
    );
    const sends = tableRows(page, 'sends-chart');
    expect(sends).toHaveLength(24);
    expect(sends[21]).toBe(
      '<th scope="row"><time datetime="2026-11-20T21:00:00.000Z">2026-11-20 21:00</time></th><td class="num">1,234</td>',
    );
    const outcomes = tableRows(page, 'outcomes-chart');
    expect(outcomes).toHaveLength(24);
    expect(outcomes[20]).toContain(
      '<td class="num">7</td><td class="num">3</td><td class="num">1</td><td class="num">2</td>',
    );
    // The form keeps the choice; no banner when nothing is paused.
    expect(page).toContain('<option value="24h" selected>');
    expect(page).toContain('<option value="test" selected>');
    expect(page).not.toContain('role="alert"');
    expect(page).not.toMatch(/<script>(?!<\/script>)/);
  });

  it('has a row per bucket for 168 hours and 90 days', () => {
    const week = metricsOf('hour', 168, (index) => ({ sent: index }));
    const weekPage = bodyOf(
      overviewPage(member, { period: '7d', environment: 'live' }, week, [active('live'), active('test')]),
    );
    expect(tableRows(weekPage, 'sends-chart')).toHaveLength(168);
    expect(tableRows(weekPage, 'outcomes-chart')).toHaveLength(168);
    const quarter = metricsOf('day', 90, () => ({ sent: 2, delivered: 2 }));
    const quarterPage = bodyOf(
      overviewPage(member, { period: '90d', environment: 'live' }, quarter, [active('live'), active('test')]),
    );
    expect(tableRows(quarterPage, 'sends-chart')).toHaveLength(90);
    expect(tableRows(quarterPage, 'sends-chart')[0]).toContain('<time datetime="2026-11-20">2026-11-20</time>');
    expect(quarterPage).toContain('<summary>Data table (90 days)</summary>');
    expect(quarterPage.length).toBeLessThan(200_000);
  });

  it('shows each rate against the guard’s threshold and SES’s review level, with its state in words', () => {
    const page = bodyOf(
      overviewPage(
        member,
        { period: '24h', environment: 'test' },
        metricsOf('hour', 24, (index) => (index === 0 ? { sent: 100, bounced: 3, complained: 1 } : {})),
        [active('test', { sent_24h: 100, bounce_rate_24h: 0.03, complaint_rate_24h: 0.01 }), active('live')],
      ),
    );
    const row = (rate: string) => new RegExp(`<tr data-rate="${rate}">([\\s\\S]*?)</tr>`).exec(page)?.[1] ?? '';
    expect(row('bounce_rate')).toContain('<strong>3%</strong> <span class="muted">(3 of 100 sent)</span>');
    expect(row('bounce_rate')).toContain('<span class="badge warn">Near the guard&#39;s threshold</span>');
    expect(row('bounce_rate')).toContain('<td class="num">4%</td><td class="num">5%</td>');
    expect(row('complaint_rate')).toContain('<strong>1%</strong>');
    expect(row('complaint_rate')).toContain('data-state="over"');
    expect(row('complaint_rate')).toContain('Over the guard&#39;s threshold and SES&#39;s review level');
    expect(row('complaint_rate')).toContain('<td class="num">0.08%</td><td class="num">0.1%</td>');
    expect(page).toContain('id="sending-guard" data-status="active"');
    expect(page).toContain('<span class="badge ok">Active</span>');
  });

  it('puts a banner at the top when an environment is paused: since when, why, and who resumes it (escaped)', () => {
    const paused = active('test', {
      status: 'paused',
      paused_at: '2026-11-20T10:00:00.000Z',
      paused_reason: 'bounce rate 75% ≥ 50% <script>alert(1)</script>',
      sent_24h: 4,
      bounce_rate_24h: 0.75,
      thresholds: { bounce_rate: 0.5, complaint_rate: 0.0008, min_volume: 2 },
    });
    const page = bodyOf(overviewPage(member, { period: '24h', environment: 'test' }, mix, [paused, active('live')]));
    const main = page.slice(page.indexOf('<main id="main">'));
    const banner =
      /<div class="notice error paused" role="alert" data-paused="test">([\s\S]*?)<\/div>/.exec(main)?.[1] ?? '';
    expect(main.indexOf('role="alert"')).toBeLessThan(main.indexOf('<h1>'));
    expect(banner).toContain('Sending from the Test environment is paused');
    expect(banner).toContain('<time datetime="2026-11-20T10:00:00.000Z">2026-11-20 10:00:00 UTC</time>');
    expect(banner).toContain('Why: bounce rate 75% ≥ 50% &lt;script&gt;alert(1)&lt;/script&gt;.');
    expect(banner).toContain('<code>npm run admin -- resume-sending --org org_overview --env test</code>');
    expect(page).not.toContain('<script>alert(1)');
    expect(page).toContain('id="sending-guard" data-status="paused"');
    expect(page).toContain('<span class="badge bad">Paused</span>');
    // The other environment paused: its banner shows on this environment's page too.
    const elsewhere = bodyOf(
      overviewPage(member, { period: '24h', environment: 'live' }, mix, [active('live'), paused]),
    );
    expect(elsewhere).toContain('data-paused="test"');
    expect(elsewhere).toContain('id="sending-guard" data-status="active"');
  });

  it('says when the guard is off for the environment shown, and how an operator switches it on', () => {
    const page = bodyOf(
      overviewPage(member, { period: '24h', environment: 'test' }, mix, [
        active('test', { enabled: false }),
        active('live'),
      ]),
    );
    const section = /<section class="card" id="sending-guard"[\s\S]*?<\/section>/.exec(page)?.[0] ?? '';
    expect(section).toContain('data-status="off"');
    expect(section).toContain('<span class="badge">Off</span>');
    expect(section).toContain('<code>npm run admin -- set-sending-guard --org &lt;id&gt; --env test --on</code>');
    expect(section).not.toContain('Active');
  });

  it('shows an empty period as nothing sent, with its zero rows', () => {
    const page = bodyOf(
      overviewPage(
        member,
        { period: '30d', environment: 'live' },
        metricsOf('day', 30, () => ({})),
        [active('live'), active('test')],
      ),
    );
    expect(page).toContain('Nothing sent over the last 30 days.');
    expect(page).toContain('<span class="badge">Nothing sent</span>');
    expect(tableRows(page, 'sends-chart')).toHaveLength(30);
  });

  it('shows an invalid choice with its problem (400), the form marked', () => {
    const result = invalidOverviewPage(member, { period: '<1y>', environment: '' }, [
      { field: 'period', message: 'period must be one of 24h, 7d, 30d, 90d' },
    ]);
    expect(result).toMatchObject({ status: 400 });
    const page = bodyOf(result);
    expect(page).toContain(
      '<select id="overview-period" name="period" aria-invalid="true" aria-describedby="overview-problems">',
    );
    expect(page).toContain('period must be one of 24h, 7d, 30d, 90d');
    expect(page).toContain('role="alert"');
    expect(page).not.toContain('<1y>');
  });

  it('labels buckets briefly under the axis', () => {
    expect(bucketLabel('2026-11-20T00:00:00.000Z', 'day')).toBe('20 Nov');
    expect(bucketLabel('2026-11-20T09:00:00.000Z', 'hour')).toBe('20 Nov 09:00');
  });
});
