/**
 * The Templates pages: the list, one template (facts, variables, sources, a preview rendered from
 * sample data) and the sandboxed preview body the detail page frames.
 *
 * Sample data: by default built from the template's variables (a schema `default_value` where
 * there is one, otherwise a placeholder of the variable's type); the member can edit it as JSON
 * in a GET form, so it travels in the address (`?data=`) and is capped at
 * MAX_SAMPLE_DATA_ENCODED_LENGTH once percent-encoded.
 */

import { z } from 'zod';
import { html, SafeHtml } from '#dashboard/html.ts';
import {
  badge,
  copyButton,
  dateTime,
  emptyState,
  layout,
  none,
  notice,
  type PageMember,
  pager,
} from '#dashboard/layout.ts';
import type { PageResult } from '#dashboard/page-handler.ts';
import { sandboxedDocument } from '#dashboard/sandbox.ts';
import { templateDataSchema } from '#emails/send-request.ts';
import type { VariableDefinition, VariableType } from '#templates/template-schema.ts';
import type { PreviewResult } from '#templates/templates.service.ts';

export const DEFAULT_PAGE_LIMIT = 20;
/**
 * Sample data comes in the query string, percent-encoded (JSON's quotes, braces and spaces take three
 * characters each). API Gateway HTTP APIs refuse a request line and headers past about 10 KB, so the
 * encoded data is kept to 6 KB, leaving room for the path, the cookie and the other headers.
 */
export const MAX_SAMPLE_DATA_ENCODED_LENGTH = 6 * 1024;

/** Whether sample data fits in an address: its length once percent-encoded, as the form and the frame send it. */
export const sampleDataFitsInAddress = (data: string): boolean =>
  encodeURIComponent(data).length <= MAX_SAMPLE_DATA_ENCODED_LENGTH;

const MAX_SAMPLE_DATA_KB = MAX_SAMPLE_DATA_ENCODED_LENGTH / 1024;

export interface TemplateListItem {
  id: string;
  name: string;
  subject: string;
  variables: string[];
  is_active: boolean;
  created_at: string;
  updated_at: string;
}

export interface TemplateDetail extends TemplateListItem {
  html_body?: string | null;
  text_body?: string | null;
  variable_schema?: VariableDefinition[];
  usage?: { sends_last_30_days: number; last_sent_at: string | null } | undefined;
}

export type VariableSource = Pick<TemplateDetail, 'variables' | 'variable_schema'>;

const templatePath = (id: string) => `/dashboard/templates/${encodeURIComponent(id)}`;

const templateStatusBadge = (active: boolean) => (active ? badge('Active', 'ok') : badge('Deleted'));

/** The variables a template uses, then those only its schema names, each once. */
export function variableRows(template: VariableSource): { name: string; definition?: VariableDefinition }[] {
  const schema = new Map((template.variable_schema ?? []).map((definition) => [definition.name, definition]));
  const names = [...new Set([...template.variables, ...schema.keys()])];
  return names.map((name) => {
    const definition = schema.get(name);
    return definition ? { name, definition } : { name };
  });
}

function placeholder(type: VariableType, name: string): unknown {
  switch (type) {
    case 'string':
      return `[${name}]`;
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object':
      return {};
  }
}

/** The default sample: `default_value` where set, else a placeholder per type (`[name]` when untyped). */
export function defaultSampleData(template: VariableSource): Record<string, unknown> {
  // fromEntries makes own properties, even for a name such as __proto__.
  return Object.fromEntries(
    variableRows(template).map(({ name, definition }) => [
      name,
      definition === undefined
        ? `[${name}]`
        : definition.default_value !== undefined
          ? structuredClone(definition.default_value)
          : placeholder(definition.type, name),
    ]),
  );
}

export type SampleData = { ok: true; data: Record<string, unknown>; custom: boolean } | { ok: false; message: string };

/** `?data=` of the detail page and its frame. parseSampleData checks the length (a message on the page); this only bounds what is echoed back. */
export const sampleDataQuery = z.object({
  data: z
    .string()
    .max(4 * MAX_SAMPLE_DATA_ENCODED_LENGTH)
    .optional(),
});

/** An absent or blank `?data=`: the default sample. */
export const isDefaultSample = (raw: string | undefined): boolean => raw === undefined || raw.trim() === '';

