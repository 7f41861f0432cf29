/** GET /dashboard/templates?page&limit&search&is_active — the templates, newest first, paginated. */
import * as z from 'zod';
import { memberPage } from '#dashboard/page-handler.ts';
import { templatesListPage } from '#dashboard/pages/templates.ts';
import { templateListQuery } from '#templates/template-request.ts';
import { listTemplates } from '#templates/templates.service.ts';

// The filter form sends `is_active=` and `search=` even when left empty: empty means "any".
const empty = (value: unknown) => (value === '' ? undefined : value);
const query = z.object({
  ...templateListQuery.shape,
  is_active: z.preprocess(empty, templateListQuery.shape.is_active),
  search: z.preprocess(empty, templateListQuery.shape.search),
});

export const handler = memberPage({ query }, async ({ member, query }) => {
  const { items, pagination } = await listTemplates(member.organizationId, query);
  return templatesListPage({ member, items, pagination, search: query.search, isActive: query.is_active });
});
