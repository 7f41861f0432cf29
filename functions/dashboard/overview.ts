/**
 * GET /dashboard/overview — the page a member lands on: for a period (`24h`, `7d` by hour; `30d`
 * (default), `90d` by day) and an environment (live by default), the deliverability totals and
 * rates, the sending guard's state and charts over time: the services of GET /api/v1/metrics and
 * GET /api/v1/settings/sending, for the member's organization. An unknown period or environment
 * shows the form again with the problem (400).
 */
import type { Caller } from '#accounts/caller.ts';
import type { Environment } from '#core/environment.ts';
import { memberPage } from '#dashboard/page-handler.ts';
import {
  invalidOverviewPage,
  overviewMetricsQuery,
  overviewPage,
  overviewPageQuery,
} from '#dashboard/pages/overview.ts';
import { getMetrics } from '#deliverability/metrics.service.ts';
import { sendingStatus } from '#deliverability/sending-guard.service.ts';

/** The services take the API's caller: here the member's organization and the page's environment, no key. */
const memberCaller = (organizationId: string, environment: Environment): Caller => ({
  organizationId,
  environment,
  apiKeyId: 'dashboard',
  keyPrefix: 'dashboard',
  rateLimitPerSecond: null,
});

export const handler = memberPage({ query: overviewPageQuery }, async ({ member, query }) => {
  if (!query.ok) return invalidOverviewPage(member, query.filters, query.problems);
  const other: Environment = query.environment === 'live' ? 'test' : 'live';
  // The other environment's guard too: a paused environment gets its banner whichever one is shown.
  const [metrics, selected, otherStatus] = await Promise.all([
    getMetrics(memberCaller(member.organizationId, query.environment), overviewMetricsQuery(query)),
    sendingStatus(memberCaller(member.organizationId, query.environment)),
    sendingStatus(memberCaller(member.organizationId, other)),
  ]);
  return overviewPage(member, query, metrics, [selected, otherStatus]);
});
