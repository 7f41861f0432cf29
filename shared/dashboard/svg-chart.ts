/**
 * Server-rendered charts: inline SVG, no script and no chart library. A fixed viewBox (it scales with
 * the page), grid lines with their values, a few bucket labels, and one `<path>` per series however
 * many buckets (bars: one path of closed rectangles), so 168 hour buckets of four series stay a few
 * kilobytes. An image to assistive technology (`role="img"`, labelled by its `<title>` and `<desc>`);
 * the page puts a text summary and a table of every bucket beside it (overview/overview.view.ts).
 * Everything interpolated is escaped (html.ts).
 */
import { html, type SafeHtml } from '#dashboard/html.ts';

/** The viewBox: width, height and the plot's margins (room for the y values and the x labels). */
export const CHART_FRAME = { width: 720, height: 240, left: 52, right: 12, top: 14, bottom: 30 } as const;
export type ChartFrame = typeof CHART_FRAME;

/** At most this many bucket labels under the x axis. */
export const MAX_X_LABELS = 6;

const AXIS_TEXT = '#4a5068';
const GRID = '#d5d9e2';

export interface ChartSeries {
  /** Shown in the legend (the page's) and in the table's column header. */
  name: string;
  /** One value per bucket, oldest first. */
  values: readonly number[];
  /** Stroke (lines) or fill (bars); series also differ by `dash`, never by colour alone. */
  color: string;
  /** A stroke-dasharray for lines, e.g. `6 3`. */
  dash?: string;
}

export interface ChartOptions {
  /** Unique on the page: the ids of the title and description derive from it. */
  id: string;
  title: string;
  description: string;
  /** A short label per bucket (the x axis shows a few of them). */
  labels: readonly string[];
  series: readonly ChartSeries[];
  kind: 'bars' | 'lines';
  frame?: ChartFrame;
}

/** Two decimals at most, no trailing zeros: the coordinates of the paths. */
const coordinate = (value: number): string => String(Math.round(value * 100) / 100);

/**
 * The y scale of values up to `max`: a step of 1, 2 or 5 × 10ⁿ (at least 1: counts are whole),
 * the top a whole number of steps at or above `max` (at most 4 steps), and the ticks 0…top.
 */
export function niceScale(max: number): { top: number; step: number; ticks: number[] } {
  const raw = Math.max(max, 0) / 4;
  let step = 1;
  if (raw > 1) {
    const magnitude = 10 ** Math.floor(Math.log10(raw));
    step = [1, 2, 5, 10].map((factor) => factor * magnitude).find((candidate) => candidate >= raw) ?? 10 * magnitude;
  }
  const top = Math.max(step * Math.ceil(Math.max(max, 0) / step), step);
  const ticks = Array.from({ length: Math.round(top / step) + 1 }, (_, index) => index * step);
  return { top, step, ticks };
}

/** The plot area inside the frame. */
export function plotArea(frame: ChartFrame = CHART_FRAME) {
  return {
    x: frame.left,
    y: frame.top,
    width: frame.width - frame.left - frame.right,
    height: frame.height - frame.top - frame.bottom,
  };
}

/** The y coordinate of a value on a scale of `top`. */
export function yOf(value: number, top: number, frame: ChartFrame = CHART_FRAME): number {
  const area = plotArea(frame);
  return area.y + area.height - (Math.max(value, 0) / top) * area.height;
}

/** The x coordinate of the centre of bucket `index` of `count`. */
export function xOf(index: number, count: number, frame: ChartFrame = CHART_FRAME): number {
  const area = plotArea(frame);
  return area.x + (area.width / count) * (index + 0.5);
}

/**
 * A line through the buckets' centres (`M … L …`): one path whatever the number of buckets. A single
 * bucket is a level stroke across its band (a lone point would draw nothing); no bucket, no path.
 */
export function linePath(values: readonly number[], top: number, frame: ChartFrame = CHART_FRAME): string {
  if (values.length === 0) return '';
  if (values.length === 1) {
    const area = plotArea(frame);
    const y = coordinate(yOf(values[0] ?? 0, top, frame));
    return `M${coordinate(area.x)} ${y}H${coordinate(area.x + area.width)}`;
  }
  return values
    .map(
      (value, index) =>
        `${index === 0 ? 'M' : 'L'}${coordinate(xOf(index, values.length, frame))} ${coordinate(yOf(value, top, frame))}`,
    )
    .join('');
}

/**
 * Bars as one path of closed rectangles (`M x y h w v h h -w Z` each), 80% of each bucket's band
 * wide; a bucket of 0 draws nothing.
 */
