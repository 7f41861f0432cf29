/**
 * GET /dashboard/overview — the page a member lands on: for a period (`24h`, `7d` by hour; `30d`
 * (default), `90d` by day) and an environment, the deliverability totals and rates, the sending
 * guard's state and charts over time: the services of GET /api/v1/metrics and GET
 * /api/v1/settings/sending, for the member's organization. Without `?environment=` it opens on the
 * environment of the organization's most recent email (live when it has sent none), and says so. An
 * unknown period or environment shows the form again with the problem (400).
 */
import { overviewOf } from '#dashboard/overview/overview.data.ts';
import { overviewInputs } from '#dashboard/overview/overview.schemas.ts';
import { invalidOverviewPage } from '#dashboard/overview/overview.view.ts';
import { memberPage } from '#dashboard/page-handler.ts';

export const handler = memberPage(overviewInputs.overview, async ({ member, query }) =>
  query.ok
    ? overviewOf(member, query.period, query.environment)
    : invalidOverviewPage(member, query.filters, query.problems),
);
