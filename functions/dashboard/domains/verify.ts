/**
 * POST /dashboard/domains/{id}/verify — checks the DNS records now (same service as
 * GET /api/v1/domains/{id}/verify). An unknown or another organization's id is 404; a domain
 * verified by another organization (409) shows the list with the message.
 */
import { memberPage } from '#dashboard/page-handler.ts';
import { domainsPage } from '#dashboard/pages/domains.ts';
import { listDomains, verifyDomain } from '#domains/domains.service.ts';
import { idPath } from '#platform/api-schemas.ts';

export const handler = memberPage(
  {
    path: idPath,
    onInvalid: async ({ member }, error) =>
      domainsPage({
        member,
        domains: await listDomains(member.organizationId),
        pageError: error,
        status: error.statusCode,
      }),
  },
  async ({ member, path }) => {
    const domain = await verifyDomain(member.organizationId, path.id);
    const notice = domain.is_verified ? 'verified' : 'still_pending';
    return { redirect: `/dashboard/domains?notice=${notice}&domain=${encodeURIComponent(domain.id)}` };
  },
);
