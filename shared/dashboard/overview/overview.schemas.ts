/** What the Overview reads from the request: its period and environment, parsed never to fail. */
import * as z from 'zod';
import type { Environment } from '#core/environment.ts';
import type { ErrorDetail } from '#core/errors.ts';
import type { PageSchemas } from '#dashboard/context.ts';
import { DEFAULT_PERIOD, OVERVIEW_PERIODS, type OverviewPeriod } from '#dashboard/overview/overview-model.ts';

/** What the form shows: the values as typed. */
export interface OverviewFilters {
  period: string;
  environment: string;
}

/** `environment` is undefined when the address names none (overview.data.ts picks it: EnvironmentChoice). */
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

export const overviewInputs = {
  overview: { query: overviewPageQuery },
} satisfies Record<string, PageSchemas>;