/** `?data=` → the sample data: absent or blank → the default; otherwise a JSON object, or why not. */
export function parseSampleData(raw: string | undefined, template?: VariableSource): SampleData {
  if (raw === undefined || isDefaultSample(raw)) {
    return template
      ? { ok: true, data: defaultSampleData(template), custom: false }
      : { ok: true, data: {}, custom: false };
  }
  if (!sampleDataFitsInAddress(raw)) {
    return { ok: false, message: `The sample data must be at most ${MAX_SAMPLE_DATA_KB} KB once in the address.` };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (error) {
    return { ok: false, message: `The sample data is not valid JSON: ${(error as Error).message}` };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return { ok: false, message: 'The sample data must be a JSON object, such as {"name": "Ada"}.' };
  }
  const checked = templateDataSchema.safeParse(parsed);
  if (!checked.success) {
    return { ok: false, message: `The sample data is not usable: ${checked.error.issues[0]?.message ?? 'invalid'}` };
  }
  return { ok: true, data: checked.data, custom: true };
}

/**
 * For sample data that parsed: what the textarea shows (the member's text, or the default pretty-printed)
 * and the `?data=` of the frame, which renders the same data. A default sample too large for an
 * address is left out: the frame rebuilds it.
 */
export function sampleFields(
  raw: string | undefined,
  sample: Extract<SampleData, { ok: true }>,
): { sampleText: string; frameData: string | undefined } {
  if (sample.custom) return { sampleText: raw ?? '', frameData: raw };
  const compact = JSON.stringify(sample.data);
  return {
    sampleText: JSON.stringify(sample.data, null, 2),
    frameData: sampleDataFitsInAddress(compact) ? compact : undefined,
  };
}

// ---------------------------------------------------------------------------------------------
// The list

export interface TemplatesListState {
  member: PageMember;
  items: readonly TemplateListItem[];
  pagination: { page: number; limit: number; total_count: number; total_pages: number };
  search?: string | undefined;
  isActive?: 'true' | 'false' | undefined;
}

function filters(state: TemplatesListState): SafeHtml {
  const option = (value: string, label: string) =>
    html`<option value="${value}"${(state.isActive ?? '') === value ? html` selected` : ''}>${label}</option>`;
  return html`<form method="get" action="/dashboard/templates" role="search" aria-label="Filter templates">
<div class="form-row">
<div class="field"><label for="template-search">Name or subject contains</label>
<input id="template-search" name="search" type="text" maxlength="200" value="${state.search ?? ''}"></div>
<div class="field"><label for="template-status">Status</label>
<select id="template-status" name="is_active">${option('', 'Any')}${option('true', 'Active')}${option('false', 'Deleted')}</select></div>
<button class="secondary" type="submit">Filter</button>
</div>
</form>`;
}

function listTable(state: TemplatesListState): SafeHtml {
  const { items, pagination } = state;
  if (items.length === 0) {
    if (pagination.total_count > 0) {
      return emptyState(html`There is nothing on this page. <a href="/dashboard/templates">Go to the first page</a>.`);
    }
    return state.search || state.isActive
      ? emptyState('No template matches these filters.')
      : emptyState(html`No templates yet. Create one with <code>POST /api/v1/templates</code>.`);
  }
  const query = {
    search: state.search,
    is_active: state.isActive,
    limit: pagination.limit === DEFAULT_PAGE_LIMIT ? undefined : pagination.limit,
  };
  return html`<p class="muted">${pagination.total_count} template${pagination.total_count === 1 ? '' : 's'}, newest first.</p>
<table>
<caption class="visually-hidden">Templates</caption>
<thead><tr><th scope="col">Name</th><th scope="col">Subject</th><th scope="col" class="num">Variables</th><th scope="col">Status</th><th scope="col">Updated</th></tr></thead>
<tbody>${items.map(
    (item) => html`<tr>
<td><a href="${templatePath(item.id)}">${item.name}</a><br><code class="muted">${item.id}</code></td>
<td>${item.subject}</td>
<td class="num">${item.variables.length}</td>
<td>${templateStatusBadge(item.is_active)}</td>
<td>${dateTime(item.updated_at)}</td>
</tr>`,
  )}</tbody>
</table>
${pager('/dashboard/templates', query, pagination.page, pagination.total_pages)}`;
}

export function templatesListPage(state: TemplatesListState): PageResult {
  return {
    body: layout({
      title: 'Templates',
      member: state.member,
      section: 'templates',
      body: html`<h1>Templates</h1>
<p class="lead">Handlebars templates your API keys send with <code>template_id</code>. Open one to see its sources and a preview.</p>
${filters(state)}
${listTable(state)}`,
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// One template

export interface TemplateDetailState {
  member: PageMember;
  template: TemplateDetail;
  /** What the sample-data textarea shows. */
  sampleText: string;
  /** The `?data=` of the preview frame; undefined → the preview route builds the default itself. */
  frameData?: string | undefined;
  preview?: PreviewResult;
  /** Why the sample data was refused (the page is then a 400). */
  sampleError?: string;
}

const json = (value: unknown) => JSON.stringify(value);

function variablesTable(template: TemplateDetail): SafeHtml {
  const rows = variableRows(template);
  if (rows.length === 0) return html`<p class="muted">This template uses no variables.</p>`;
  return html`<table>
<caption class="visually-hidden">Variables</caption>
<thead><tr><th scope="col">Name</th><th scope="col">Type</th><th scope="col">Required</th><th scope="col">Default</th></tr></thead>
<tbody>${rows.map(
    ({ name, definition }) => html`<tr>
<td><code>${name}</code>${template.variables.includes(name) ? '' : html` <span class="muted">(in the schema only)</span>`}</td>
<td>${definition ? definition.type : html`<span class="muted">any (no schema)</span>`}</td>
<td>${definition?.required ? 'Yes' : 'No'}</td>
<td>${definition?.default_value !== undefined ? html`<code>${json(definition.default_value)}</code>` : none}</td>
</tr>`,
  )}</tbody>
</table>`;
}

function source(title: string, body: string | null | undefined, id: string, what: string): SafeHtml {
  if (body === null || body === undefined) {
    return html`<h3>${title}</h3><p class="muted">This template has no ${what}.</p>`;
  }
  return html`<h3>${title}</h3>${copyButton(id, `Copy the ${what}`)}<pre id="${id}">${body}</pre>`;
}

function previewResult(state: TemplateDetailState, preview: PreviewResult): SafeHtml {
  const { template } = state;
  const frameSrc = `${templatePath(template.id)}/preview${
    state.frameData === undefined ? '' : `?data=${encodeURIComponent(state.frameData)}`
  }`;
  return html`${
    preview.warnings.length > 0 &&
    notice(
      'warn',
      html`<strong>Preview warnings</strong><ul>${preview.warnings.map(
        (warning) =>
          html`<li>${warning.variable ? html`<code>${warning.variable}</code>: ` : ''}${warning.message}</li>`,
      )}</ul>`,
    )
  }
<dl class="facts">
<dt>Rendered subject</dt><dd>${preview.subject === '' ? html`<span class="muted">(empty)</span>` : preview.subject}</dd>
</dl>
<h3>HTML</h3>
${
  preview.html === null
    ? html`<p class="muted">This template has no HTML body.</p>`
    : html`<iframe class="body" sandbox src="${frameSrc}" title="Preview of the HTML body of ${template.name}"></iframe>`
}
<h3>Text</h3>
${preview.text === null ? html`<p class="muted">This template has no text body.</p>` : html`<pre>${preview.text}</pre>`}`;
}

function previewSection(state: TemplateDetailState): SafeHtml {
  const { template } = state;
  return html`<section aria-labelledby="preview-title">
<h2 id="preview-title">Preview</h2>
<form method="get" action="${templatePath(template.id)}">
<div class="field"><label for="sample-data">Sample data (JSON)</label>
<textarea id="sample-data" name="data" class="mono" rows="10" cols="80" spellcheck="false" aria-describedby="sample-data-hint"${state.sampleError ? html` aria-invalid="true"` : ''}>
${state.sampleText}</textarea>
<span class="hint" id="sample-data-hint">A JSON object of the template's variables, at most ${MAX_SAMPLE_DATA_KB} KB once in the address. By default each variable has its default value, or a placeholder of its type. Nothing is sent.</span></div>
<p><button type="submit">Render preview</button> <a class="button secondary" href="${templatePath(template.id)}">Reset to the default sample</a></p>
</form>
${state.sampleError ? notice('error', state.sampleError) : state.preview && previewResult(state, state.preview)}
</section>`;
}

export function templateDetailPage(state: TemplateDetailState): PageResult {
  const { template } = state;
  return {
    status: state.sampleError ? 400 : 200,
    body: layout({
      title: `Template ${template.name}`,
      member: state.member,
      section: 'templates',
      body: html`<p><a href="/dashboard/templates">← Templates</a></p>
<h1>${template.name} ${templateStatusBadge(template.is_active)}</h1>
<dl class="facts">
<dt>ID</dt><dd><code id="template-id">${template.id}</code> ${copyButton('template-id', 'Copy ID')}</dd>
<dt>Subject</dt><dd>${template.subject}</dd>
<dt>Variables</dt><dd>${template.variables.length}</dd>
<dt>Sends (last 30 days)</dt><dd>${template.usage ? template.usage.sends_last_30_days : none}</dd>
<dt>Last sent</dt><dd>${dateTime(template.usage?.last_sent_at)}</dd>
<dt>Created</dt><dd>${dateTime(template.created_at)}</dd>
<dt>Updated</dt><dd>${dateTime(template.updated_at)}</dd>
</dl>
<h2>Variables</h2>
${variablesTable(template)}
${previewSection(state)}
<section aria-labelledby="sources-title">
<h2 id="sources-title">Sources</h2>
${source('Subject', template.subject, 'source-subject', 'subject')}
${source('HTML body', template.html_body, 'source-html', 'HTML body')}
${source('Text body', template.text_body, 'source-text', 'text body')}
</section>`,
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// The framed preview body

/**
 * The rendered HTML as the frame's whole document. It is the tenant's own markup, so it is
 * passed through unescaped: only here, and only under SANDBOXED_DOCUMENT_HEADERS.
 */
export function previewBodyResult(preview: PreviewResult): PageResult {
  return sandboxedDocument(
    preview.html === null
      ? html`<!doctype html><meta charset="utf-8"><p>This template has no HTML body.</p>`
      : new SafeHtml(preview.html),
  );
}

/** A refused `?data=` inside the frame: a plain message under the same sandbox. */
export const previewErrorResult = (message: string): PageResult =>
  sandboxedDocument(
    html`<!doctype html><meta charset="utf-8"><title>Preview not rendered</title><p>${message}</p>`,
    400,
  );
