/** GET /dashboard/domains — the organization's domains, their DNS records, verify and add forms. */
import { domainsListPage } from '#dashboard/domains/domains.data.ts';
import { domainInputs } from '#dashboard/domains/domains.schemas.ts';
import { memberPage } from '#dashboard/page-handler.ts';

export const handler = memberPage(domainInputs.list, async ({ member, query }) =>
  domainsListPage(member, { notice: query.notice, noticeDomainId: query.domain }),
);
