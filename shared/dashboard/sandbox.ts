/**
 * The documents the dashboard shows inside `<iframe sandbox>`: a stored email's HTML body
 * (`/dashboard/emails/{id}/body`) and a template's rendered preview (`/dashboard/templates/{id}/preview`).
 * Their markup is a tenant's own, so it is served as is, only here, and only under these headers.
 */
import type { SafeHtml } from '#dashboard/html.ts';
import type { PageResult } from '#dashboard/page-result.ts';

/**
 * What a sandboxed document answers with instead of the page CSP: a sandbox (no script, no forms,
 * an opaque origin) even when the URL is opened directly, nothing loaded but inline styles, images
 * and fonts over https, framing only by the dashboard itself, and no referrer to the images it loads.
 */
export const SANDBOXED_DOCUMENT_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy':
    "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src https: data:; font-src https: data:; frame-ancestors 'self'",
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'no-store',
  'X-Frame-Options': 'SAMEORIGIN',
  'Referrer-Policy': 'no-referrer',
};

/** A whole document for a sandboxed frame, under SANDBOXED_DOCUMENT_HEADERS. */
export const sandboxedDocument = (body: SafeHtml, status = 200): PageResult => ({
  status,
  body,
  headers: { ...SANDBOXED_DOCUMENT_HEADERS },
});
