/**
 * POST /dashboard/domains/{id}/mail-from — sets the custom MAIL FROM subdomain, or removes it when
 * empty (same service as PATCH /api/v1/domains/{id}), then back to the list. A refused subdomain
 * shows the list again with the message and what was typed by that domain's form.
 */
import * as z from 'zod';
import { memberPage } from '#dashboard/page-handler.ts';
import { domainsPage } from '#dashboard/pages/domains.ts';
import { listDomains, updateDomain } from '#domains/domains.service.ts';
import { idPath } from '#platform/api-schemas.ts';

const form = z.object({ mail_from_subdomain: z.string().max(100) });

export const handler = memberPage(
  {
    path: idPath,
    form,
    onInvalid: async ({ member, form, event }, error) => {
      const domainId = event.pathParameters?.id ?? '';
      return domainsPage({
        member,
        domains: await listDomains(member.organizationId),
        ...(error.statusCode === 400
          ? { mailFromError: { domainId, error, typed: (form.mail_from_subdomain ?? '').slice(0, 100) } }
          : { pageError: error }),
        status: error.statusCode,
      });
    },
  },
  async ({ member, path, form }) => {
    const typed = form.mail_from_subdomain.trim().toLowerCase();
    const domain = await updateDomain(member.organizationId, path.id, { mail_from_subdomain: typed || null });
    const notice = domain.mail_from_subdomain ? 'mail_from_saved' : 'mail_from_removed';
    return { redirect: `/dashboard/domains?notice=${notice}&domain=${encodeURIComponent(domain.id)}` };
  },
);
