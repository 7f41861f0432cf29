/**
 * GET /dashboard/overview — the page a member lands on: for a period (`24h`, `7d` by hour; `30d`
 * (default), `90d` by day) and an environment, the deliverability totals and rates, the sending
 * guard's state and charts over time: the services of GET /api/v1/metrics and GET
 * /api/v1/settings/sending, for the member's organization. Without `?environment=` it opens on the
 * environment of the organization's most recent email (live when it has sent none), and says so. An
 * unknown period or environment shows the form again with the problem (400).
 */
import type { Caller } from '#accounts/caller.ts';
import type { Environment } from '#core/environment.ts';
import { memberPage } from '#dashboard/page-handler.ts';
import { invalidOverviewPage, overviewPage } from '#dashboard/pages/overview.ts';
import {
  type EnvironmentChoice,
  OVERVIEW_DEFAULT_ENVIRONMENT,
  overviewMetricsQuery,
  overviewPageQuery,
} from '#dashboard/pages/overview-model.ts';
import { getMetrics } from '#deliverability/metrics.service.ts';
import { sendingStatus } from '#deliverability/sending-guard.service.ts';
import { latestEmailEnvironment } from '#emails/list.service.ts';

/** The services take the API's caller: here the member's organization and the page's environment, no key. */
const memberCaller = (organizationId: string, environment: Environment): Caller => ({
  organizationId,
  environment,
  apiKeyId: 'dashboard',
  keyPrefix: 'dashboard',
  rateLimitPerSecond: null,
});

/** The environment the address names, else the most recent email's, else the default. */
async function environmentToShow(
  organizationId: string,
  named: Environment | undefined,
): Promise<{ environment: Environment; choice: EnvironmentChoice }> {
  if (named) return { environment: named, choice: 'chosen' };
  const latest = await latestEmailEnvironment(organizationId);
  return latest
    ? { environment: latest, choice: 'latest-email' }
    : { environment: OVERVIEW_DEFAULT_ENVIRONMENT, choice: 'default' };
}

export const handler = memberPage({ query: overviewPageQuery }, async ({ member, query }) => {
  if (!query.ok) return invalidOverviewPage(member, query.filters, query.problems);
  const organizationId = member.organizationId;
  // Both environments' guards (a paused environment gets its banner whichever one is shown), read
  // while the environment to show is found.
  const [{ environment, choice }, live, test] = await Promise.all([
    environmentToShow(organizationId, query.environment),
    sendingStatus(memberCaller(organizationId, 'live')),
    sendingStatus(memberCaller(organizationId, 'test')),
  ]);
  const selection = { period: query.period, environment };
  const metrics = await getMetrics(memberCaller(organizationId, environment), overviewMetricsQuery(selection));
  const [selected, other] = environment === 'live' ? [live, test] : [test, live];
  return overviewPage(member, selection, metrics, [selected, other], choice);
});
