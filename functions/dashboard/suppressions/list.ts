/** GET /dashboard/suppressions?page&limit — the suppression list, paginated, with the add form. */
import { memberPage } from '#dashboard/page-handler.ts';
import { suppressionsListPage } from '#dashboard/suppressions/suppressions.data.ts';
import { suppressionInputs } from '#dashboard/suppressions/suppressions.schemas.ts';

export const handler = memberPage(suppressionInputs.list, async ({ member, query }) =>
  suppressionsListPage(member, query, { notice: query.notice }),
);
