/**
 * POST /dashboard/suppressions/{id}/delete — removes a suppression (same service as
 * DELETE /api/v1/suppressions/{id}); an unknown or another organization's id is 404.
 * Returns to the page the button was on.
 */
import * as z from 'zod';
import { memberPage } from '#dashboard/page-handler.ts';
import { idPath } from '#platform/api-schemas.ts';
import { removeSuppression } from '#suppressions/suppressions.service.ts';

const form = z.object({
  page: z
    .string()
    .regex(/^[1-9]\d{0,8}$/)
    .optional()
    .catch(undefined),
});

export const handler = memberPage({ path: idPath, form }, async ({ member, path, form }) => {
  await removeSuppression(member.organizationId, path.id);
  const page = form.page && form.page !== '1' ? `&page=${form.page}` : '';
  return { redirect: `/dashboard/suppressions?notice=removed${page}` };
});
