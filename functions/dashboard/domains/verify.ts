/**
 * POST /dashboard/domains/{id}/verify — checks the DNS records now (same service as
 * GET /api/v1/domains/{id}/verify). An unknown or another organization's id is 404; a domain
 * verified by another organization (409) shows the list with the message.
 */
import { domainsListPage } from '#dashboard/domains/domains.data.ts';
import { domainInputs } from '#dashboard/domains/domains.schemas.ts';
import { memberPage } from '#dashboard/page-handler.ts';
import { verifyDomain } from '#domains/domains.service.ts';

export const handler = memberPage(
  domainInputs.verify,
  async ({ member, path }) => {
    const domain = await verifyDomain(member.organizationId, path.id);
    const notice = domain.is_verified ? 'verified' : 'still_pending';
    return { redirect: `/dashboard/domains?notice=${notice}&domain=${encodeURIComponent(domain.id)}` };
  },
  { onInvalid: async ({ member }, error) => domainsListPage(member, { pageError: error, status: error.statusCode }) },
);
