/**
 * GET /dashboard/templates/{id}?data= — one template (same service as GET /api/v1/templates/{id})
 * and a preview from sample data (same service as POST /api/v1/templates/{id}/preview). Sample data
 * that is not a JSON object is a 400 page with the message; another organization's template is 404.
 */
import { memberPage } from '#dashboard/page-handler.ts';
import { templateDetailPage } from '#dashboard/templates/template-detail.view.ts';
import { templateDetailWithPreview } from '#dashboard/templates/templates.data.ts';
import { templateInputs } from '#dashboard/templates/templates.schemas.ts';

export const handler = memberPage(templateInputs.detail, async ({ member, path, query }) =>
  templateDetailPage({ member, ...(await templateDetailWithPreview(member.organizationId, path.id, query.data)) }),
);
