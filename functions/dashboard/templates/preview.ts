/**
 * GET /dashboard/templates/{id}/preview?data= — the template's HTML rendered with the sample data
 * (same service as POST /api/v1/templates/{id}/preview), as a document for the detail page's
 * sandboxed frame, under its own CSP. Without `data`, the default sample is used.
 */
import { memberPage } from '#dashboard/page-handler.ts';
import { sampleDataQuery } from '#dashboard/pages/template-sample-data.ts';
import { templatePreviewDocument } from '#dashboard/template-preview.ts';
import { idPath } from '#platform/api-schemas.ts';

export const handler = memberPage({ path: idPath, query: sampleDataQuery }, async ({ member, path, query }) =>
  templatePreviewDocument(member.organizationId, path.id, query.data),
);
