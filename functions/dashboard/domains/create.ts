/**
 * POST /dashboard/domains — adds a domain (same service as POST /api/v1/domains), then back to the
 * list. An invalid name or a conflict shows the list again with the message and what was typed.
 */
import * as z from 'zod';
import { memberPage } from '#dashboard/page-handler.ts';
import { domainsPage } from '#dashboard/pages/domains.ts';
import { addDomain, listDomains } from '#domains/domains.service.ts';

const form = z.object({ domain: z.string().max(1000) });

export const handler = memberPage(
  {
    form,
    onInvalid: async ({ member, form }, error) =>
      domainsPage({
        member,
        domains: await listDomains(member.organizationId),
        error,
        typedDomain: (form.domain ?? '').slice(0, 1000),
        status: error.statusCode,
      }),
  },
  async ({ member, form }) => {
    const domain = await addDomain(member.organizationId, form.domain);
    return { redirect: `/dashboard/domains?notice=added&domain=${encodeURIComponent(domain.id)}` };
  },
);
