/**
 * GET /dashboard/templates/{id}/preview?data= — the template's HTML rendered with the sample data
 * (same service as POST /api/v1/templates/{id}/preview), as a document for the detail page's
 * sandboxed frame, under its own CSP. Without `data`, the default sample is used.
 */
import { memberPage } from '../../../shared/dashboard/page-handler.ts';
import {
  parseSampleData,
  previewBodyResult,
  previewErrorResult,
  sampleDataQuery,
} from '../../../shared/dashboard/pages/templates.ts';
import { getTemplateView, previewTemplate } from '../../../shared/domain/templates.ts';
import { idPath } from '../../../shared/http/schemas.ts';

export const handler = memberPage({ path: idPath, query: sampleDataQuery }, async ({ member, path, query }) => {
  const custom = query.data !== undefined && query.data.trim() !== '';
  const sample = parseSampleData(
    query.data,
    custom ? undefined : await getTemplateView(member.organizationId, path.id),
  );
  if (!sample.ok) return previewErrorResult(sample.message);
  return previewBodyResult(await previewTemplate(member.organizationId, path.id, sample.data));
});
