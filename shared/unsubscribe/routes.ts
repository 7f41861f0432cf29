/**
 * Postbox's one-click unsubscribe link (`list_unsubscribe: true`): GET shows a confirmation page, HEAD
 * answers as GET without the page (link scanners check links with it; it never unsubscribes), POST
 * (RFC 8058, as mailbox providers send it) unsubscribes. Public, rate limited per source IP in a window
 * of their own; one function reads the email and writes its event and the suppression.
 */
import type { ResourceAccess } from '#platform/route-access.ts';
import { type FeatureRoutes, type HttpMethod, type RouteDefinition, UNSUBSCRIBE_PREFIX } from '#platform/routes.ts';

const access: ResourceAccess = { table: ['read', 'write'] };
const link = (method: HttpMethod): RouteDefinition => ({
  method,
  path: `${UNSUBSCRIBE_PREFIX}/{token}`,
  handler: 'functions/unsubscribe/link.ts',
  access,
});

export const unsubscribeRoutes: FeatureRoutes = { pages: [link('GET'), link('HEAD'), link('POST')] };
