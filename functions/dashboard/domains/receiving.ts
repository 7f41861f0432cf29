/**
 * POST /dashboard/domains/{id}/receiving — turns receiving on or off (same service as PATCH
 * /api/v1/domains/{id}), then back to the list with a notice.
 */
import { domainInputs } from '#dashboard/domains/domains.schemas.ts';
import { memberPage } from '#dashboard/page-handler.ts';
import { updateDomain } from '#domains/domains.service.ts';

export const handler = memberPage(domainInputs.receiving, async ({ member, path, form }) => {
  const domain = await updateDomain(member.organizationId, path.id, { receiving: form.receiving === 'on' });
  const notice = domain.receiving ? 'receiving_on' : 'receiving_off';
  return { redirect: `/dashboard/domains?notice=${notice}&domain=${encodeURIComponent(domain.id)}` };
});
