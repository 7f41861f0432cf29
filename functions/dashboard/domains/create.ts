/**
 * POST /dashboard/domains — adds a domain (same service as POST /api/v1/domains), then back to the
 * list. An invalid name or a conflict shows the list again with the message and what was typed.
 */
import { domainsListPage } from '#dashboard/domains/domains.data.ts';
import { domainInputs } from '#dashboard/domains/domains.schemas.ts';
import { memberPage } from '#dashboard/page-handler.ts';
import { addDomain } from '#domains/domains.service.ts';

export const handler = memberPage(
  domainInputs.add,
  async ({ member, form }) => {
    const domain = await addDomain(member.organizationId, form.domain);
    return { redirect: `/dashboard/domains?notice=added&domain=${encodeURIComponent(domain.id)}` };
  },
  {
    onInvalid: async ({ member, form }, error) =>
      domainsListPage(member, { error, typedDomain: (form.domain ?? '').slice(0, 1000), status: error.statusCode }),
  },
);
