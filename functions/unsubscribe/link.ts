/**
 * GET and POST /unsubscribe/{token} — Postbox's one-click unsubscribe link (one function for both:
 * the stack's resource budget). No API key: the signed token is the authority.
 *   GET   the confirmation page, with a button (never unsubscribes: link scanners follow links)
 *   POST  unsubscribes (RFC 8058): mailbox providers post `List-Unsubscribe=One-Click`, as does the
 *         page's button; the body is not inspected (providers vary in how they encode it)
 */
import { config } from '#core/config.ts';
import { confirmPage, donePage, unknownLinkPage } from '#dashboard/pages/unsubscribe.ts';
import { publicHandler } from '#http/api-handler.ts';
import { findUnsubscribeTarget, unsubscribeByToken } from '#unsubscribe/unsubscribe.service.ts';

export const handler = publicHandler(
  async (event) => {
    const token = event.pathParameters?.token ?? '';
    if (event.requestContext.http.method === 'POST') {
      const result = await unsubscribeByToken(token);
      return result ? donePage(result.target) : unknownLinkPage();
    }
    const target = await findUnsubscribeTarget(token);
    return target ? confirmPage(target) : unknownLinkPage();
  },
  { sourceIp: { scope: 'unsubscribe', perSecond: config.unsubscribeRateLimitPerSecond } },
);
