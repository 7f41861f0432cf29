/** GET /metrics: the counters of a range (metric-counter.store.ts), every bucket, with rates. */
import type { Caller } from '#accounts/caller.ts';
import { LATEST_INSTANT_MS } from '#core/dates.ts';
import { ApiError } from '#core/errors.ts';
import { readCounters } from '#deliverability/metric-counter.store.ts';
import { emptyCounts, METRIC_COUNTS, type MetricCounts, ratesOf } from '#deliverability/metric-counts.ts';
import { MAX_DAY_BUCKETS, MAX_HOUR_BUCKETS, type MetricsQuery } from '#deliverability/metrics.contract.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** The buckets of the range: their start times and counter names (`D#…`, `H#…`). */
export function bucketRange(query: MetricsQuery, now = Date.now()) {
  const size = query.granularity === 'day' ? DAY_MS : HOUR_MS;
  const floor = (ms: number) => Math.floor(ms / size) * size;
  const last = floor(query.to_date ? Date.parse(query.to_date) : now);
  const defaultSpan = query.granularity === 'day' ? 30 : 24;
  const first = query.from_date ? floor(Date.parse(query.from_date)) : last - (defaultSpan - 1) * size;
  const count = Math.round((last - first) / size) + 1;
  const max = query.granularity === 'day' ? MAX_DAY_BUCKETS : MAX_HOUR_BUCKETS;
  if (count < 1) {
    // from_date alone, later than now: an empty answer would be a silently different range.
    throw new ApiError('VALIDATION_ERROR', 'The range is empty', {
      details: [
        { field: 'from_date', message: 'from_date must not be after to_date (now, when to_date is not given)' },
      ],
    });
  }
  if (count > max) {
    throw new ApiError('VALIDATION_ERROR', 'The range is too long', {
      details: [
        {
          field: 'from_date',
          message: `At most ${max} ${query.granularity === 'day' ? 'days by day' : 'hours (7 days) by hour'}: this range has ${count}`,
        },
      ],
    });
  }
  // The answer's `to` (the end of the last bucket, exclusive) must be an instant the service can represent.
  if (last + size > LATEST_INSTANT_MS) {
    throw new ApiError('VALIDATION_ERROR', 'The range ends too late', {
      details: [
        {
          field: 'to_date',
          message: `to_date must be before ${new Date(last).toISOString()}: the range's end (the end of its last ${query.granularity}) must be in 9999 or earlier`,
        },
      ],
    });
  }
  const name = (start: number) => {
    const iso = new Date(start).toISOString();
    return query.granularity === 'day' ? `D#${iso.slice(0, 10)}` : `H#${iso.slice(0, 13)}`;
  };
  const starts = Array.from({ length: count }, (_, index) => first + index * size);
  return { starts, names: starts.map(name), end: last + size };
}

export async function getMetrics(caller: Caller, query: MetricsQuery) {
  const environment = query.environment ?? caller.environment;
  const range = bucketRange(query);
  const { counts } = await readCounters(
    caller.organizationId,
    environment,
    range.names[0] ?? '',
    range.names.at(-1) ?? '',
  );
  const totals = emptyCounts();
  const series = range.starts.map((start, index) => {
    const bucket: MetricCounts = counts.get(range.names[index] ?? '') ?? emptyCounts();
    for (const name of METRIC_COUNTS) totals[name] += bucket[name];
    return { start: new Date(start).toISOString(), ...bucket };
  });
  return {
    environment,
    granularity: query.granularity,
    from: new Date(range.starts[0] ?? range.end).toISOString(),
    to: new Date(range.end).toISOString(),
    totals,
    rates: ratesOf(totals),
    series,
  };
}
