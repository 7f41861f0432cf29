/**
 * Templates: create, list, read, update, soft delete, preview, and what a send needs of one.
 * Every template is parsed and checked when it is saved (template-engine.ts), so a stored template
 * always compiles; its `variables` are re-detected from the syntax tree on every change.
 */

import { ApiError, notFound, validationError } from '#core/errors.ts';
import { isResourceId, newId, nowIso } from '#core/ids.ts';
import type { PageQuery } from '#core/page-query.ts';
import { BodiesTooLargeError } from '#emails/email.store.ts';
import { MAX_BODY_BYTES, MAX_SUBJECT_LENGTH, subjectProblems } from '#emails/send-request.ts';
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
import {
  cachedTemplate,
  type OutputMeter,
  parseTemplateForRequest,
  RenderBudgetError,
  type RenderedTemplate,
  RenderSizeError,
  TemplateSyntaxError,
} from '#templates/template-engine.ts';
import type { CreateTemplateRequest, UpdateTemplateRequest } from '#templates/template-request.ts';
import { applyVariableSchema, type SchemaProblem } from '#templates/template-schema.ts';
import {
  missingValueWarnings,
  type TemplateReferences,
  type TemplateWarning,
  templateReferences,
} from '#templates/template-variables.ts';

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
  query: PageQuery & { is_active?: 'true' | 'false'; search?: string },
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
    pagination: {
      page: query.page,
      limit: query.limit,
      total_count: wanted.length,
      total_pages: Math.ceil(wanted.length / query.limit),
    },
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

export interface PreviewResult extends RenderedTemplate {
  variables: string[];
  warnings: TemplateWarning[];
}

/** Why a render failed, for the caller (a 400, a rejected batch entry, a preview warning), on `field`. */
export class RenderError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

const asRendered = (part: string) => `(the ${part} as rendered with this template_data)`;
const BODY_LIMIT_MESSAGE = `Must be at most ${MAX_BODY_BYTES} bytes (256 KB) in UTF-8`;

/**
 * The compiled parts of a template: its bodies by template version, its subject (or the subject a
 * send gives in its place) by the subject's own text. A send with a new subject compiles only
 * that subject, never the bodies again.
 */
function compiledParts(template: TemplateRecord, subject: string) {
  return {
    bodies: cachedTemplate(template.id, template.updated_at, {
      subject: null,
      html: template.html,
      text: template.text,
    }),
    subject: cachedTemplate('subject', subject, { subject, html: null, text: null }),
  };
}

function render(
  template: TemplateRecord,
  data: Record<string, unknown>,
  subject: string,
  meter?: OutputMeter,
): RenderedTemplate {
  try {
    const parts = compiledParts(template, subject);
    return { ...parts.bodies.render(data, meter), subject: parts.subject.render(data, meter).subject };
  } catch (error) {
    if (error instanceof RenderSizeError) {
      const limit = error.part === 'subject' ? `Must be at most ${MAX_SUBJECT_LENGTH} characters` : BODY_LIMIT_MESSAGE;
      throw new RenderError(error.part, `${limit} ${asRendered(error.part)}`);
    }
    // Saved before a limit of today (template-source-check.ts) was introduced: it must be edited.
    if (error instanceof TemplateSyntaxError) {
      throw new RenderError(error.part, `The template must be updated: ${error.message}`);
    }
    // Otherwise only the loop budget (or a value Handlebars cannot print) can fail a checked template.
    const reason = error instanceof RenderBudgetError ? error.message : 'a value could not be rendered';
    throw new RenderError('template_data', `The template could not be rendered with this data: ${reason}`);
  }
}

/**
 * What a rendered template may not be sent as, by the rules of an inline send: the subject's
 * (length, characters), the bodies' size, and at least one body with content.
 */
