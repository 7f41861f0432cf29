/**
 * The Inbound list (GET /dashboard/inbound: the service and filters of GET /api/v1/inbound; its query:
 * inbound.schemas.ts) and the pieces the detail shares (addresses, subjects, verdict badges). Every value
 * shown was written by whoever sent the message: it only ever goes through the escaping `html` template.
 */
import type { ErrorDetail } from '#core/errors.ts';
import type { Pagination } from '#core/pages.ts';
import {
  badge,
  dateTime,
  emptyState,
  errorList,
  none,
  notice,
  type PageNotice,
  pageNotice,
  pager,
  pathWithQuery,
} from '#dashboard/components.ts';
import { html, type SafeHtml } from '#dashboard/html.ts';
import type { InboundFilters } from '#dashboard/inbound/inbound.schemas.ts';
import { layout, type PageMember } from '#dashboard/layout.ts';
import type { PageResult } from '#dashboard/page-result.ts';
import type { inboundSummary } from '#inbound/inbound-message.ts';
import type { InboundAddress } from '#inbound/parse-message.ts';
import type { Verdicts } from '#inbound/receipt.ts';

export const INBOUND_PATH = '/dashboard/inbound';

export type InboundListItem = ReturnType<typeof inboundSummary>;

/** One received message's page (ids are checked by the service; encoded all the same). */
export const inboundPath = (id: string) => `${INBOUND_PATH}/${encodeURIComponent(id)}`;

/** `?notice=` values: fixed messages only. */
const NOTICES: Record<string, PageNotice> = {
  deleted: { tone: 'ok', content: 'The message, its raw copy and its attachments are deleted.' },
};

/** The list's address with these query parameters (empty ones left out). */
export const inboundListUrl = (query: Partial<Record<string, string>> = {}): string =>
  pathWithQuery(INBOUND_PATH, query);

const filterQuery = (filters: InboundFilters) => ({
  to: filters.to,
  from: filters.from,
  from_date: filters.from_date,
  to_date: filters.to_date,
});

const hasFilters = (filters: InboundFilters) =>
  filters.to !== '' || filters.from !== '' || filters.from_date !== '' || filters.to_date !== '';

/** `Jane Doe <jane@example.org>`, or the address alone. */
export const addressText = (address: InboundAddress): string =>
  address.name ? `${address.name} <${address.email}>` : address.email;

export function addressList(addresses: readonly InboundAddress[]): SafeHtml {
  if (addresses.length === 0) return none;
  return html`${addresses.map((address, index) => html`${index > 0 ? ', ' : ''}${addressText(address)}`)}`;
}

export const inboundSubject = (subject: string | null): string =>
  subject === null || subject.trim() === '' ? '(no subject)' : subject;

export const VERDICT_NAMES = ['spam', 'virus', 'spf', 'dkim', 'dmarc'] as const satisfies ReadonlyArray<keyof Verdicts>;

export const VERDICT_LABELS: Readonly<Record<keyof Verdicts, string>> = {
  spam: 'Spam',
  virus: 'Virus',
  spf: 'SPF',
  dkim: 'DKIM',
  dmarc: 'DMARC',
};

/** The labels of the verdicts that are `fail` (`Spam`, `Virus`, `SPF fail`…), in VERDICT_NAMES' order. */
export const failedVerdicts = (verdicts: Verdicts): string[] =>
  VERDICT_NAMES.filter((name) => verdicts[name] === 'fail').map((name) =>
    name === 'spam' || name === 'virus' ? VERDICT_LABELS[name] : `${VERDICT_LABELS[name]} fail`,
  );

/** The list's marker of a message whose MIME could not be read (why: in its title, and on its page). */
export const parseErrorBadge = (parseError: string): SafeHtml =>
  html`<span class="badge warn" title="${parseError}">Unreadable</span>`;

/** What the list flags about a message: a badge per failed verdict, and the parse error marker. */
export function messageFlags(item: Pick<InboundListItem, 'verdicts' | 'parse_error'>): SafeHtml {
  const badges = failedVerdicts(item.verdicts).map((label) => badge(label, 'bad'));
  if (item.parse_error !== null) badges.push(parseErrorBadge(item.parse_error));
  return badges.length === 0 ? none : html`${badges.map((shown, index) => html`${index > 0 ? ' ' : ''}${shown}`)}`;
}

