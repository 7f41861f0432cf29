/**
 * The small pieces pages are built from (badges, dates, notices, empty states, the pager): the
 * shell around them is layout.ts, the pieces of a form forms.ts. Everything returns SafeHtml.
 */
import type { Environment } from '#core/environment.ts';
import type { ErrorDetail } from '#core/errors.ts';
import { html, type SafeHtml } from '#dashboard/html.ts';
export type BadgeTone = 'ok' | 'bad' | 'warn' | 'info' | 'neutral';

export const badge = (text: string, tone: BadgeTone = 'neutral'): SafeHtml =>
  html`<span class="badge${tone === 'neutral' ? '' : ` ${tone}`}">${text}</span>`;

/** What an empty value shows: a muted dash. */
export const none: SafeHtml = html`<span class="muted">—</span>`;

export const ENVIRONMENT_LABELS: Readonly<Record<Environment, string>> = { live: 'Live', test: 'Test' };

/** Live (highlighted) or Test. */
export const environmentBadge = (environment: Environment): SafeHtml =>
  environment === 'live' ? badge(ENVIRONMENT_LABELS.live, 'info') : badge(ENVIRONMENT_LABELS.test);

/** A timestamp shown in UTC, machine-readable in `datetime`. */
export function dateTime(iso: string | null | undefined): SafeHtml {
  if (!iso) return none;
  const shown = iso.replace('T', ' ').replace(/\.\d+Z$|Z$/, ' UTC');
  return html`<time datetime="${iso}">${shown}</time>`;
}

/**
 * A copy button for the element with `targetId` (an input or any element's text). Hidden until
 * the script runs, so pages without JavaScript never show a button that does nothing.
 */
export const copyButton = (targetId: string, label = 'Copy'): SafeHtml =>
  html`<button type="button" class="secondary small" data-copy="${targetId}" hidden aria-label="${label}: copy to clipboard">${label}</button>`;

export type NoticeTone = 'ok' | 'error' | 'warn';

export const notice = (tone: NoticeTone, content: unknown): SafeHtml =>
  html`<div class="notice ${tone}" role="${tone === 'error' ? 'alert' : 'status'}">${content}</div>`;

/** An error's details, one line each (`field: message`); nothing when there are none. */
export function errorList(details: readonly ErrorDetail[] | undefined): SafeHtml {
  if (!details || details.length === 0) return html``;
  return html`<ul>${details.map((detail) => html`<li><strong>${detail.field}</strong>: ${detail.message}</li>`)}</ul>`;
}

export interface PageNotice {
  tone: NoticeTone;
  content: unknown;
}

/**
 * The notice a `?notice=` key selects among a page's fixed ones. An unknown key (or an inherited
 * name such as `constructor`) shows nothing: text from the address is never shown.
 */
export function pageNotice(notices: Readonly<Record<string, PageNotice>>, key: string | undefined): SafeHtml {
  const shown = key !== undefined && Object.hasOwn(notices, key) ? notices[key] : undefined;
  return shown ? notice(shown.tone, shown.content) : html``;
}

export const emptyState = (content: unknown): SafeHtml => html`<div class="empty">${content}</div>`;

/** `path?query` with the empty values left out (the path alone when none is left). */
export function pathWithQuery(path: string, query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  const search = params.toString();
  return search === '' ? path : `${path}?${search}`;
}

/** Previous/next links that keep the page's other query parameters. */
export function pager(
  basePath: string,
  query: Record<string, string | number | undefined>,
  page: number,
  totalPages: number,
): SafeHtml {
  if (totalPages <= 1) return html``;
  const { page: _current, ...others } = query;
  const link = (target: number): string => pathWithQuery(basePath, { ...others, page: target });
  return html`<nav class="pager" aria-label="Pagination">
${page > 1 ? html`<a class="button secondary" href="${link(page - 1)}" rel="prev">← Previous</a>` : ''}
<span>Page ${page} of ${totalPages}</span>
${page < totalPages ? html`<a class="button secondary" href="${link(page + 1)}" rel="next">Next →</a>` : ''}
</nav>`;
}
