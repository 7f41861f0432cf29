/**
 * The query string of GET /api/v1/emails (and the dashboard's email list): page, limit and the
 * filters, validated and normalised (dates to UTC instants, `to` to its normal form).
 */
import * as z from 'zod';
import { tagTextProblem } from '#core/content-fields.ts';
import { dateBound, dateOrder, environmentQuery } from '#core/date-query.ts';
import { normalizeEmailAddress } from '#core/email-address.ts';
import { pageQuery } from '#core/pages.ts';
import { EMAIL_STATUSES } from '#emails/email.ts';

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
