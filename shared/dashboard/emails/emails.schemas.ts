/**
 * What the Emails pages read from the request: the list's filters (parsed never to fail, so the form
 * shows its problems), an email's id and an attachment's index.
 */
import * as z from 'zod';
import type { Environment } from '#core/environment.ts';
import type { ErrorDetail } from '#core/errors.ts';
import type { PageSchemas } from '#dashboard/context.ts';
import { MAX_LIST_DEPTH } from '#emails/list.service.ts';
import { type EmailListQuery, emailListQuery } from '#emails/list-query.ts';
import { issuesToDetails } from '#http/zod-details.ts';
import { idPath } from '#platform/api-schemas.ts';

/** Emails a page of the list shows. */
export const EMAILS_PAGE_SIZE = 25;
/** The deepest page the list can reach (a page reads every entry before it). */
export const MAX_EMAILS_PAGE = Math.floor(MAX_LIST_DEPTH / EMAILS_PAGE_SIZE);
/** The environment the list shows when the address names none. */
export const LIST_DEFAULT_ENVIRONMENT: Environment = 'live';

/** The filters as typed (the form and the pager links carry them back unchanged). */
export interface EmailFilters {
  status: string;
  from_date: string;
  to_date: string;
  environment: Environment;
  page: string;
}

export type EmailsPageQuery =
  | { ok: true; filters: EmailFilters; list: EmailListQuery }
  | { ok: false; filters: EmailFilters; problems: ErrorDetail[] };

const FILTER_NAMES = ['status', 'from_date', 'to_date', 'environment', 'page'] as const;
const DATE_INPUT = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The list page's query string. It never fails: invalid filters come out as `problems`, so the
 * page can show them next to the form (status 400) instead of a bare error page. Empty fields
 * (an unset select or date) mean no filter; other parameters are ignored; `limit` is fixed.
 * Everything else follows GET /api/v1/emails (`emailListQuery`): to_date not before from_date,
 * page × limit ≤ 10,000.
 */
export const emailsPageQuery = z.record(z.string(), z.string().optional()).transform((raw): EmailsPageQuery => {
  const value = (name: (typeof FILTER_NAMES)[number]) => (raw[name] ?? '').trim();
  const environment = value('environment');
  const filters: EmailFilters = {
    status: value('status'),
    from_date: value('from_date'),
    to_date: value('to_date'),
    environment: environment === 'test' ? 'test' : LIST_DEFAULT_ENVIRONMENT,
    page: value('page'),
  };
  const problems: ErrorDetail[] = [];
  for (const name of ['from_date', 'to_date'] as const) {
    if (filters[name] !== '' && !DATE_INPUT.test(filters[name])) {
      problems.push({ field: name, message: `${name} must be a date (yyyy-mm-dd)` });
    }
  }
  const page = Number(filters.page);
  const tooDeep = /^\d{1,9}$/.test(filters.page) && page > MAX_EMAILS_PAGE;
  if (tooDeep) {
    problems.push({
      field: 'page',
      message: `only pages 1–${MAX_EMAILS_PAGE} can be shown (the newest ${MAX_LIST_DEPTH.toLocaleString('en-US')} emails of a filter): narrow the dates to reach older emails`,
    });
  }
  const input: Record<string, string> = { limit: String(EMAILS_PAGE_SIZE) };
  for (const name of FILTER_NAMES) if (value(name) !== '') input[name] = value(name);
  const parsed = emailListQuery.safeParse(input);
  if (!parsed.success) {
    for (const detail of issuesToDetails(parsed.error.issues, 'query')) {
      const known = problems.some((problem) => problem.field === detail.field);
      if (!known) problems.push(detail);
    }
  }
  if (problems.length > 0 || !parsed.success) return { ok: false, filters, problems };
  return { ok: true, filters, list: { ...parsed.data, environment: filters.environment } };
});

export const emailInputs = {
  list: { query: emailsPageQuery },
  detail: { path: idPath },
  body: { path: idPath },
  /** `index` is checked by attachmentAt, so that a bad one is a 404 like an index out of range. */
  attachment: { path: z.strictObject({ id: z.string(), index: z.string() }) },
} satisfies Record<string, PageSchemas>;
