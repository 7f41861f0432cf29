/**
 * The date and environment fields that list and report queries share (GET /emails, GET /metrics, the
 * dashboard): a from_date / to_date parsed to a UTC instant, their order, and the environment filter.
 */
import * as z from 'zod';
import { isIsoDate, isIsoDateTimeWithZone, isRepresentableInstant, REPRESENTABLE_DATES } from '#core/dates.ts';

/**
 * A from_date / to_date value as milliseconds since the epoch (UTC), or undefined if it is not one.
 * `YYYY-MM-DD` is the whole UTC day: its first millisecond as a start, its last as an end.
 * A date-time needs a time zone (`Z` or `±hh:mm`); a `+` sent unencoded in a query string
 * arrives as a space and is read as `+`. Sub-millisecond digits round inwards (timestamps are
 * stored to the millisecond). The instant may lie outside what the service represents.
 */
function dateBoundMs(input: string, bound: 'start' | 'end'): number | undefined {
  const value = input
    .trim()
    .replace(/ (\d{2}:\d{2})$/, '+$1')
    .toUpperCase();
  let ms: number;
  if (isIsoDate(value)) {
    const start = Date.parse(`${value}T00:00:00Z`);
    ms = bound === 'start' ? start : start + 86_400_000 - 1;
  } else if (isIsoDateTimeWithZone(value)) {
    const fraction = /\.(\d+)/.exec(value)?.[1] ?? '0';
    const fractionMs = Number(`0.${fraction}`) * 1000;
    const whole = Date.parse(value.replace(/\.\d+/, ''));
    ms = whole + (bound === 'start' ? Math.ceil(fractionMs - 1e-6) : Math.floor(fractionMs + 1e-6));
  } else {
    return undefined;
  }
  return ms;
}

/**
 * A from_date / to_date value as an ISO instant (UTC, milliseconds), or undefined if it is not a
 * date (dateBoundMs) or not one the service can represent (never moved into range: a range read
 * silently as another would answer a question nobody asked).
 */
export function parseDateBound(input: string, bound: 'start' | 'end'): string | undefined {
  const ms = dateBoundMs(input, bound);
  return ms !== undefined && isRepresentableInstant(ms) ? new Date(ms).toISOString() : undefined;
}

const DATE_MESSAGE = 'must be an ISO 8601 date (2026-11-22) or date-time with a time zone (2026-11-22T10:00:00Z)';

/** A from_date / to_date query field: parsed to a UTC instant (as parseDateBound), else one issue on it. */
export const dateBound = (field: string, bound: 'start' | 'end') =>
  z.string().transform((value, context) => {
    const ms = dateBoundMs(value, bound);
    if (ms === undefined) context.addIssue({ code: 'custom', message: `${field} ${DATE_MESSAGE}` });
    else if (!isRepresentableInstant(ms)) {
      context.addIssue({ code: 'custom', message: `${field} must be ${REPRESENTABLE_DATES}` });
    } else return new Date(ms).toISOString();
    return '';
  });

/** The `environment` query field: the API key's when left out. */
export const environmentQuery = z
  .enum(['live', 'test'], { message: 'environment must be live or test' })
  .optional()
  .meta({ description: 'Defaults to the API key’s environment' });

/** `to_date` not before `from_date` (both parsed). */
export function dateOrder(query: { from_date?: string; to_date?: string }, context: z.RefinementCtx): void {
  if (query.from_date && query.to_date && query.from_date > query.to_date) {
    context.addIssue({ code: 'custom', path: ['to_date'], message: 'to_date must not be before from_date' });
  }
}
