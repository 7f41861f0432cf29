import { config } from '../../config.ts';
import { countRequest } from '../../data/rate-limits.ts';
import { ApiError } from '../../errors.ts';
import type { ApiMiddleware } from '../context.ts';

export function rateLimit(): ApiMiddleware {
  return {
    before: async (request) => {
      const { caller } = request.context;
      const state = caller
        ? await countRequest(
            'org',
            caller.organizationId,
            caller.rateLimitPerSecond ?? config.defaultRateLimitPerSecond,
          )
        : await countRequest(
            'ip',
            request.event.requestContext?.http?.sourceIp ?? 'unknown',
            config.unauthenticatedRateLimitPerSecond,
          );
      request.context.rateLimit = state;
      if (!state.allowed) {
        throw new ApiError(
          'RATE_LIMITED',
          `Too many requests: the limit is ${state.limit} per second. Retry after ${state.resetSeconds} s.`,
          { headers: { 'Retry-After': String(state.resetSeconds) } },
        );
      }
    },
  };
}
