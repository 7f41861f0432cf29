/**
 * API Gateway's `$default` route: a path no route matches → 404, a known path with
 * another method → 405 with `Allow`. It uses the shared stack (so rate-limit headers and
 * request ids are present) but does not require a key: a wrong URL is reported as such.
 */
import { ApiError } from '../shared/errors.ts';
import { publicHandler } from '../shared/http/api-handler.ts';
import { matchRoute } from '../shared/routes.ts';

export const handler = publicHandler(async (event) => {
  const { method, path } = event.requestContext.http;
  const resolution = matchRoute(method, path);
  if ('allowedMethods' in resolution && resolution.allowedMethods.length > 0) {
    throw new ApiError('METHOD_NOT_ALLOWED', `${method} is not allowed on ${path}`, {
      headers: { Allow: resolution.allowedMethods.join(', ') },
    });
  }
  throw new ApiError('NOT_FOUND', `No route for ${method} ${path}`);
});
