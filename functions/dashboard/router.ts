/**
 * The dashboard's one Lambda function: API Gateway sends it every path under /dashboard, and it hands
 * each request to its page's handler with the event that page's own route would have had (its route
 * key and path parameters), so a page is written as if it had a function of its own. The pages are
 * declared in shared/dashboard/routes.ts; `npm run generate` writes their handlers' map
 * (pages.generated.ts). A path or method no page has gets the `$default` route's answer.
 */
import { matchRoute } from '#app/route-matching.ts';
import { dashboardPages } from '#dashboard/routes.ts';
import type { LambdaHttpHandler } from '#http/request-scope.ts';
import { handler as unmatchedRoute } from '../unmatched-route.ts';
import { pageHandlers } from './pages.generated.ts';

export { pageHandlers };

export const handler: LambdaHttpHandler = (event, context) => {
  const { method, path } = event.requestContext.http;
  const resolution = matchRoute(method, path);
  const match =
    'match' in resolution && dashboardPages.some((page) => page === resolution.match.route)
      ? resolution.match
      : undefined;
  if (!match) return unmatchedRoute(event, context);
  const page = pageHandlers[match.route.handler];
  if (!page) throw new Error(`No handler for the dashboard page ${match.route.handler}`);
  const { pathParameters: _proxy, ...rest } = event;
  return page(
    {
      ...rest,
      routeKey: match.routeKey,
      ...(Object.keys(match.pathParameters).length > 0 ? { pathParameters: match.pathParameters } : {}),
    },
    context,
  );
};
