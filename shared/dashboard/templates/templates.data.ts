/**
 * What the template detail page and its preview frame read, as one service call each: the `?data=`
 * sample (the template's default sample when blank) rendered by the preview of
 * POST /api/v1/templates/{id}/preview (previewOf / previewTemplate), the template read once.
 * Another organization's template is 404 (the services').
 */
import type { PageResult } from '#dashboard/page-result.ts';
import {
  previewBodyResult,
  previewErrorResult,
  type TemplateDetailState,
} from '#dashboard/templates/template-detail.view.ts';
import { isDefaultSample, parseSampleData, sampleFields } from '#dashboard/templates/template-sample-data.ts';
import { previewTemplate } from '#templates/template-preview.service.ts';
import { previewOf } from '#templates/template-render.service.ts';
import { getTemplateForPreview } from '#templates/templates.service.ts';

/** GET /dashboard/templates/{id}: the template (with its usage) and the preview of the sample, from one read. */
export async function templateDetailWithPreview(
  organizationId: string,
  templateId: string,
  raw: string | undefined,
): Promise<Omit<TemplateDetailState, 'member'>> {
  const { view: template, template: stored } = await getTemplateForPreview(organizationId, templateId);
  const sample = parseSampleData(raw, template);
  if (!sample.ok) return { template, sampleText: raw ?? '', sampleError: sample.message };
  return { template, ...sampleFields(raw, sample), preview: previewOf(stored, sample.data) };
}

/**
 * GET /dashboard/templates/{id}/preview: the rendered HTML as a sandboxed document, or the reason
 * the sample was refused (400). One read of the template either way.
 */
export async function templatePreviewDocument(
  organizationId: string,
  templateId: string,
  raw: string | undefined,
): Promise<PageResult> {
  if (isDefaultSample(raw)) {
    const { view, template } = await getTemplateForPreview(organizationId, templateId);
    const sample = parseSampleData(raw, view);
    return sample.ok ? previewBodyResult(previewOf(template, sample.data)) : previewErrorResult(sample.message);
  }
  const sample = parseSampleData(raw);
  if (!sample.ok) return previewErrorResult(sample.message);
  return previewBodyResult(await previewTemplate(organizationId, templateId, sample.data));
}
