/**
 * Templates: list, read, soft delete, and what a send needs of one. Creating and updating (which parse
 * and check a template) are in template-edit.service.ts, previews (which render) in
 * template-preview.service.ts, so the routes that only read carry neither parser nor renderer.
 */

import { notFound } from '#core/errors.ts';
import { isResourceId, nowIso } from '#core/ids.ts';
import { type PageRequest, paginationFor } from '#core/pages.ts';
import { keys } from '#dynamo/keys.ts';
import {
  deactivateTemplate,
  getTemplate,
  listTemplateSummaries,
  readTemplateUsage,
  type TemplateRecord,
  type TemplateSummary,
  templateFromItems,
} from '#templates/template.store.ts';

export const TEMPLATE_ID_PREFIX = 'tmpl';

/** A template as lists show it (without its bodies). */
export function templateSummaryView(template: TemplateSummary) {
  return {
    id: template.id,
    name: template.name,
    subject: template.subject,
    variables: template.variables,
    ...(template.variable_schema && template.variable_schema.length > 0
      ? { variable_schema: template.variable_schema }
      : {}),
    is_active: template.is_active,
    created_at: template.created_at,
    updated_at: template.updated_at,
  };
}

/** A template as the API shows it. */
export function templateView(template: TemplateSummary & Pick<TemplateRecord, 'html' | 'text'>) {
  return { ...templateSummaryView(template), html_body: template.html ?? null, text_body: template.text ?? null };
}

/** Keeps a template's description item small (it is read by every listing). */
/** The stored template, any state; a malformed, unknown or foreign id is 404. */
export async function findTemplate(organizationId: string, templateId: string): Promise<TemplateRecord> {
  const template = isResourceId(TEMPLATE_ID_PREFIX, templateId)
    ? await getTemplate(organizationId, templateId)
    : undefined;
  if (!template) throw notFound('Template');
  return template;
}

/** GET /templates/:id — active or not, with its usage. */
export async function getTemplateView(organizationId: string, templateId: string) {
  return (await getTemplateForPreview(organizationId, templateId)).view;
}

/**
 * The view of GET /templates/:id and the stored template, so a caller that also previews it (the
 * dashboard's detail page) reads it once: `previewOf(template, data)`.
 */
export async function getTemplateForPreview(organizationId: string, templateId: string) {
  const [template, usage] = await Promise.all([
    findTemplate(organizationId, templateId),
    // An id that cannot be a template's is 404 (findTemplate): its usage is never shown.
    isResourceId(TEMPLATE_ID_PREFIX, templateId)
      ? readTemplateUsage(organizationId, templateId)
      : { sends_last_30_days: 0, last_sent_at: null },
  ]);
  return { view: { ...templateView(template), usage }, template };
}

/** Newest first; `search` matches name or subject, case-insensitively, as a substring. */
export async function listTemplates(
  organizationId: string,
  query: PageRequest & { is_active?: 'true' | 'false'; search?: string },
) {
  const needle = query.search?.toLocaleLowerCase();
  const wanted = (await listTemplateSummaries(organizationId))
    .filter((template) => query.is_active === undefined || String(template.is_active) === query.is_active)
    .filter(
      (template) =>
        needle === undefined ||
        template.name.toLocaleLowerCase().includes(needle) ||
        template.subject.toLocaleLowerCase().includes(needle),
    )
    .sort((a, b) =>
      a.created_at === b.created_at ? b.id.localeCompare(a.id) : b.created_at.localeCompare(a.created_at),
    );
  const start = (query.page - 1) * query.limit;
  return {
    items: wanted.slice(start, start + query.limit).map(templateSummaryView),
    pagination: paginationFor(query, wanted.length),
  };
}

/** DELETE /templates/:id — soft: is_active becomes false (deleting twice is fine). */
export async function deleteTemplate(organizationId: string, templateId: string) {
  const found = isResourceId(TEMPLATE_ID_PREFIX, templateId)
    ? await deactivateTemplate(organizationId, templateId, nowIso())
    : false;
  if (!found) throw notFound('Template');
  return { id: templateId, deleted: true as const };
}

/** The active template a send uses; a deleted, unknown or foreign one is 404. */
/**
 * The keys a send reads a template by, alongside its other reads (one BatchGetItem: send.service.ts);
 * an id that cannot be a template's is 404 at once, without a read.
 */
export function sendableTemplateKeys(organizationId: string, templateId: string) {
  if (!isResourceId(TEMPLATE_ID_PREFIX, templateId)) throw notFound('Template');
  return [keys.template(organizationId, templateId), keys.templateBodies(organizationId, templateId)];
}

/** The active template among items read with sendableTemplateKeys; 404 when missing or deleted. */
export function sendableTemplateFrom(
  organizationId: string,
  templateId: string,
  items: readonly Record<string, unknown>[],
): TemplateRecord {
  const template = templateFromItems(organizationId, templateId, items);
  if (!template?.is_active) throw notFound('Template');
  return template;
}

export async function sendableTemplate(organizationId: string, templateId: string): Promise<TemplateRecord> {
  const template = await findTemplate(organizationId, templateId);
  if (!template.is_active) throw notFound('Template');
  return template;
}
