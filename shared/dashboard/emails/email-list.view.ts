/**
 * The Emails list (GET /dashboard/emails, the same service and filter rules as GET /api/v1/emails;
 * its query: emails.schemas.ts). One email and its HTML body are email-detail.view.ts.
 */
import type { Environment } from '#core/environment.ts';
import type { ErrorDetail } from '#core/errors.ts';
import type { Pagination } from '#core/pages.ts';
import {
  type BadgeTone,
  badge,
  dateTime,
  ENVIRONMENT_LABELS,
  emptyState,
  errorList,
  none,
  notice,
  pager,
  pathWithQuery,
} from '#dashboard/components.ts';
import { type EmailFilters, MAX_EMAILS_PAGE } from '#dashboard/emails/emails.schemas.ts';
import { html, type SafeHtml } from '#dashboard/html.ts';
import { layout, type PageMember } from '#dashboard/layout.ts';
import type { PageResult } from '#dashboard/page-result.ts';
import type { EmailStatus } from '#emails/email.ts';
import { EMAIL_STATUSES } from '#emails/email.ts';
import { type EmailListItem, MAX_LIST_DEPTH } from '#emails/list.service.ts';

const LIST_PATH = '/dashboard/emails';

const STATUS_TONES: Record<EmailStatus, BadgeTone> = {
  queued: 'info',
  delivered: 'ok',
  opened: 'ok',
  bounced: 'bad',
  failed: 'bad',
};

export const emailStatusBadge = (status: string): SafeHtml =>
  badge(status, STATUS_TONES[status as EmailStatus] ?? 'neutral');

/** The list's address with these query parameters (empty ones left out). */
export const listUrl = (query: Record<string, string | undefined>): string => pathWithQuery(LIST_PATH, query);

const filterQuery = (filters: EmailFilters) => ({
  status: filters.status,
  from_date: filters.from_date,
  to_date: filters.to_date,
  environment: filters.environment,
});

const hasFilters = (filters: EmailFilters) =>
  filters.status !== '' || filters.from_date !== '' || filters.to_date !== '';

/** Live | Test: links keeping the other filters (back to page 1). */
function environmentSwitch(filters: EmailFilters): SafeHtml {
  const link = (environment: Environment) => {
    const current = environment === filters.environment;
    return html`<a class="button${current ? '' : ' secondary'}" href="${listUrl({ ...filterQuery(filters), environment })}"${
      current ? html` aria-current="page"` : ''
    }>${ENVIRONMENT_LABELS[environment]}</a>`;
  };
  return html`<nav class="form-row" aria-label="Environment"><span class="muted">Environment:</span> ${link('live')} ${link('test')}</nav>`;
}

function filterForm(filters: EmailFilters, problems: readonly ErrorDetail[]): SafeHtml {
  const invalid = (field: string) =>
    problems.some((problem) => problem.field === field)
      ? html` aria-invalid="true" aria-describedby="filter-problems"`
      : '';
  return html`<form method="get" action="${LIST_PATH}" role="search" aria-label="Filter emails">
<input type="hidden" name="environment" value="${filters.environment}">
<div class="form-row">
<div class="field"><label for="filter-status">Status</label>
<select id="filter-status" name="status"${invalid('status')}>
<option value="">Any status</option>
${EMAIL_STATUSES.map(
  (status) => html`<option value="${status}"${status === filters.status ? html` selected` : ''}>${status}</option>`,
)}
</select></div>
<div class="field"><label for="filter-from">Created from (UTC)</label>
<input id="filter-from" name="from_date" type="date" value="${filters.from_date}"${invalid('from_date')}></div>
<div class="field"><label for="filter-to">Created to (UTC)</label>
<input id="filter-to" name="to_date" type="date" value="${filters.to_date}"${invalid('to_date')}></div>
<div class="field"><button type="submit">Filter</button></div>
${hasFilters(filters) ? html`<div class="field"><a class="button secondary" href="${listUrl({ environment: filters.environment })}">Clear filters</a></div>` : ''}
</div>
</form>`;
}

function listHeader(filters: EmailFilters, problems: readonly ErrorDetail[]): SafeHtml {
  return html`<h1>Emails</h1>
<p class="lead">Emails sent with this organization's <strong>${filters.environment}</strong> API keys, newest first.</p>
${environmentSwitch(filters)}
${filterForm(filters, problems)}`;
}

