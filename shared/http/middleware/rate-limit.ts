import { config } from '#core/config.ts';
import { ApiError } from '#core/errors.ts';
import type { RateLimitScope } from '#dynamo/keys.ts';
import type { ApiContext, ApiMiddleware } from '#http/context.ts';
import { countRequest } from '#http/rate-limit.store.ts';

/** The window of requests without an API key: per source IP, in a scope and at a rate of the route's. */
export interface SourceIpLimit {
  scope: RateLimitScope;
  perSecond: number;
}

/** Counts the request in its window; resolves when it is allowed, rejects with 429 when not. */
async function admit(context: ApiContext, sourceIp: string | undefined, perIp: SourceIpLimit): Promise<void> {
  const { caller } = context;
  const state = caller
    ? await countRequest('org', caller.organizationId, caller.rateLimitPerSecond ?? config.defaultRateLimitPerSecond)
    : await countRequest(perIp.scope, sourceIp ?? 'unknown', perIp.perSecond);
  context.rateLimit = state;
  if (!state.allowed) {
    throw new ApiError(
      'RATE_LIMITED',
      `Too many requests: the limit is ${state.limit} per second. Retry after ${state.resetSeconds} s.`,
      { headers: { 'Retry-After': String(state.resetSeconds) } },
    );
  }
}

/**
 * Per organization, or per source IP when authentication failed.
 *
 * `defer`: for an authenticated caller the count is started but not awaited; the handler gets it
 * as `admission` and awaits it together with its own first reads, before it writes anything (the
 * send path saves a round trip this way). Whatever the handler does, the response waits for the
 * count, and a 429 wins over the handler's own error.
 */
export function rateLimit(options: { defer?: boolean; sourceIp?: SourceIpLimit } = {}): ApiMiddleware {
  const perIp = options.sourceIp ?? { scope: 'ip', perSecond: config.unauthenticatedRateLimitPerSecond };
  return {
    before: async (request) => {
      const admission = admit(request.context, request.event.requestContext?.http?.sourceIp, perIp);
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