function contentProblems(template: TemplateRecord, rendered: RenderedTemplate): SchemaProblem[] {
  const problems = subjectProblems(rendered.subject).map((message) => ({
    field: 'subject',
    message: `${message} ${asRendered('subject')}`,
  }));
  for (const part of ['html', 'text'] as const) {
    const body = rendered[part];
    if (body !== null && Buffer.byteLength(body, 'utf8') > MAX_BODY_BYTES) {
      problems.push({ field: part, message: `${BODY_LIMIT_MESSAGE} ${asRendered(part)}` });
    }
  }
  if (!rendered.html && !rendered.text) {
    problems.push({
      field: template.html !== null ? 'html' : 'text',
      message: 'The template renders an empty email with this template_data: html and text are both empty',
    });
  }
  return problems;
}

/** A body part that renders empty is left out (an inline send cannot have an empty part either). */
const withoutEmptyParts = (rendered: RenderedTemplate): RenderedTemplate => ({
  subject: rendered.subject,
  html: rendered.html || null,
  text: rendered.text || null,
});

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

/** The preview of a template already read (POST /templates/:id/preview, the dashboard's detail page). */
export function previewOf(template: TemplateRecord, data: Record<string, unknown>): PreviewResult {
  const applied = applyVariableSchema(template.variable_schema, data);
  let rendered: RenderedTemplate;
  let references: TemplateReferences;
  try {
    const parts = compiledParts(template, template.subject);
    references = templateReferences({ asts: { ...parts.bodies.parsed.asts, ...parts.subject.parsed.asts } });
    rendered = render(template, applied.data, template.subject);
  } catch (error) {
    const problem = error instanceof TemplateSyntaxError ? new RenderError(error.part, error.message) : error;
    if (!(problem instanceof RenderError)) throw error;
    return {
      subject: '',
      html: null,
      text: null,
      variables: template.variables,
      warnings: [{ variable: '', message: problem.message }],
    };
  }
  return {
    ...rendered,
    variables: template.variables,
    warnings: [
      ...applied.problems.map((problem) => ({
        variable: problem.field.replace(/^template_data\./, ''),
        message: problem.message,
      })),
      ...missingValueWarnings(references, applied.data),
      ...contentProblems(template, rendered).map((problem) => ({
        variable: '',
        message: `A send would be refused (${problem.field}): ${problem.message}`,
      })),
    ],
  };
}

/** The active template a send uses; a deleted, unknown or foreign one is 404. */
export async function sendableTemplate(organizationId: string, templateId: string): Promise<TemplateRecord> {
  const template = await findTemplate(organizationId, templateId);
  if (!template.is_active) throw notFound('Template');
  return template;
}

/**
 * What a send with this template and data produces, or why it cannot be sent: schema problems
 * (`template_data.<name>`), a part over its limit or a subject the rules refuse (`subject`,
 * `html`, `text`), an empty email. `subject` replaces the template's own (it is rendered with the
 * same data). The caller turns problems into a 400 (single send) or a rejected entry (batch).
 * `meter` counts what the render produced, also when it stopped at a limit.
 */
export function renderForSend(
  template: TemplateRecord,
  data: Record<string, unknown>,
  subject: string = template.subject,
  meter?: OutputMeter,
): { ok: true; rendered: RenderedTemplate } | { ok: false; problems: SchemaProblem[] } {
  const applied = applyVariableSchema(template.variable_schema, data);
  if (applied.problems.length > 0) return { ok: false, problems: applied.problems };
  let rendered: RenderedTemplate;
  try {
    rendered = render(template, applied.data, subject, meter);
  } catch (error) {
    if (!(error instanceof RenderError)) throw error;
    return { ok: false, problems: [{ field: error.field, message: error.message }] };
  }
  const problems = contentProblems(template, rendered);
  return problems.length > 0 ? { ok: false, problems } : { ok: true, rendered: withoutEmptyParts(rendered) };
}

/** renderForSend for a single send: problems are a 400 VALIDATION_ERROR. */
export function renderForSingleSend(
  template: TemplateRecord,
  data: Record<string, unknown>,
  subject: string,
): RenderedTemplate {
  const result = renderForSend(template, data, subject);
  if (!result.ok) throw validationError(result.problems);
  return result.rendered;
}
