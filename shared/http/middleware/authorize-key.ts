/**
 * Refuses a key whose permission is below the route's (its operation's `permission`): one check for
 * every route, after authentication and the rate limit, before the body is read. A sending key's
 * domains are checked by the send path, where the sender's domain is already resolved.
 */
import { type ApiKeyPermission, permits } from '#core/api-key-permission.ts';
import { ApiError } from '#core/errors.ts';
import type { ApiMiddleware } from '#http/context.ts';

export function authorizeKey(needed: ApiKeyPermission): ApiMiddleware {
  return {
    before: (request) => {
      const caller = request.context.caller;
      if (caller && !permits(caller.permission, needed)) {
        throw new ApiError('FORBIDDEN', 'This API key can only send email');
      }
    },
  };
}
