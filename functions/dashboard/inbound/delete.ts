/**
 * POST /dashboard/inbound/{id}/delete — deletes a received message with its files (the same service as
 * DELETE /api/v1/inbound/{id}: an unknown or another organization's id is 404) and goes back to the list.
 */

import { inboundInputs } from '#dashboard/inbound/inbound.schemas.ts';
import { INBOUND_PATH } from '#dashboard/inbound/inbound-list.view.ts';
import { memberPage } from '#dashboard/page-handler.ts';
import { deleteInbound } from '#inbound/inbound.service.ts';

export const handler = memberPage(inboundInputs.delete, async ({ member, path }) => {
  await deleteInbound(member.organizationId, path.id);
  return { redirect: `${INBOUND_PATH}?notice=deleted` };
});
