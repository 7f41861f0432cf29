/** rateLimit: a 429 page past the page's rate limit (the API's one-second windows and store). */
import { config } from '#core/config.ts';
import { ApiError } from '#core/errors.ts';
import type { PageMiddleware } from '#dashboard/context.ts';
import { countRequest } from '#http/rate-limit.store.ts';

/**
 * Signed-in pages count per member (DASHBOARD_RATE_LIMIT_PER_SECOND); public pages count their
 * posts (the sign-in form: an scrypt each) per source IP in a window of their own
 * (SIGN_IN_RATE_LIMIT_PER_SECOND), and with `countEveryRequest` (the unmatched route) every request
 * per source IP in the window of unauthenticated API calls.
 */
export function rateLimit(signedIn: boolean, countEveryRequest: boolean): PageMiddleware {
  return {
    before: async (request) => {
      const { session } = request.context;
      const { method, sourceIp } = request.event.requestContext.http;
      let state: Awaited<ReturnType<typeof countRequest>> | undefined;
      if (signedIn && session) {
        state = await countRequest('member', session.memberId, config.dashboardRateLimitPerSecond);
      } else if (countEveryRequest) {
        state = await countRequest('ip', sourceIp, config.unauthenticatedRateLimitPerSecond);
      } else if (method === 'POST') {
        state = await countRequest('signin', sourceIp, config.signInRateLimitPerSecond);
      }
      if (state && !state.allowed) {
        throw new ApiError('RATE_LIMITED', 'Too many requests at once: wait a second and try again.', {
          headers: { 'Retry-After': String(state.resetSeconds) },
        });
      }
    },
  };
}
