/**
 * The template detail page and its preview frame, as one service call each: the `?data=` sample
 * (the template's default sample when blank) rendered by previewTemplate, the service of
 * POST /api/v1/templates/{id}/preview. Another organization's template is 404 (the services').
 */
import { getTemplateView, type PreviewResult, previewTemplate } from '../domain/templates.ts';
import type { PageResult } from './page-handler.ts';
import {
  isDefaultSample,
  parseSampleData,
  previewBodyResult,
  previewErrorResult,
  type SampleData,
  sampleFields,
  type TemplateDetailState,
  type VariableSource,
} from './pages/templates.ts';

type SamplePreview =
  | { ok: true; sample: Extract<SampleData, { ok: true }>; preview: PreviewResult }
  | { ok: false; message: string };

/**
 * `?data=` → the sample and its preview, or why the sample was refused (nothing rendered then).
 * `template` gives the default sample; it is needed only when `raw` is blank.
 */
async function renderSample(
  organizationId: string,
  templateId: string,
  raw: string | undefined,
  template: VariableSource | undefined,
): Promise<SamplePreview> {
  const sample = parseSampleData(raw, template);
  if (!sample.ok) return sample;
  return { ok: true, sample, preview: await previewTemplate(organizationId, templateId, sample.data) };
}

/**
 * GET /dashboard/templates/{id}: the template (with its usage) and the preview of the sample.
 * The template is read twice, by getTemplateView and by previewTemplate: neither service takes
 * a template already read.
 */
export async function templateDetailWithPreview(
  organizationId: string,
  templateId: string,
  raw: string | undefined,
): Promise<Omit<TemplateDetailState, 'member'>> {
  const template = await getTemplateView(organizationId, templateId);
  const rendered = await renderSample(organizationId, templateId, raw, template);
  if (!rendered.ok) return { template, sampleText: raw ?? '', sampleError: rendered.message };
  return { template, ...sampleFields(raw, rendered.sample), preview: rendered.preview };
}

/**
 * GET /dashboard/templates/{id}/preview: the rendered HTML as a sandboxed document, or the reason
 * the sample was refused (400). The template's view is read only for the default sample.
 */
export async function templatePreviewDocument(
  organizationId: string,
  templateId: string,
  raw: string | undefined,
): Promise<PageResult> {
  const template = isDefaultSample(raw) ? await getTemplateView(organizationId, templateId) : undefined;
  const rendered = await renderSample(organizationId, templateId, raw, template);
  return rendered.ok ? previewBodyResult(rendered.preview) : previewErrorResult(rendered.message);
}
