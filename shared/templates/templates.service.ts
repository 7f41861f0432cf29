/**
 * Templates: create, list, read, update, soft delete, preview, and what a send needs of one.
 * Every template is parsed and checked when it is saved (template-engine.ts), so a stored template
 * always compiles; its `variables` are re-detected from the syntax tree on every change.
 */

import { ApiError, notFound, validationError } from '#core/errors.ts';
import { isResourceId, newId, nowIso } from '#core/ids.ts';
import { type PageRequest, paginationFor } from '#core/pages.ts';
import { BodiesTooLargeError } from '#emails/email.store.ts';
import {
  deactivateTemplate,
  getTemplate,
  insertTemplate,
  listTemplateSummaries,
  MAX_TEMPLATES_PER_ORGANIZATION,
  readTemplateUsage,
  replaceTemplate,
  type TemplateRecord,
  type TemplateSummary,
} from '#templates/template.store.ts';
import { parseTemplateForRequest } from '#templates/template-parse.ts';
import { type PreviewResult, previewOf } from '#templates/template-render.service.ts';
import type { CreateTemplateRequest, UpdateTemplateRequest } from '#templates/template-request.ts';
import { templateReferences } from '#templates/template-variables.ts';

const TEMPLATE_ID_PREFIX = 'tmpl';

function view(template: TemplateSummary & Partial<Pick<TemplateRecord, 'html' | 'text'>>) {
  return {
    id: template.id,
    name: template.name,
    subject: template.subject,
    ...('html' in template ? { html_body: template.html ?? null, text_body: template.text ?? null } : {}),
    variables: template.variables,
    ...(template.variable_schema && template.variable_schema.length > 0
      ? { variable_schema: template.variable_schema }
      : {}),
    is_active: template.is_active,
    created_at: template.created_at,
    updated_at: template.updated_at,
  };
}

/** Keeps a template's description item small (it is read by every listing). */
export const MAX_TEMPLATE_VARIABLES = 200;
export const MAX_VARIABLE_NAME_LENGTH = 100;

function detectVariables(source: Pick<TemplateRecord, 'subject' | 'html' | 'text'>): string[] {
  const { variables } = templateReferences(parseTemplateForRequest(source));
  const long = variables.find((name) => name.length > MAX_VARIABLE_NAME_LENGTH);
  if (long !== undefined) {
    throw validationError([
      {
        field: 'html',
        message: `Variable names must be at most ${MAX_VARIABLE_NAME_LENGTH} characters: "${long.slice(0, 40)}…"`,
      },
    ]);
  }
  if (variables.length > MAX_TEMPLATE_VARIABLES) {
    throw validationError([
      {
        field: 'html',
        message: `A template may use at most ${MAX_TEMPLATE_VARIABLES} variables; this one uses ${variables.length}`,
      },
    ]);
  }
  return variables;
}

const tooLarge = () => new ApiError('PAYLOAD_TOO_LARGE', 'The template bodies do not fit in 380 KB once compressed');

export async function createTemplate(organizationId: string, request: CreateTemplateRequest) {
  const now = nowIso();
  const template: TemplateRecord = {
    id: newId(TEMPLATE_ID_PREFIX),
    organization_id: organizationId,
    name: request.name,
    subject: request.subject,
    html: request.html ?? null,
    text: request.text ?? null,
    variables: [],
    ...(request.variable_schema ? { variable_schema: request.variable_schema } : {}),
    is_active: true,
    created_at: now,
    updated_at: now,
  };
  template.variables = detectVariables(template);
  let inserted: boolean;
  try {
    inserted = await insertTemplate(template);
  } catch (error) {
    if (error instanceof BodiesTooLargeError) throw tooLarge();
    throw error;
  }
  if (!inserted) {
    // Same answer as the domain cap: the organization's state conflicts with the request.
    throw new ApiError(
      'CONFLICT',
      `The organization already has ${MAX_TEMPLATES_PER_ORGANIZATION} templates (deleted ones included), the most allowed`,
    );
  }
  return view(template);
}

async function findTemplate(organizationId: string, templateId: string): Promise<TemplateRecord> {
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
    isResourceId(TEMPLATE_ID_PREFIX, templateId) ? readTemplateUsage(organizationId, templateId) : undefined,
  ]);
  return { view: { ...view(template), usage }, template };
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
    items: wanted.slice(start, start + query.limit).map(view),
    pagination: paginationFor(query, wanted.length),
  };
}

const MAX_UPDATE_ROUNDS = 3;

/** PUT /templates/:id — only the given fields change; an inactive template is not found. */
export async function updateTemplate(organizationId: string, templateId: string, request: UpdateTemplateRequest) {
  for (let round = 1; ; round += 1) {
    const current = await findTemplate(organizationId, templateId);
    if (!current.is_active) throw notFound('Template');
    const { variable_schema, ...fields } = request;
    const next: TemplateRecord = {
      ...current,
      ...Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)),
      updated_at: nowIso(),
    };
    if (variable_schema !== undefined) {
      if (variable_schema.length > 0) next.variable_schema = variable_schema;
      else delete next.variable_schema;
    }
    // Two updates within the same millisecond must still differ: the version is the cache key.
    if (next.updated_at <= current.updated_at) {
      next.updated_at = new Date(Date.parse(current.updated_at) + 1).toISOString();
    }
    next.variables = detectVariables(next);
    let replaced: boolean;
    try {
      replaced = await replaceTemplate(next, current.updated_at);
    } catch (error) {
      if (error instanceof BodiesTooLargeError) throw tooLarge();
      throw error;
    }
    if (replaced) return view(next);
    // Deleted or edited meanwhile: look again (a deleted one is then a 404).
    if (round >= MAX_UPDATE_ROUNDS) {
      throw new ApiError('CONFLICT', 'The template is being changed by another request; retry');
    }
  }
}

/** DELETE /templates/:id — soft: is_active becomes false (deleting twice is fine). */
export async function deleteTemplate(organizationId: string, templateId: string) {
  const found = isResourceId(TEMPLATE_ID_PREFIX, templateId)
    ? await deactivateTemplate(organizationId, templateId, nowIso())
    : false;
  if (!found) throw notFound('Template');
  return { id: templateId, deleted: true };
}

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

/** The active template a send uses; a deleted, unknown or foreign one is 404. */
export async function sendableTemplate(organizationId: string, templateId: string): Promise<TemplateRecord> {
  const template = await findTemplate(organizationId, templateId);
  if (!template.is_active) throw notFound('Template');
  return template;
}
