/**
 * What the Overview reads, for the member's organization: the services of GET /api/v1/metrics and
 * GET /api/v1/settings/sending (with a caller made of the organization and the environment shown),
 * and the environment of its most recent email when the address names none.
 */
import type { Caller } from '#accounts/caller.ts';
import type { Environment } from '#core/environment.ts';
import type { PageMember } from '#dashboard/layout.ts';
import { overviewPage } from '#dashboard/overview/overview.view.ts';
import {
  type EnvironmentChoice,
  OVERVIEW_DEFAULT_ENVIRONMENT,
  type OverviewPeriod,
  overviewMetricsQuery,
} from '#dashboard/overview/overview-model.ts';
import type { PageResult } from '#dashboard/page-result.ts';
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
  // A signed-in member may do everything the organization can.
  permission: 'full_access',
  domainIds: null,
  keyName: 'dashboard',
  keyCreatedAt: '',
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

/** GET /dashboard/overview of a period and the environment named (if any). */
export async function overviewOf(
  member: PageMember,
  period: OverviewPeriod,
  named: Environment | undefined,
): Promise<PageResult> {
  const organizationId = member.organizationId;
  // Both environments' guards (a paused environment gets its banner whichever one is shown), read
  // while the environment to show is found.
  const [{ environment, choice }, live, test] = await Promise.all([
    environmentToShow(organizationId, named),
    sendingStatus(memberCaller(organizationId, 'live')),
    sendingStatus(memberCaller(organizationId, 'test')),
  ]);
  const selection = { period, environment };
  const metrics = await getMetrics(memberCaller(organizationId, environment), overviewMetricsQuery(selection));
  const [selected, other] = environment === 'live' ? [live, test] : [test, live];
  return overviewPage(member, selection, metrics, [selected, other], choice);
}
