/**
 * GET /dashboard/templates/{id}?data= — one template (same service as GET /api/v1/templates/{id})
 * and a preview from sample data (same service as POST /api/v1/templates/{id}/preview). Sample data
 * that is not a JSON object is a 400 page with the message; another organization's template is 404.
 */
import { memberPage } from '../../../shared/dashboard/page-handler.ts';
import {
  MAX_SAMPLE_DATA_LENGTH,
  parseSampleData,
  sampleDataQuery,
  templateDetailPage,
} from '../../../shared/dashboard/pages/templates.ts';
import { getTemplateView, previewTemplate } from '../../../shared/domain/templates.ts';
import { idPath } from '../../../shared/http/schemas.ts';

export const handler = memberPage({ path: idPath, query: sampleDataQuery }, async ({ member, path, query }) => {
  const template = await getTemplateView(member.organizationId, path.id);
  const sample = parseSampleData(query.data, template);
  if (!sample.ok) {
    return templateDetailPage({ member, template, sampleText: query.data ?? '', sampleError: sample.message });
  }
  const preview = await previewTemplate(member.organizationId, path.id, sample.data);
  const compact = JSON.stringify(sample.data);
  return templateDetailPage({
    member,
    template,
    sampleText: sample.custom ? (query.data ?? '') : JSON.stringify(sample.data, null, 2),
    // The frame renders the same data; a default sample too large for an address is rebuilt there.
    frameData: sample.custom ? query.data : compact.length <= MAX_SAMPLE_DATA_LENGTH ? compact : undefined,
    preview,
  });
});
