/**
 * What the Domains page reads through the domains service (the API's), handed to its view: the
 * page, or it again with a refused form's or action's message.
 */
import { type DomainsPageState, domainsPage } from '#dashboard/domains/domains.view.ts';
import type { PageMember } from '#dashboard/layout.ts';
import type { PageResult } from '#dashboard/page-result.ts';
import { listDomains } from '#domains/domains.service.ts';

/** GET /dashboard/domains, or what a refused post shows. */
export async function domainsListPage(
  member: PageMember,
  state: Omit<DomainsPageState, 'member' | 'domains'> = {},
): Promise<PageResult> {
  return domainsPage({ member, domains: await listDomains(member.organizationId), ...state });
}
