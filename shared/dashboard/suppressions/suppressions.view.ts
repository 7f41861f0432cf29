/**
 * The Suppressions page: the organization's suppressed addresses, newest first and paginated,
 * a Remove button per entry and a form to add an address.
 */

import type { ApiError } from '#core/errors.ts';
import type { Pagination } from '#core/pages.ts';
import {
  type BadgeTone,
  badge,
  dateTime,
  emptyState,
  notice,
  type PageNotice,
  pageNotice,
  pager,
} from '#dashboard/components.ts';
import { csrfField, errorMessage } from '#dashboard/forms.ts';
import { html, type SafeHtml } from '#dashboard/html.ts';
import { layout, type PageMember } from '#dashboard/layout.ts';
import type { PageResult } from '#dashboard/page-result.ts';
import { SUPPRESSION_REASONS, type Suppression, type SuppressionReason } from '#suppressions/suppression.ts';

export const DEFAULT_PAGE_LIMIT = 20;

const REASONS: Record<SuppressionReason, { label: string; tone: BadgeTone }> = {
  hard_bounce: { label: 'Hard bounce', tone: 'bad' },
  soft_bounce: { label: 'Soft bounce', tone: 'warn' },
  complaint: { label: 'Complaint', tone: 'bad' },
  unsubscribe: { label: 'Unsubscribed', tone: 'info' },
  manual: { label: 'Manual', tone: 'neutral' },
};

/** `?notice=` values: fixed messages only. */
const NOTICES: Record<string, PageNotice> = {
  added: { tone: 'ok', content: 'The address is on the suppression list: Postbox will not send to it.' },
  removed: { tone: 'ok', content: 'The address was removed from the suppression list: it can receive email again.' },
};

export interface SuppressionsPageState {
  member: PageMember;
  items: readonly Suppression[];
  pagination: Pagination;
  notice?: string | undefined;
  /** A failed "Add" form: the message and what was typed. */
  error?: ApiError;
  typed?: { email?: string | undefined; reason?: string | undefined };
  status?: number;
}

const listQuery = (pagination: Pagination) => ({
  limit: pagination.limit === DEFAULT_PAGE_LIMIT ? undefined : pagination.limit,
});

function row(member: PageMember, suppression: Suppression, pagination: Pagination): SafeHtml {
  const reason = REASONS[suppression.reason] ?? { label: suppression.reason, tone: 'neutral' as const };
  return html`<tr>
<td class="mono">${suppression.email}</td>
<td>${badge(reason.label, reason.tone)}</td>
<td>${suppression.source === 'automatic' ? 'Automatic' : 'Manual'}</td>
<td>${dateTime(suppression.created_at)}</td>
<td><form class="inline" method="post" action="/dashboard/suppressions/${encodeURIComponent(suppression.id)}/delete">${csrfField(member)}
<input type="hidden" name="page" value="${pagination.page}">
<button class="danger small" type="submit">Remove<span class="visually-hidden"> ${suppression.email}</span></button></form></td>
</tr>`;
}

function table(state: SuppressionsPageState): SafeHtml {
  const { items, pagination } = state;
  if (items.length === 0) {
    return pagination.total_count === 0
      ? emptyState(
          'No suppressed addresses. Bounces and complaints add them automatically; you can also add one below.',
        )
      : emptyState(html`There is nothing on this page. <a href="/dashboard/suppressions">Go to the first page</a>.`);
  }
  return html`<p class="muted">${pagination.total_count} suppressed address${pagination.total_count === 1 ? '' : 'es'}, newest first.</p>
<table>
<caption class="visually-hidden">Suppressed addresses</caption>
<thead><tr><th scope="col">Address</th><th scope="col">Reason</th><th scope="col">Source</th><th scope="col">Added</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
<tbody>${items.map((item) => row(state.member, item, pagination))}</tbody>
</table>
${pager('/dashboard/suppressions', listQuery(pagination), pagination.page, pagination.total_pages)}`;
}

function addForm(state: SuppressionsPageState): SafeHtml {
  const selected = state.typed?.reason ?? 'manual';
  return html`<section class="card" aria-labelledby="add-suppression-title">
<h2 id="add-suppression-title">Add an address</h2>
${state.error && notice('error', errorMessage(state.error))}
<form method="post" action="/dashboard/suppressions">${csrfField(state.member)}
<div class="form-row">
<div class="field"><label for="suppression-email">Email address</label>
<input id="suppression-email" name="email" type="email" required maxlength="320" autocomplete="off" value="${state.typed?.email ?? ''}"${state.error ? html` aria-invalid="true" autofocus` : ''}></div>
<div class="field"><label for="suppression-reason">Reason</label>
<select id="suppression-reason" name="reason">${SUPPRESSION_REASONS.map(
    (reason) =>
      html`<option value="${reason}"${reason === selected ? html` selected` : ''}>${REASONS[reason].label}</option>`,
  )}</select></div>
<button type="submit">Add to the list</button>
</div>
</form>
</section>`;
}

export function suppressionsPage(state: SuppressionsPageState): PageResult {
  return {
    status: state.status ?? 200,
    body: layout({
      title: 'Suppressions',
      member: state.member,
      section: 'suppressions',
      body: html`<h1>Suppressions</h1>
<p class="lead">Postbox never sends to these addresses. Remove an address only if you know it can receive email again.</p>
${pageNotice(NOTICES, state.notice)}
${table(state)}
${addForm(state)}`,
    }),
  };
}
