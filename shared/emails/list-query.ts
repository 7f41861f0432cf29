/**
 * The query string of GET /api/v1/emails (and the dashboard's email list): page, limit and the
 * filters, validated and normalised (dates to UTC instants, `to` to its normal form).
 */
import * as z from 'zod';
import { isIsoDate, isIsoDateTimeWithZone, isRepresentableInstant, REPRESENTABLE_DATES } from '#core/dates.ts';
import { normalizeEmailAddress } from '#core/email-address.ts';
import { pageQuery } from '#core/pages.ts';
import { tagTextProblem } from '#emails/content-fields.ts';
import { EMAIL_STATUSES } from '#emails/email.ts';

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

export const emailListQuery = pageQuery
  .extend({
    status: z
      .enum(EMAIL_STATUSES, {
        message: `status must be one of ${EMAIL_STATUSES.join(', ')}`,
      })
      .optional()
      .meta({ description: 'Only emails with this status' }),
    from_date: dateBound('from_date', 'start').optional().meta({
      description: 'Created at or after: a date (`2026-11-22`, from 00:00 UTC) or a date-time with a time zone',
    }),
    to_date: dateBound('to_date', 'end').optional().meta({
      description:
        'Created at or before: a date (`2026-11-22`, until 23:59:59.999 UTC) or a date-time with a time zone',
    }),
    to: z
      .string()
      .transform((value, context) => {
        const normalized = normalizeEmailAddress(value);
        if (!normalized.ok) context.addIssue({ code: 'custom', message: `to ${normalized.reason}` });
        return normalized.ok ? normalized.address : '';
      })
      .optional()
      .meta({ description: 'Only emails to this address (any case)' }),
    tag: z
      .string()
      .transform((value, context) => {
        const colon = value.indexOf(':');
        const problem =
          colon < 0
            ? 'tag must be name:value'
            : (tagTextProblem('names', value.slice(0, colon)) ?? tagTextProblem('values', value.slice(colon + 1)));
        if (problem) context.addIssue({ code: 'custom', message: problem });
        return value;
      })
      .optional()
      .meta({ description: 'Only emails with this tag, as `name:value`' }),
    environment: environmentQuery,
  })
  .superRefine(dateOrder);

export type EmailListQuery = z.output<typeof emailListQuery>;
