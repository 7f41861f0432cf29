/**
 * POST /dashboard/suppressions — adds (or re-reasons) a manual suppression, the same service as
 * POST /api/v1/suppressions. An invalid address or reason shows the list again (400) with the
 * message and what was typed.
 */
import * as z from 'zod';
import { emailAddress } from '#core/email-address.ts';
import { memberPage } from '#dashboard/page-handler.ts';
import { DEFAULT_PAGE_LIMIT, suppressionsPage } from '#dashboard/pages/suppressions.ts';
import { SUPPRESSION_REASONS } from '#suppressions/suppression.ts';
import { addSuppression, listSuppressions } from '#suppressions/suppressions.service.ts';

const form = z.object({ email: emailAddress, reason: z.enum(SUPPRESSION_REASONS) });

export const handler = memberPage(
  {
    form,
    onInvalid: async ({ member, form }, error) => {
      const { items, pagination } = await listSuppressions(member.organizationId, {
        page: 1,
        limit: DEFAULT_PAGE_LIMIT,
      });
      return suppressionsPage({
        member,
        items,
        pagination,
        error,
        typed: { email: form.email?.slice(0, 320), reason: form.reason },
        status: error.statusCode,
      });
    },
  },
  async ({ member, form }) => {
    await addSuppression(member.organizationId, { ...form, source: 'manual' });
    return { redirect: '/dashboard/suppressions?notice=added' };
  },
);
