/**
 * GET, HEAD and POST /unsubscribe/{token} — Postbox's one-click unsubscribe link (one function for
 * all three: the stack's resource budget). No API key: the signed token is the authority.
 *   GET   the confirmation page, with a button (never unsubscribes: link scanners follow links)
 *   HEAD  as GET, without the page (link scanners check links with HEAD; never unsubscribes)
 *   POST  unsubscribes (RFC 8058): mailbox providers post `List-Unsubscribe=One-Click`, as does the
 *         page's button; the body is not inspected (providers vary in how they encode it)
 */
import { config } from '#core/config.ts';
import { confirmPage, donePage, unknownLinkPage } from '#dashboard/unsubscribe/unsubscribe.view.ts';
import { findUnsubscribeTarget, unsubscribeByToken } from '#emails/events/one-click-unsubscribe.service.ts';
import { publicHandler } from '#http/api-handler.ts';
import { withoutBody } from '#http/response.ts';

export const handler = publicHandler(
  async (event) => {
    const token = event.pathParameters?.token ?? '';
    const method = event.requestContext.http.method;
    if (method === 'POST') {
      const result = await unsubscribeByToken(token);
      return result ? donePage(result.target) : unknownLinkPage();
    }
    const target = await findUnsubscribeTarget(token);
    const page = target ? confirmPage(target) : unknownLinkPage();
    return method === 'HEAD' ? withoutBody(page) : page;
  },
  { sourceIp: { scope: 'unsubscribe', perSecond: config.unsubscribeRateLimitPerSecond } },
);
