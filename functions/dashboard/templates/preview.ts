/**
 * GET /dashboard/templates/{id}/preview?data= — the template's HTML rendered with the sample data
 * (same service as POST /api/v1/templates/{id}/preview), as a document for the detail page's
 * sandboxed frame, under its own CSP. Without `data`, the default sample is used.
 */
import { z } from 'zod';
import { memberPage } from '../../../shared/dashboard/page-handler.ts';
import {
  MAX_SAMPLE_DATA_LENGTH,
  parseSampleData,
  previewBodyResult,
  previewErrorResult,
} from '../../../shared/dashboard/pages/templates.ts';
import { getTemplateView, previewTemplate } from '../../../shared/domain/templates.ts';
import { idPath } from '../../../shared/http/schemas.ts';

const query = z.object({
  data: z
    .string()
    .max(4 * MAX_SAMPLE_DATA_LENGTH)
    .optional(),
});

export const handler = memberPage({ path: idPath, query }, async ({ member, path, query }) => {
  const custom = query.data !== undefined && query.data.trim() !== '';
  const sample = parseSampleData(
    query.data,
    custom ? undefined : await getTemplateView(member.organizationId, path.id),
  );
  if (!sample.ok) return previewErrorResult(sample.message);
  return previewBodyResult(await previewTemplate(member.organizationId, path.id, sample.data));
});
