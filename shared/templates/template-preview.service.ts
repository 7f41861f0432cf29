/** Template previews: render a stored template with sample data, without sending. */

import { type PreviewResult, previewOf } from '#templates/template-render.service.ts';
import { findTemplate } from '#templates/templates.service.ts';

/**
 * POST /templates/:id/preview — renders without sending. Never fails on data: schema problems,
 * variables without a value and what a send would refuse are warnings.
 */
export async function previewTemplate(
  organizationId: string,
  templateId: string,
  data: Record<string, unknown>,
): Promise<PreviewResult> {
  return previewOf(await findTemplate(organizationId, templateId), data);
}
