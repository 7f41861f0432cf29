/**
 * GET /dashboard/inbound — the organization's received messages, newest first, 25 a page, filtered by
 * recipient, sender and dates: the service of GET /api/v1/inbound. Invalid filters show the form again
 * with the problems (400).
 */

import { inboundInputs } from '#dashboard/inbound/inbound.schemas.ts';
import { inboundListPage, invalidInboundFiltersPage } from '#dashboard/inbound/inbound-list.view.ts';
import { memberPage } from '#dashboard/page-handler.ts';
import { listInbound } from '#inbound/inbound-list.service.ts';

export const handler = memberPage(inboundInputs.list, async ({ member, query }) =>
  query.ok
    ? inboundListPage(member, query.filters, await listInbound(member.organizationId, query.list), query.notice)
    : invalidInboundFiltersPage(member, query.filters, query.problems),
);