export function barsPath(values: readonly number[], top: number, frame: ChartFrame = CHART_FRAME): string {
  if (values.length === 0) return '';
  const area = plotArea(frame);
  const band = area.width / values.length;
  const width = band * 0.8;
  const bottom = area.y + area.height;
  return values
    .map((value, index) => {
      if (!(value > 0)) return '';
      const y = yOf(value, top, frame);
      const x = area.x + band * index + (band - width) / 2;
      return `M${coordinate(x)} ${coordinate(y)}h${coordinate(width)}v${coordinate(bottom - y)}h${coordinate(-width)}Z`;
    })
    .join('');
}

/** Which buckets get a label under the x axis: up to `max`, evenly spread, the first and last included. */
export function labelIndices(count: number, max: number = MAX_X_LABELS): number[] {
  if (count <= 0) return [];
  if (count <= max) return Array.from({ length: count }, (_, index) => index);
  const indices = Array.from({ length: max }, (_, index) => Math.round((index * (count - 1)) / (max - 1)));
  return [...new Set(indices)];
}

/** Grid lines with their values, and the x axis's labels. */
function axes(options: ChartOptions, ticks: readonly number[], top: number, frame: ChartFrame): SafeHtml {
  const area = plotArea(frame);
  const count = options.labels.length;
  const lines = ticks.map((tick) => {
    const y = coordinate(yOf(tick, top, frame));
    return html`<line x1="${coordinate(area.x)}" y1="${y}" x2="${coordinate(area.x + area.width)}" y2="${y}"/>`;
  });
  const values = ticks.map(
    (tick) =>
      html`<text x="${coordinate(area.x - 6)}" y="${coordinate(yOf(tick, top, frame) + 4)}" text-anchor="end">${tick.toLocaleString('en-US')}</text>`,
  );
  const labelY = coordinate(area.y + area.height + 18);
  const labels = labelIndices(count).map((index) => {
    const anchor = count > 1 && index === 0 ? 'start' : count > 1 && index === count - 1 ? 'end' : 'middle';
    const x = anchor === 'start' ? area.x : anchor === 'end' ? area.x + area.width : xOf(index, count, frame);
    return html`<text x="${coordinate(x)}" y="${labelY}" text-anchor="${anchor}">${options.labels[index] ?? ''}</text>`;
  });
  return html`<g aria-hidden="true" stroke="${GRID}">${lines}</g>
<g aria-hidden="true" font-size="12" fill="${AXIS_TEXT}">${values}${labels}</g>`;
}

/** The chart's `<svg>`: title, description, axes and a path per series. */
export function chartSvg(options: ChartOptions): SafeHtml {
  const frame = options.frame ?? CHART_FRAME;
  const max = Math.max(0, ...options.series.flatMap((series) => series.values));
  const { top, ticks } = niceScale(max);
  const titleId = `${options.id}-title`;
  const descId = `${options.id}-desc`;
  const paths = options.series.map((series) => {
    if (options.kind === 'bars') {
      const d = barsPath(series.values, top, frame);
      return d === '' ? '' : html`<path d="${d}" fill="${series.color}"/>`;
    }
    const d = linePath(series.values, top, frame);
    return d === ''
      ? ''
      : html`<path d="${d}" stroke="${series.color}"${series.dash ? html` stroke-dasharray="${series.dash}"` : ''}/>`;
  });
  const area = plotArea(frame);
  const empty =
    options.labels.length === 0
      ? html`<text x="${coordinate(area.x + area.width / 2)}" y="${coordinate(area.y + area.height / 2)}" text-anchor="middle" fill="${AXIS_TEXT}">No data</text>`
      : '';
  return html`<svg class="chart" viewBox="0 0 ${frame.width} ${frame.height}" width="100%" role="img" aria-labelledby="${titleId} ${descId}">
<title id="${titleId}">${options.title}</title>
<desc id="${descId}">${options.description}</desc>
${axes(options, ticks, top, frame)}
<g aria-hidden="true" fill="none" stroke-width="2" stroke-linejoin="round">${paths}${empty}</g>
</svg>`;
}

/** A small swatch of a series (its colour and dash), for a legend beside the chart. */
export function seriesSwatch(series: Pick<ChartSeries, 'color' | 'dash'>, kind: ChartOptions['kind']): SafeHtml {
  const mark =
    kind === 'bars'
      ? html`<rect x="2" y="3" width="20" height="10" fill="${series.color}"/>`
      : html`<path d="M2 8H22" stroke="${series.color}" stroke-width="2"${series.dash ? html` stroke-dasharray="${series.dash}"` : ''}/>`;
  return html`<svg width="24" height="16" viewBox="0 0 24 16" aria-hidden="true">${mark}</svg>`;
}
