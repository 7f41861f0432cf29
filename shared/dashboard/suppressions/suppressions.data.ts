/**
 * What the Suppressions page reads through the suppressions service (the API's), handed to its
 * view: a page of the list, or the first again with a refused form's message.
 */
import type { PageRequest } from '#core/pages.ts';
import type { PageMember } from '#dashboard/layout.ts';
import type { PageResult } from '#dashboard/page-result.ts';
import { type SuppressionsPageState, suppressionsPage } from '#dashboard/suppressions/suppressions.view.ts';
import { listSuppressions } from '#suppressions/suppressions.service.ts';

/** GET /dashboard/suppressions (the page of `request`), or what a refused post shows. */
export async function suppressionsListPage(
  member: PageMember,
  request: PageRequest,
  state: Omit<SuppressionsPageState, 'member' | 'items' | 'pagination'> = {},
): Promise<PageResult> {
  const { items, pagination } = await listSuppressions(member.organizationId, request);
  return suppressionsPage({ member, items, pagination, ...state });
}
