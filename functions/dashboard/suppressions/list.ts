/** GET /dashboard/suppressions?page&limit — the suppression list, paginated, with the add form. */
import * as z from 'zod';
import { pageQuery } from '#core/pages.ts';
import { memberPage } from '#dashboard/page-handler.ts';
import { suppressionsPage } from '#dashboard/pages/suppressions.ts';
import { listSuppressions } from '#suppressions/suppressions.service.ts';

const query = z.object({ ...pageQuery.shape, notice: z.string().max(50).optional() });

export const handler = memberPage({ query }, async ({ member, query }) => {
  const { items, pagination } = await listSuppressions(member.organizationId, query);
  return suppressionsPage({ member, items, pagination, notice: query.notice });
});
