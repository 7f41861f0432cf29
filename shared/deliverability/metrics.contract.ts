/**
 * GET /api/v1/metrics (docs/api.md, "Metrics"): an organization's
 * deliverability counts and rates over a range, in day or hour buckets, from counters written with
 * the events (never a scan of emails).
 */
import * as z from 'zod';
import { dateBound, dateOrder, environmentQuery } from '#core/date-query.ts';
import { METRIC_COUNTS } from '#deliverability/metric-counts.ts';
import { defineOperation } from '#platform/api-operation.ts';
import { timestamp } from '#platform/api-schemas.ts';

export const MAX_DAY_BUCKETS = 90;
export const MAX_HOUR_BUCKETS = 7 * 24;

export const metricsQuery = z
  .strictObject({
    from_date: dateBound('from_date', 'start')
      .optional()
      .meta({ description: 'First bucket: the one holding this date or time (UTC)' }),
    to_date: dateBound('to_date', 'end')
      .optional()
      .meta({ description: 'Last bucket: the one holding this date or time (UTC); default now' }),
    granularity: z
      .enum(['day', 'hour'], { message: 'granularity must be day or hour' })
      .default('day')
      .meta({ description: `Buckets of a UTC day (≤ ${MAX_DAY_BUCKETS}) or hour (≤ ${MAX_HOUR_BUCKETS})` }),
    environment: environmentQuery,
  })
  .superRefine(dateOrder);
export type MetricsQuery = z.output<typeof metricsQuery>;

const counts = z.strictObject(
  Object.fromEntries(METRIC_COUNTS.map((name) => [name, z.int().min(0)])) as Record<
    (typeof METRIC_COUNTS)[number],
    z.ZodInt
  >,
);

export const metricsView = z
  .strictObject({
    environment: z.enum(['live', 'test']),
    granularity: z.enum(['day', 'hour']),
    from: timestamp.meta({ description: 'Start of the first bucket' }),
    to: timestamp.meta({ description: 'End of the last bucket (exclusive)' }),
    totals: counts.meta({
      id: 'MetricCounts',
      description: 'Per recipient; `bounced` = `bounced_hard` + `bounced_soft`',
    }),
    rates: z
      .strictObject({
        bounce_rate: z.number().min(0).meta({ description: '`bounced` / `sent` (0 when nothing was sent)' }),
        complaint_rate: z.number().min(0).meta({ description: '`complained` / `sent`' }),
      })
      .meta({ id: 'MetricRates' }),
    series: z
      .array(counts.extend({ start: timestamp }))
      .meta({ description: 'Every bucket of the range, oldest first; empty ones with 0' }),
  })
  .meta({ id: 'Metrics' });

export const getMetrics = defineOperation({
  endpoint: 'GET /metrics',
  permission: 'full_access',
  operationId: 'getMetrics',
  summary: 'Deliverability metrics',
  description:
    'Counts per recipient of `sent`, `delivered`, `bounced` (hard/soft), `complained`, `opened`, `clicked`, `failed`, `unsubscribed` over a range, with bounce and complaint rates over `sent`. Up to 90 days by day or 7 days by hour; default: the last 30 days by day (by hour: the last 24 hours). The cost of a call depends on the number of buckets, never on the number of emails.',
  tag: 'Metrics',
  query: metricsQuery,
  status: 200,
  response: metricsView,
});
