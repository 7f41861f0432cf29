/** GET /dashboard/templates?page&limit&search&is_active — the templates, newest first, paginated. */
import { memberPage } from '#dashboard/page-handler.ts';
import { templatesListPage } from '#dashboard/templates/template-list.view.ts';
import { templateInputs } from '#dashboard/templates/templates.schemas.ts';
import { listTemplates } from '#templates/templates.service.ts';

export const handler = memberPage(templateInputs.list, async ({ member, query }) => {
  const { items, pagination } = await listTemplates(member.organizationId, query);
  return templatesListPage({ member, items, pagination, search: query.search, isActive: query.is_active });
});