function firstEmailHint(environment: Environment): SafeHtml {
  return html`<p><strong>No ${environment} emails yet.</strong></p>
<p>Send your first one with a <code>pb_${environment}_</code> API key (create one under
<a href="/dashboard/settings/api-keys">Settings · API Keys</a>) from a verified
<a href="/dashboard/domains">domain</a>:</p>
<pre>curl -X POST "$POSTBOX_URL/api/v1/emails/send" \\
  -H "Authorization: Bearer pb_${environment}_…" -H "Content-Type: application/json" \\
  -d '{"from":{"email":"hello@your-domain.example"},"to":[{"email":"you@example.com"}],
       "subject":"Hello from Postbox","html":"&lt;p&gt;It works!&lt;/p&gt;"}'</pre>
<p>${
    environment === 'live'
      ? html`Emails sent with test keys are under <a href="${listUrl({ environment: 'test' })}">Test</a>.`
      : html`Emails sent with live keys are under <a href="${listUrl({ environment: 'live' })}">Live</a>.`
  }</p>`;
}

function recipients(item: EmailListItem): SafeHtml {
  const [first, ...others] = item.to_addresses;
  const more = others.length + item.cc.length + item.bcc.length;
  return html`${first ?? none}${more > 0 ? html` <span class="muted">+${more} more</span>` : ''}`;
}

export const subjectText = (subject: string) => (subject.trim() === '' ? '(no subject)' : subject);

function emailsTable(items: readonly EmailListItem[], environment: Environment): SafeHtml {
  return html`<table>
<caption class="visually-hidden">${ENVIRONMENT_LABELS[environment]} emails, newest first</caption>
<thead><tr><th scope="col">To</th><th scope="col">Subject</th><th scope="col">Status</th><th scope="col">Created</th></tr></thead>
<tbody>
${items.map(
  (item) => html`<tr>
<td>${recipients(item)}</td>
<td><a href="/dashboard/emails/${item.id}">${subjectText(item.subject)}</a></td>
<td>${emailStatusBadge(item.status)}</td>
<td>${dateTime(item.created_at)}</td>
</tr>`,
)}
</tbody>
</table>`;
}

const count = (n: number, noun: string) => `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;

export function emailListPage(
  member: PageMember,
  filters: EmailFilters,
  result: { items: EmailListItem[]; pagination: Pagination },
): PageResult {
  const { items, pagination } = result;
  let content: SafeHtml;
  if (items.length > 0) {
    const reachable = Math.min(pagination.total_pages, MAX_EMAILS_PAGE);
    const matching = pagination.total_count === 1 ? ' matches these filters' : ' match these filters';
    content = html`<p>${count(pagination.total_count, 'email')}${hasFilters(filters) ? matching : ''}.</p>
${emailsTable(items, filters.environment)}
${pager(LIST_PATH, filterQuery(filters), pagination.page, reachable)}
${
  pagination.total_pages > MAX_EMAILS_PAGE
    ? html`<p class="muted">Only the newest ${MAX_LIST_DEPTH.toLocaleString('en-US')} emails of a filter can be paged through: narrow the dates to reach older ones.</p>`
    : ''
}`;
  } else if (pagination.total_count > 0) {
    content = emptyState(
      html`<p>Page ${pagination.page} is past the end: ${count(pagination.total_count, 'email')} fit in ${count(pagination.total_pages, 'page')}.</p>
<p><a href="${listUrl(filterQuery(filters))}">Go to the first page</a></p>`,
    );
  } else if (hasFilters(filters)) {
    content = emptyState(
      html`<p>No ${filters.environment} emails match these filters.</p><p><a href="${listUrl({ environment: filters.environment })}">Clear the filters</a></p>`,
    );
  } else {
    content = emptyState(firstEmailHint(filters.environment));
  }
  return {
    body: layout({
      title: 'Emails',
      member,
      section: 'emails',
      body: html`${listHeader(filters, [])}${content}`,
    }),
  };
}

/** The list page with the form as typed and what is wrong with it (400). */
export function invalidFiltersPage(
  member: PageMember,
  filters: EmailFilters,
  problems: readonly ErrorDetail[],
): PageResult {
  return {
    status: 400,
    body: layout({
      title: 'Emails',
      member,
      section: 'emails',
      body: html`${listHeader(filters, problems)}
<div id="filter-problems">${notice('error', html`These filters cannot be used:${errorList(problems)}`)}</div>`,
    }),
  };
}
