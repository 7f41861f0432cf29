/**
 * The documents the dashboard shows inside `<iframe sandbox>`: a stored email's HTML body
 * (`/dashboard/emails/{id}/body`), a template's rendered preview (`/dashboard/templates/{id}/preview`)
 * and a received message's HTML (`/dashboard/inbound/{id}/body`: nothing remote, not even images).
 * Their markup is a tenant's own, so it is served as is, only here, and only under these headers.
 */
import { html, type SafeHtml } from '#dashboard/html.ts';
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

/**
 * Received mail is anyone's: a remote image would tell its sender when, and from where, a member read
 * it (a tracking pixel). Only inline (`data:`) images and fonts.
 */
export const RECEIVED_DOCUMENT_HEADERS: Readonly<Record<string, string>> = {
  ...SANDBOXED_DOCUMENT_HEADERS,
  'Content-Security-Policy':
    "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:; frame-ancestors 'self'",
};

/** A whole document for a sandboxed frame, under SANDBOXED_DOCUMENT_HEADERS (or the received mail's). */
export const sandboxedDocument = (body: SafeHtml, status = 200, received = false): PageResult => ({
  status,
  body,
  headers: { ...(received ? RECEIVED_DOCUMENT_HEADERS : SANDBOXED_DOCUMENT_HEADERS) },
});

/**
 * A detail page's two body sections: the HTML in a sandboxed frame (its document served at `framePath`)
 * and the text as preformatted text. `noun` names the thing (`email`, `message`); `remote` says what the
 * frame's document may load.
 */
export function bodySections(body: {
  noun: string;
  html: string | null;
  text: string | null;
  framePath: string;
  subject: string;
  remote: string;
}): SafeHtml {
  return html`<section aria-labelledby="html-heading">
<h2 id="html-heading">HTML body</h2>
${
  body.html === null
    ? html`<p class="muted">This ${body.noun} has no HTML part.</p>`
    : html`<p class="muted">Shown sandboxed: no scripts run and ${body.remote}.</p>
<iframe class="body" sandbox src="${body.framePath}" title="HTML body of the ${body.noun}: ${body.subject}"></iframe>`
}
</section>
<section aria-labelledby="text-heading">
<h2 id="text-heading">Text body</h2>
${body.text === null ? html`<p class="muted">This ${body.noun} has no text part.</p>` : html`<pre>${body.text}</pre>`}
</section>`;
}
