/**
 * The page shell every dashboard page shares (head, navigation, who is signed in, sign-out)
 * and the small components pages are built from. Everything returns SafeHtml.
 */
import type { Environment } from '#core/environment.ts';
import type { ErrorDetail } from '#core/errors.ts';
import { assetUrl } from '#dashboard/assets.ts';
import { html, type SafeHtml } from '#dashboard/html.ts';

/** The signed-in member as pages see it. */
export interface PageMember {
  organizationId: string;
  memberEmail: string;
  /** The token every form of this session carries (`csrf_token`). */
  csrfToken: string;
}

export type NavSection =
  | 'overview'
  | 'emails'
  | 'domains'
  | 'suppressions'
  | 'templates'
  | 'api-keys'
  | 'auto-validation'
  | 'tracking'
  | 'webhooks';

const NAV: ReadonlyArray<{ sections: readonly NavSection[]; label: string; href: string }> = [
  { sections: ['overview'], label: 'Overview', href: '/dashboard/overview' },
  { sections: ['emails'], label: 'Emails', href: '/dashboard/emails' },
  { sections: ['domains'], label: 'Domains', href: '/dashboard/domains' },
  { sections: ['suppressions'], label: 'Suppressions', href: '/dashboard/suppressions' },
  { sections: ['templates'], label: 'Templates', href: '/dashboard/templates' },
  {
    sections: ['api-keys', 'auto-validation', 'tracking', 'webhooks'],
    label: 'Settings',
    href: '/dashboard/settings/api-keys',
  },
];

/** Settings → API Keys, Auto-validation, Tracking, Webhooks: the tabs above every settings page. */
const SETTINGS_NAV: ReadonlyArray<{ section: NavSection; label: string; href: string }> = [
  { section: 'api-keys', label: 'API Keys', href: '/dashboard/settings/api-keys' },
  { section: 'auto-validation', label: 'Auto-validation', href: '/dashboard/settings/auto-validation' },
  { section: 'tracking', label: 'Tracking', href: '/dashboard/settings/tracking' },
  { section: 'webhooks', label: 'Webhooks', href: '/dashboard/settings/webhooks' },
];

function settingsNav(section: NavSection | undefined): SafeHtml {
  if (!SETTINGS_NAV.some((item) => item.section === section)) return html``;
  return html`<nav class="tabs" aria-label="Settings"><span class="muted">Settings</span><ul>${SETTINGS_NAV.map(
    (item) =>
      html`<li><a href="${item.href}"${item.section === section ? html` aria-current="page"` : ''}>${item.label}</a></li>`,
  )}</ul></nav>`;
}

export interface LayoutOptions {
  title: string;
  /** Omitted on pages seen before sign-in. */
  member?: PageMember;
  section?: NavSection;
  body: SafeHtml;
}

