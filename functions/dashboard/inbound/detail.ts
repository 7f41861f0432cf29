/**
 * GET /dashboard/inbound/{id} — one received message of the organization: headers, verdicts, bodies,
 * its files' presigned links (404 for an unknown id or another organization's).
 */

import { inboundInputs } from '#dashboard/inbound/inbound.schemas.ts';
import { inboundDetailPage } from '#dashboard/inbound/inbound-detail.view.ts';
import { memberPage } from '#dashboard/page-handler.ts';
import { getInbound } from '#inbound/inbound.service.ts';

export const handler = memberPage(inboundInputs.detail, async ({ member, path }) =>
  inboundDetailPage(member, await getInbound(member.organizationId, path.id)),
);
