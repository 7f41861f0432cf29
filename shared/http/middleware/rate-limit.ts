import { config } from '#core/config.ts';
import { ApiError } from '#core/errors.ts';
import type { RateLimitScope } from '#dynamo/keys.ts';
import type { ApiContext, ApiMiddleware } from '#http/context.ts';
import { countRequest, type RateLimitState } from '#http/rate-limit.store.ts';

/** The window of requests without an API key: per source IP, in a scope and at a rate of the route's. */
export interface SourceIpLimit {
  scope: RateLimitScope;
  perSecond: number;
}

/**
 * A route's own window per organization, besides the organization's (e.g. the webhook test, an
 * outbound POST each): counted only once the organization's window has admitted the request.
 */
export interface RouteLimit {
  scope: RateLimitScope;
  /** Requests per window. */
  limit: number;
  windowSeconds: number;
  /** What the 429 names: `Too many <what>`. */
  what: string;
}

const rateLimited = (state: RateLimitState, what: string, windowSeconds = 1) =>
  new ApiError(
    'RATE_LIMITED',
    `Too many ${what}: the limit is ${state.limit} per ${windowSeconds === 1 ? 'second' : `${windowSeconds} seconds`}. Retry after ${state.resetSeconds} s.`,
    { headers: { 'Retry-After': String(state.resetSeconds) } },
  );

/** Counts the request in its window(s); resolves when it is allowed, rejects with 429 when not. */
async function admit(
  context: ApiContext,
  sourceIp: string | undefined,
  perIp: SourceIpLimit,
  perRoute: RouteLimit | undefined,
): Promise<void> {
  const { caller } = context;
  const state = caller
    ? await countRequest('org', caller.organizationId, caller.rateLimitPerSecond ?? config.defaultRateLimitPerSecond)
    : await countRequest(perIp.scope, sourceIp ?? 'unknown', perIp.perSecond);
  context.rateLimit = state;
  if (!state.allowed) throw rateLimited(state, 'requests');
  if (!caller || !perRoute) return;
  // Refused, the X-RateLimit-* headers describe the window that refused it.
  await admitInRouteWindow(caller.organizationId, perRoute, (refused) => {
    context.rateLimit = refused;
  });
}

/**
 * Counts an organization's request in a route's own window; 429 RATE_LIMITED past it. The API's
 * middleware calls it, and so does the dashboard for the same action (its webhook test button), so
 * both count in one window.
 */
export async function admitInRouteWindow(
  organizationId: string,
  perRoute: RouteLimit,
  onRefused?: (state: RateLimitState) => void,
): Promise<void> {
  const state = await countRequest(perRoute.scope, organizationId, perRoute.limit, Date.now(), perRoute.windowSeconds);
  if (state.allowed) return;
  onRefused?.(state);
  throw rateLimited(state, perRoute.what, perRoute.windowSeconds);
}

/**
 * Per organization, or per source IP when authentication failed; then, for a route with a window of
 * its own (`perRoute`), per organization in that window too.
 *
 * `defer`: for an authenticated caller the count is started but not awaited; the handler gets it
 * as `admission` and awaits it together with its own first reads, before it writes anything (the
 * send path saves a round trip this way). Whatever the handler does, the response waits for the
 * count, and a 429 wins over the handler's own error.
 */
export function rateLimit(
  options: { defer?: boolean; sourceIp?: SourceIpLimit; perRoute?: RouteLimit } = {},
): ApiMiddleware {
  const perIp = options.sourceIp ?? { scope: 'ip', perSecond: config.unauthenticatedRateLimitPerSecond };
  return {
    before: async (request) => {
      const admission = admit(request.context, request.event.requestContext?.http?.sourceIp, perIp, options.perRoute);
      if (options.defer && request.context.caller) {
        // Observed here so that a 429 the handler never awaits is not an unhandled rejection.
        admission.catch(() => {});
        request.context.admission = admission;
        return;
      }
      await admission;
    },
    after: async (request) => {
      await request.context.admission;
    },
    onError: async (request) => {
      const pending = request.context.admission;
      if (!pending) return;
      try {
        await pending;
      } catch (error) {
        if (error instanceof ApiError && error.code === 'RATE_LIMITED') request.error = error;
      }
    },
  };
}