export function layout({ title, member, section, body }: LayoutOptions): SafeHtml {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Postbox</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${assetUrl('dashboard.css')}">
<script src="${assetUrl('dashboard.js')}" defer></script>
</head>
<body>
<a class="skip-link" href="#main">Skip to content</a>
<header class="top">
<a class="brand" href="/dashboard">Postbox</a>
${
  member &&
  html`<nav aria-label="Main"><ul>${NAV.map(
    (item) =>
      html`<li><a href="${item.href}"${section && item.sections.includes(section) ? html` aria-current="page"` : ''}>${item.label}</a></li>`,
  )}</ul></nav>
<div class="who"><span>${member.memberEmail} · <code>${member.organizationId}</code></span>
<form class="inline" method="post" action="/dashboard/sign-out">${csrfField(member)}<button class="secondary small" type="submit">Sign out</button></form></div>`
}
</header>
<div id="copy-status" class="visually-hidden" role="status" aria-live="polite"></div>
<main id="main">
${settingsNav(section)}${body}
</main>
</body>
</html>`;
}

/** The hidden CSRF field every form of a signed-in page carries. */
export const csrfField = (member: Pick<PageMember, 'csrfToken'>): SafeHtml =>
  html`<input type="hidden" name="csrf_token" value="${member.csrfToken}">`;

export type BadgeTone = 'ok' | 'bad' | 'warn' | 'info' | 'neutral';

export const badge = (text: string, tone: BadgeTone = 'neutral'): SafeHtml =>
  html`<span class="badge${tone === 'neutral' ? '' : ` ${tone}`}">${text}</span>`;

/** What an empty value shows: a muted dash. */
export const none: SafeHtml = html`<span class="muted">—</span>`;

export const ENVIRONMENT_LABELS: Readonly<Record<Environment, string>> = { live: 'Live', test: 'Test' };

/** Live (highlighted) or Test. */
export const environmentBadge = (environment: Environment): SafeHtml =>
  environment === 'live' ? badge(ENVIRONMENT_LABELS.live, 'info') : badge(ENVIRONMENT_LABELS.test);

/** A timestamp shown in UTC, machine-readable in `datetime`. */
export function dateTime(iso: string | null | undefined): SafeHtml {
  if (!iso) return none;
  const shown = iso.replace('T', ' ').replace(/\.\d+Z$|Z$/, ' UTC');
  return html`<time datetime="${iso}">${shown}</time>`;
}

/**
 * A copy button for the element with `targetId` (an input or any element's text). Hidden until
 * the script runs, so pages without JavaScript never show a button that does nothing.
 */
export const copyButton = (targetId: string, label = 'Copy'): SafeHtml =>
  html`<button type="button" class="secondary small" data-copy="${targetId}" hidden aria-label="${label}: copy to clipboard">${label}</button>`;

export type NoticeTone = 'ok' | 'error' | 'warn';

export const notice = (tone: NoticeTone, content: unknown): SafeHtml =>
  html`<div class="notice ${tone}" role="${tone === 'error' ? 'alert' : 'status'}">${content}</div>`;

/** An error's details, one line each (`field: message`); nothing when there are none. */
export function errorList(details: readonly ErrorDetail[] | undefined): SafeHtml {
  if (!details || details.length === 0) return html``;
  return html`<ul>${details.map((detail) => html`<li><strong>${detail.field}</strong>: ${detail.message}</li>`)}</ul>`;
}

export interface PageNotice {
  tone: NoticeTone;
  content: unknown;
}

/**
 * The notice a `?notice=` key selects among a page's fixed ones. An unknown key (or an inherited
 * name such as `constructor`) shows nothing: text from the address is never shown.
 */
export function pageNotice(notices: Readonly<Record<string, PageNotice>>, key: string | undefined): SafeHtml {
  const shown = key !== undefined && Object.hasOwn(notices, key) ? notices[key] : undefined;
  return shown ? notice(shown.tone, shown.content) : html``;
}

/** A field's problem, shown next to it (the field's `aria-describedby` names `{field}-error`). */
export const fieldError = (field: string, message: string | undefined): SafeHtml =>
  message ? html`<span class="hint error" id="${field}-error"><strong>Error:</strong> ${message}</span>` : html``;

export interface RadioChoice {
  value: string;
  label: string;
  hint: string;
}

/**
 * A fieldset of radio buttons named `name`, each with its hint. A problem (`error`) is shown first
 * and is the group's description (a group cannot be `aria-invalid` in ARIA).
 */
export function radioGroup(group: {
  name: string;
  legend: string;
  choices: readonly RadioChoice[];
  checked: string | undefined;
  error?: string | undefined;
}): SafeHtml {
  const { name } = group;
  return html`<fieldset${group.error ? html` aria-describedby="${name}-error"` : ''}>
<legend>${group.legend}</legend>
${fieldError(name, group.error)}
${group.choices.map(
  (
    choice,
  ) => html`<div class="choice"><input type="radio" id="${name}-${choice.value}" name="${name}" value="${choice.value}" aria-describedby="${name}-${choice.value}-hint"${choice.value === group.checked ? html` checked` : ''}>
<div><label for="${name}-${choice.value}">${choice.label}</label>
<div class="muted" id="${name}-${choice.value}-hint">${choice.hint}</div></div></div>`,
)}
</fieldset>`;
}

export const emptyState = (content: unknown): SafeHtml => html`<div class="empty">${content}</div>`;

/** Previous/next links that keep the page's other query parameters. */
export function pager(
  basePath: string,
  query: Record<string, string | number | undefined>,
  page: number,
  totalPages: number,
): SafeHtml {
  if (totalPages <= 1) return html``;
  const link = (target: number): string => {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) {
      if (value !== undefined && value !== '' && name !== 'page') params.set(name, String(value));
    }
    params.set('page', String(target));
    return `${basePath}?${params.toString()}`;
  };
  return html`<nav class="pager" aria-label="Pagination">
${page > 1 ? html`<a class="button secondary" href="${link(page - 1)}" rel="prev">← Previous</a>` : ''}
<span>Page ${page} of ${totalPages}</span>
${page < totalPages ? html`<a class="button secondary" href="${link(page + 1)}" rel="next">Next →</a>` : ''}
</nav>`;
}
