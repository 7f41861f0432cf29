/**
 * POST /dashboard/suppressions/{id}/delete — removes a suppression (same service as
 * DELETE /api/v1/suppressions/{id}); an unknown or another organization's id is 404.
 * Returns to the page the button was on.
 */
import { memberPage } from '#dashboard/page-handler.ts';
import { suppressionInputs } from '#dashboard/suppressions/suppressions.schemas.ts';
import { removeSuppression } from '#suppressions/suppressions.service.ts';

export const handler = memberPage(suppressionInputs.remove, async ({ member, path, form }) => {
  await removeSuppression(member.organizationId, path.id);
  const page = form.page && form.page !== '1' ? `&page=${form.page}` : '';
  return { redirect: `/dashboard/suppressions?notice=removed${page}` };
});
