/**
 * The page shell every dashboard page shares: head, navigation (with the Settings tabs), who is
 * signed in, sign-out. The pieces inside a page are components.ts and forms.ts.
 */
import { assetUrl } from '#dashboard/assets.ts';
import { csrfField } from '#dashboard/forms.ts';
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
  | 'inbound'
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
  { sections: ['inbound'], label: 'Inbound', href: '/dashboard/inbound' },
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
