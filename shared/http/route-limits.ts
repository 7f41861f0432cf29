/**
 * Windows of a route's own, besides the organization's per-second rate, for actions that are dear
 * per call: declared once here, counted by the API route and the dashboard action alike.
 */
import { config } from '#core/config.ts';
import type { RouteLimit } from '#http/middleware/rate-limit.ts';

/** A webhook test is a synchronous outbound POST: 10 per minute per organization by default. */
export const webhookTestLimit: RouteLimit = {
  scope: 'webhook-test',
  limit: config.webhookTestRateLimitPerMinute,
  windowSeconds: 60,
  what: 'webhook tests',
};
