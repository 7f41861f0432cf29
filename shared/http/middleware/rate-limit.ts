import { config } from '#core/config.ts';
import { ApiError } from '#core/errors.ts';
import type { ApiContext, ApiMiddleware } from '#http/context.ts';
import { countRequest } from '#http/rate-limit.store.ts';

/** Counts the request in its window; resolves when it is allowed, rejects with 429 when not. */
async function admit(context: ApiContext, sourceIp: string | undefined): Promise<void> {
  const { caller } = context;
  const state = caller
    ? await countRequest('org', caller.organizationId, caller.rateLimitPerSecond ?? config.defaultRateLimitPerSecond)
    : await countRequest('ip', sourceIp ?? 'unknown', config.unauthenticatedRateLimitPerSecond);
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
export function rateLimit(options: { defer?: boolean } = {}): ApiMiddleware {
  return {
    before: async (request) => {
      const admission = admit(request.context, request.event.requestContext?.http?.sourceIp);
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
