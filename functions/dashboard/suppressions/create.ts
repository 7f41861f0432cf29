/**
 * POST /dashboard/suppressions — adds (or re-reasons) a manual suppression, the same service as
 * POST /api/v1/suppressions. An invalid address or reason shows the list again (400) with the
 * message and what was typed.
 */
import { memberPage } from '#dashboard/page-handler.ts';
import { suppressionsListPage } from '#dashboard/suppressions/suppressions.data.ts';
import { suppressionInputs } from '#dashboard/suppressions/suppressions.schemas.ts';
import { DEFAULT_PAGE_LIMIT } from '#dashboard/suppressions/suppressions.view.ts';
import { addSuppression } from '#suppressions/suppressions.service.ts';

export const handler = memberPage(
  suppressionInputs.add,
  async ({ member, form }) => {
    await addSuppression(member.organizationId, { ...form, source: 'manual' });
    return { redirect: '/dashboard/suppressions?notice=added' };
  },
  {
    onInvalid: async ({ member, form }, error) =>
      suppressionsListPage(
        member,
        { page: 1, limit: DEFAULT_PAGE_LIMIT },
        { error, typed: { email: form.email?.slice(0, 320), reason: form.reason }, status: error.statusCode },
      ),
  },
);
