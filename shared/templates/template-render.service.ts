/**
 * Rendering a template for a send or a preview: its bodies compiled per template version and its
 * subject per subject text (a send may give its own), rendered within the engine's bounds, then
 * checked by the rules of an inline send (the subject's, the bodies' size, an email not empty).
 */

import { MAX_BODY_BYTES } from '#core/content-fields.ts';
import { validationError } from '#core/errors.ts';
import { MAX_SUBJECT_LENGTH, subjectProblems } from '#core/message-text.ts';
import type { TemplateRecord } from '#templates/template.store.ts';
import { cachedTemplate, type OutputMeter, RenderBudgetError, RenderSizeError } from '#templates/template-engine.ts';
import { type RenderedTemplate, TemplateSyntaxError } from '#templates/template-parse.ts';
import { applyVariableSchema, type SchemaProblem } from '#templates/template-schema.ts';
import {
  missingValueWarnings,
  type TemplateReferences,
  type TemplateWarning,
  templateReferences,
} from '#templates/template-variables.ts';

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
