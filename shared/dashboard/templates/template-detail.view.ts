/**
 * One template (GET /dashboard/templates/{id}: facts, variables, sources, a preview rendered from
 * sample data, see template-sample-data.ts) and the sandboxed preview body the detail page frames
 * (GET /dashboard/templates/{id}/preview).
 */

import { copyButton, dateTime, none, notice } from '#dashboard/components.ts';
import { html, SafeHtml } from '#dashboard/html.ts';
import { layout, type PageMember } from '#dashboard/layout.ts';
import type { PageResult } from '#dashboard/page-result.ts';
import { sandboxedDocument } from '#dashboard/sandbox.ts';
import { type TemplateListItem, templatePath, templateStatusBadge } from '#dashboard/templates/template-list.view.ts';
import { MAX_SAMPLE_DATA_KB, variableRows } from '#dashboard/templates/template-sample-data.ts';
import type { PreviewResult } from '#templates/template-render.service.ts';
import type { VariableDefinition } from '#templates/template-schema.ts';

export interface TemplateDetail extends TemplateListItem {
  html_body?: string | null;
  text_body?: string | null;
  variable_schema?: VariableDefinition[];
  usage?: { sends_last_30_days: number; last_sent_at: string | null } | undefined;
}

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
