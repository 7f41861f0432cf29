/**
 * API Gateway's `$default` route: a path no route matches → 404, a known path with
 * another method → 405 with `Allow`. API paths use the shared stack (so rate-limit headers and
 * request ids are present) but do not require a key: a wrong URL is reported as such. Paths under
 * /dashboard get the dashboard's HTML error page (with its headers) instead of the JSON envelope,
 * counted per source IP like the API's unknown paths.
 */

import { matchRoute } from '#app/route-matching.ts';
import { ApiError } from '#core/errors.ts';
import { publicPage } from '#dashboard/page-handler.ts';
import { publicHandler } from '#http/api-handler.ts';
import { isDashboardPath } from '#platform/routes.ts';

function unmatched(method: string, path: string): never {
  const resolution = matchRoute(method, path);
  if ('allowedMethods' in resolution && resolution.allowedMethods.length > 0) {
    throw new ApiError('METHOD_NOT_ALLOWED', `${method} is not allowed on ${path}`, {
      headers: { Allow: resolution.allowedMethods.join(', ') },
    });
  }
  throw new ApiError('NOT_FOUND', `No route for ${method} ${path}`);
}

const apiHandler = publicHandler(async (event) =>
  unmatched(event.requestContext.http.method, event.requestContext.http.path),
);
const pageHandler = publicPage(
  {},
  async ({ event }) => unmatched(event.requestContext.http.method, event.requestContext.http.path),
  { countEveryRequest: true },
);

export const handler: typeof apiHandler = (event, context) =>
  (isDashboardPath(event.requestContext.http.path) ? pageHandler : apiHandler)(event, context);
