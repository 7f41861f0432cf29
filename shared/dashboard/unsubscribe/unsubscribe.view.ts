/**
 * The pages of Postbox's one-click unsubscribe link (functions/unsubscribe): the confirmation GET shows
 * (never unsubscribing: link scanners follow links), what the POST answers (a mailbox provider ignores
 * the page, a person who pressed the button reads it), and the page of a link that is not valid.
 * Standalone (no dashboard layout or assets), with inline styles only by attribute-free markup, and
 * headers that keep the token in the URL from leaking (no referrer) or the page from being indexed.
 */
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { html, type SafeHtml } from '#dashboard/html.ts';
import type { UnsubscribeTarget } from '#emails/events/one-click-unsubscribe.service.ts';

const HEADERS: Readonly<Record<string, string>> = {
  'Content-Type': 'text/html; charset=utf-8',
  'Content-Security-Policy': "default-src 'none'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
  'X-Robots-Tag': 'noindex, nofollow',
};

function page(status: number, title: string, body: SafeHtml): APIGatewayProxyStructuredResultV2 {
  const document = html`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>
<body>
<main>
<h1>${title}</h1>
${body}
</main>
</body>
</html>`;
  return { statusCode: status, headers: { ...HEADERS }, body: document.value };
}

/** GET: what the link would do, and the button that does it (a POST of the RFC 8058 body to the same URL). */
export function confirmPage(target: UnsubscribeTarget): APIGatewayProxyStructuredResultV2 {
  if (target.unsubscribed) return donePage(target);
  return page(
    200,
    'Unsubscribe',
    html`<p>Stop emails from <strong>${target.from}</strong> to <strong>${target.recipient}</strong>?</p>
<form method="post">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit">Unsubscribe</button>
</form>`,
  );
}

/** After the POST (and GET of a link already used). */
export function donePage(target: Pick<UnsubscribeTarget, 'from' | 'recipient'>): APIGatewayProxyStructuredResultV2 {
  return page(
    200,
    'You are unsubscribed',
    html`<p><strong>${target.recipient}</strong> will receive no more emails from <strong>${target.from}</strong> sent through this service.</p>`,
  );
}

/** An unknown, altered or expired link. */
export function unknownLinkPage(): APIGatewayProxyStructuredResultV2 {
  return page(
    404,
    'This link is not valid',
    html`<p>The unsubscribe link is unknown or has expired (links work for 60 days). Use the link of a more recent email, or reply to the sender.</p>`,
  );
}
