/**
 * POST /dashboard/domains/{id}/mail-from — sets the custom MAIL FROM subdomain, or removes it when
 * empty (same service as PATCH /api/v1/domains/{id}), then back to the list. A refused subdomain
 * shows the list again with the message and what was typed by that domain's form.
 */
import { domainsListPage } from '#dashboard/domains/domains.data.ts';
import { domainInputs } from '#dashboard/domains/domains.schemas.ts';
import { memberPage } from '#dashboard/page-handler.ts';
import { updateDomain } from '#domains/domains.service.ts';

export const handler = memberPage(
  domainInputs.mailFrom,
  async ({ member, path, form }) => {
    const typed = form.mail_from_subdomain.trim().toLowerCase();
    const domain = await updateDomain(member.organizationId, path.id, { mail_from_subdomain: typed || null });
    const notice = domain.mail_from_subdomain ? 'mail_from_saved' : 'mail_from_removed';
    return { redirect: `/dashboard/domains?notice=${notice}&domain=${encodeURIComponent(domain.id)}` };
  },
  {
    onInvalid: async ({ member, form, event }, error) => {
      const domainId = event.pathParameters?.id ?? '';
      return domainsListPage(member, {
        ...(error.statusCode === 400
          ? { mailFromError: { domainId, error, typed: (form.mail_from_subdomain ?? '').slice(0, 100) } }
          : { pageError: error }),
        status: error.statusCode,
      });
    },
  },
);
