/**
 * GET /dashboard/inbound/{id}/body — the received HTML as is, for the detail page's sandboxed frame,
 * under a CSP that sandboxes it even when opened directly (404 for another organization's message).
 */

import { inboundInputs } from '#dashboard/inbound/inbound.schemas.ts';
import { inboundBodyPage } from '#dashboard/inbound/inbound-detail.view.ts';
import { memberPage } from '#dashboard/page-handler.ts';
import { getInbound } from '#inbound/inbound.service.ts';

export const handler = memberPage(inboundInputs.body, async ({ member, path }) =>
  inboundBodyPage(await getInbound(member.organizationId, path.id)),
);
