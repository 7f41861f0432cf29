/** GET /dashboard/suppressions?page&limit — the suppression list, paginated, with the add form. */
import { z } from 'zod';
import { memberPage } from '../../../shared/dashboard/page-handler.ts';
import { suppressionsPage } from '../../../shared/dashboard/pages/suppressions.ts';
import { listSuppressions } from '../../../shared/domain/suppressions.ts';
import { pageQuery } from '../../../shared/http/pagination.ts';

const query = z.object({ ...pageQuery.shape, notice: z.string().max(50).optional() });

export const handler = memberPage({ query }, async ({ member, query }) => {
  const { items, pagination } = await listSuppressions(member.organizationId, query);
  return suppressionsPage({ member, items, pagination, notice: query.notice });
});
