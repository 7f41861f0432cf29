/**
 * Templates: create and update. Every template is parsed and checked when it is saved
 * (template-parse.ts), so a stored template always compiles; its `variables` are re-detected from the
 * syntax tree on every change.
 */

import { ApiError, notFound, validationError } from '#core/errors.ts';
import { newId, nowIso } from '#core/ids.ts';
import { BodiesTooLargeError } from '#dynamo/item-size.ts';
import {
  insertTemplate,
  MAX_TEMPLATES_PER_ORGANIZATION,
  replaceTemplate,
  type TemplateRecord,
} from '#templates/template.store.ts';
import { parseTemplateForRequest } from '#templates/template-parse.ts';
import type { CreateTemplateRequest, UpdateTemplateRequest } from '#templates/template-request.ts';
import { templateReferences } from '#templates/template-variables.ts';
import { findTemplate, TEMPLATE_ID_PREFIX, templateView } from '#templates/templates.service.ts';

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
  return templateView(template);
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
    if (replaced) return templateView(next);
    // Deleted or edited meanwhile: look again (a deleted one is then a 404).
    if (round >= MAX_UPDATE_ROUNDS) {
      throw new ApiError('CONFLICT', 'The template is being changed by another request; retry');
    }
  }
}
