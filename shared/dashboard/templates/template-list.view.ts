/**
 * The Templates list (GET /dashboard/templates). One template and its preview frame are
 * template-detail.view.ts; the sample data they render is template-sample-data.ts.
 */

import { badge, dateTime, emptyState, pager } from '#dashboard/components.ts';
import { html, type SafeHtml } from '#dashboard/html.ts';
import { layout, type PageMember } from '#dashboard/layout.ts';
import type { PageResult } from '#dashboard/page-result.ts';

export const DEFAULT_PAGE_LIMIT = 20;

export interface TemplateListItem {
  id: string;
  name: string;
  subject: string;
  variables: string[];
  is_active: boolean;
  created_at: string;
  updated_at: string;
}

export const templatePath = (id: string) => `/dashboard/templates/${encodeURIComponent(id)}`;

export const templateStatusBadge = (active: boolean) => (active ? badge('Active', 'ok') : badge('Deleted'));

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
