/** GET /dashboard/domains — the organization's domains, their DNS records, verify and add forms. */
import * as z from 'zod';
import { memberPage } from '#dashboard/page-handler.ts';
import { domainsPage } from '#dashboard/pages/domains.ts';
import { listDomains } from '#domains/domains.service.ts';

// Unknown notices are ignored by the page (fixed messages only).
const query = z.object({ notice: z.string().max(50).optional(), domain: z.string().max(100).optional() });

export const handler = memberPage({ query }, async ({ member, query }) =>
  domainsPage({
    member,
    domains: await listDomains(member.organizationId),
    notice: query.notice,
    noticeDomainId: query.domain,
  }),
);
