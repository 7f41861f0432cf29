/**
 * What the Inbound pages read from the request: the list's filters (parsed never to fail, so the form
 * shows its problems), a received message's id. The filters follow GET /api/v1/inbound (inboundListQuery).
 */
import * as z from 'zod';
import type { ErrorDetail } from '#core/errors.ts';
import type { PageSchemas } from '#dashboard/context.ts';
import { issuesToDetails } from '#http/zod-details.ts';
import { type InboundListQuery, inboundListQuery } from '#inbound/inbound.contract.ts';
import { idPath } from '#platform/api-schemas.ts';

/** Messages a page of the list shows. */
export const INBOUND_PAGE_SIZE = 25;

/** The filters as typed (the form and the pager links carry them back unchanged). */
export interface InboundFilters {
  to: string;
  from: string;
  from_date: string;
  to_date: string;
  page: string;
}

/** `notice`: a key of the list's fixed messages (after a delete), never shown as text. */
export type InboundPageQuery =
  | { ok: true; filters: InboundFilters; list: InboundListQuery; notice: string | undefined }
  | { ok: false; filters: InboundFilters; problems: ErrorDetail[]; notice: string | undefined };

const FILTER_NAMES = ['to', 'from', 'from_date', 'to_date', 'page'] as const;
const DATE_INPUT = /^\d{4}-\d{2}-\d{2}$/;
/** What of a typed value is kept to show again (a query string is at most a few KB anyway). */
const MAX_TYPED = 320;

/**
 * The list page's query string. It never fails: invalid filters come out as `problems`, so the page
 * shows them next to the form (status 400) instead of a bare error page. Empty fields mean no filter;
 * other parameters are ignored; `limit` is fixed. Dates are whole days (the form's date inputs).
 */
export const inboundPageQuery = z.record(z.string(), z.string().optional()).transform((raw): InboundPageQuery => {
  const value = (name: string) => (raw[name] ?? '').trim().slice(0, MAX_TYPED);
  const filters: InboundFilters = {
    to: value('to'),
    from: value('from'),
    from_date: value('from_date'),
    to_date: value('to_date'),
    page: value('page'),
  };
  const notice = value('notice') || undefined;
  const problems: ErrorDetail[] = [];
  for (const name of ['from_date', 'to_date'] as const) {
    if (filters[name] !== '' && !DATE_INPUT.test(filters[name])) {
      problems.push({ field: name, message: `${name} must be a date (yyyy-mm-dd)` });
    }
  }
  const input: Record<string, string> = { limit: String(INBOUND_PAGE_SIZE) };
  for (const name of FILTER_NAMES) if (filters[name] !== '') input[name] = filters[name];
  const parsed = inboundListQuery.safeParse(input);
  if (!parsed.success) {
    for (const detail of issuesToDetails(parsed.error.issues, 'query')) {
      if (!problems.some((problem) => problem.field === detail.field)) problems.push(detail);
    }
  }
  if (problems.length > 0 || !parsed.success) return { ok: false, filters, problems, notice };
  return { ok: true, filters, list: parsed.data, notice };
});

export const inboundInputs = {
  list: { query: inboundPageQuery },
  detail: { path: idPath },
  body: { path: idPath },
  delete: { path: idPath },
} satisfies Record<string, PageSchemas>;
