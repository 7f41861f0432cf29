/**
 * The dashboard's error pages: a whole page saying what went wrong, with a way back. The stack's
 * error handler (middleware/error-pages.ts) answers with them; pages use them for a refused action.
 */
import type { ApiError } from '#core/errors.ts';
import { notice } from '#dashboard/components.ts';
import { errorMessage } from '#dashboard/forms.ts';
import { html, type SafeHtml } from '#dashboard/html.ts';
import { layout, type PageMember } from '#dashboard/layout.ts';
import type { PageResult } from '#dashboard/page-result.ts';

/** A whole page saying what went wrong, with a way back. */
export function errorPage(
  status: number,
  title: string,
  message: unknown,
  member?: PageMember,
): { status: number; body: SafeHtml } {
  return {
    status,
    body: layout({
      title,
      ...(member ? { member } : {}),
      body: html`<h1>${title}</h1>${notice('error', message)}<p><a href="/dashboard">Back to the dashboard</a></p>`,
    }),
  };
}

const TITLES: Record<number, string> = {
  400: 'Please check the form',
  404: 'Not found',
  405: 'Not allowed',
  409: 'That cannot be done now',
  413: 'Too large',
  415: 'Unsupported form',
  429: 'Too many requests',
};

/** The error page of an ApiError below 500: its status, a title for it, its message and details, its headers. */
export function apiErrorPage(error: ApiError, member?: PageMember): PageResult {
  const title = TITLES[error.statusCode] ?? 'Something is not right';
  return { ...errorPage(error.statusCode, title, errorMessage(error), member), headers: error.headers };
}