function filterForm(filters: InboundFilters, problems: readonly ErrorDetail[]): SafeHtml {
  const invalid = (field: string) =>
    problems.some((problem) => problem.field === field)
      ? html` aria-invalid="true" aria-describedby="filter-problems"`
      : '';
  return html`<form method="get" action="${INBOUND_PATH}" role="search" aria-label="Filter received messages">
<div class="form-row">
<div class="field"><label for="filter-to">To (your address)</label>
<input id="filter-to" name="to" type="text" maxlength="320" autocomplete="off" value="${filters.to}"${invalid('to')}></div>
<div class="field"><label for="filter-from">From</label>
<input id="filter-from" name="from" type="text" maxlength="320" autocomplete="off" value="${filters.from}"${invalid('from')}></div>
<div class="field"><label for="filter-from-date">Received from (UTC)</label>
<input id="filter-from-date" name="from_date" type="date" value="${filters.from_date}"${invalid('from_date')}></div>
<div class="field"><label for="filter-to-date">Received to (UTC)</label>
<input id="filter-to-date" name="to_date" type="date" value="${filters.to_date}"${invalid('to_date')}></div>
<div class="field"><button type="submit">Filter</button></div>
${hasFilters(filters) ? html`<div class="field"><a class="button secondary" href="${INBOUND_PATH}">Clear filters</a></div>` : ''}
</div>
</form>`;
}

function listHeader(filters: InboundFilters, problems: readonly ErrorDetail[], noticeKey?: string): SafeHtml {
  return html`<h1>Inbound</h1>
<p class="lead">Messages received at this organization's receiving domains, newest first. Anyone can write any
From: check the SPF, DKIM and DMARC verdicts before trusting it.</p>
${pageNotice(NOTICES, noticeKey)}
${filterForm(filters, problems)}`;
}

/** The envelope recipients at the organization's domains (Bcc'd ones too): the first, and how many more. */
function recipients(item: InboundListItem): SafeHtml {
  const [first, ...others] = item.recipients;
  return html`${first ?? none}${others.length > 0 ? html` <span class="muted">+${others.length} more</span>` : ''}`;
}

function inboundTable(items: readonly InboundListItem[]): SafeHtml {
  return html`<table>
<caption class="visually-hidden">Received messages, newest first</caption>
<thead><tr><th scope="col">Received</th><th scope="col">From</th><th scope="col">To</th><th scope="col">Subject</th><th scope="col">Flags</th><th scope="col" class="num">Attachments</th></tr></thead>
<tbody>
${items.map(
  (item) => html`<tr>
<td>${dateTime(item.received_at)}</td>
<td>${addressText(item.from)}</td>
<td>${recipients(item)}</td>
<td><a href="${inboundPath(item.id)}">${inboundSubject(item.subject)}</a></td>
<td>${messageFlags(item)}</td>
<td class="num">${item.attachments.length}</td>
</tr>`,
)}
</tbody>
</table>`;
}

const count = (n: number, noun: string) => `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;

export function inboundListPage(
  member: PageMember,
  filters: InboundFilters,
  result: { items: readonly InboundListItem[]; pagination: Pagination },
  noticeKey?: string,
): PageResult {
  const { items, pagination } = result;
  let content: SafeHtml;
  if (items.length > 0) {
    const matching = pagination.total_count === 1 ? ' matches these filters' : ' match these filters';
    content = html`<p>${count(pagination.total_count, 'message')}${hasFilters(filters) ? matching : ''}.</p>
${inboundTable(items)}
${pager(INBOUND_PATH, filterQuery(filters), pagination.page, pagination.total_pages)}`;
  } else if (pagination.total_count > 0) {
    content = emptyState(
      html`<p>Page ${pagination.page} is past the end: ${count(pagination.total_count, 'message')} fit in ${count(pagination.total_pages, 'page')}.</p>
<p><a href="${inboundListUrl(filterQuery(filters))}">Go to the first page</a></p>`,
    );
  } else if (hasFilters(filters)) {
    content = emptyState(
      html`<p>No received messages match these filters.</p><p><a href="${INBOUND_PATH}">Clear the filters</a></p>`,
    );
  } else {
    content = emptyState(
      html`<p><strong>No messages received yet.</strong></p>
<p>Turn receiving on for a <a href="/dashboard/domains">domain</a> (ideally a subdomain such as
<code>reply.example.com</code>) and add its MX record: what arrives for it shows here.</p>`,
    );
  }
  return {
    body: layout({
      title: 'Inbound',
      member,
      section: 'inbound',
      body: html`${listHeader(filters, [], noticeKey)}${content}`,
    }),
  };
}

/** The list page with the form as typed and what is wrong with it (400). */
export function invalidInboundFiltersPage(
  member: PageMember,
  filters: InboundFilters,
  problems: readonly ErrorDetail[],
): PageResult {
  return {
    status: 400,
    body: layout({
      title: 'Inbound',
      member,
      section: 'inbound',
      body: html`${listHeader(filters, problems)}
<div id="filter-problems">${notice('error', html`These filters cannot be used:${errorList(problems)}`)}</div>`,
    }),
  };
}
