/**
 * GET /dashboard/templates/{id}/preview?data= — the template's HTML rendered with the sample data
 * (same service as POST /api/v1/templates/{id}/preview), as a document for the detail page's
 * sandboxed frame, under its own CSP. Without `data`, the default sample is used.
 */
import { memberPage } from '#dashboard/page-handler.ts';
import { templatePreviewDocument } from '#dashboard/templates/templates.data.ts';
import { templateInputs } from '#dashboard/templates/templates.schemas.ts';

export const handler = memberPage(templateInputs.preview, async ({ member, path, query }) =>
  templatePreviewDocument(member.organizationId, path.id, query.data),
);
