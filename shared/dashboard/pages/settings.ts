/**
 * The Settings pages: API keys (list, create — the full key shown once —, confirm a revocation)
 * and the auto-validation threshold (Webhooks: webhooks.ts, which shares this file's form helpers).
 * Pure rendering: handlers read and write through the services and pass what they got here.
 */
import type { ApiKey } from '#accounts/api-key.store.ts';
import type { AutoValidationThreshold, TrackingSettings } from '#accounts/organization.ts';
import type { Environment } from '#core/environment.ts';
import type { ApiError, ErrorDetail } from '#core/errors.ts';
import { html, type SafeHtml } from '#dashboard/html.ts';
import {
  badge,
  copyButton,
  csrfField,
  dateTime,
  ENVIRONMENT_LABELS,
  emptyState,
  environmentBadge,
  errorList,
  fieldError,
  layout,
  notice,
  type PageMember,
  pageNotice,
  type RadioChoice,
  radioGroup,
} from '#dashboard/layout.ts';
import type { PageResult } from '#dashboard/page-handler.ts';

export const API_KEYS_PATH = '/dashboard/settings/api-keys';
export const AUTO_VALIDATION_PATH = '/dashboard/settings/auto-validation';
export const TRACKING_PATH = '/dashboard/settings/tracking';

/** The id of the read-only input holding a new key (the copy button's target). */
export const NEW_API_KEY_INPUT_ID = 'new-api-key';

export const revokePath = (keyId: string): string => `${API_KEYS_PATH}/${encodeURIComponent(keyId)}/revoke`;

const ENVIRONMENT_CHOICES: ReadonlyArray<RadioChoice & { value: Environment }> = [
  {
    value: 'test',
    label: ENVIRONMENT_LABELS.test,
    hint: 'For development: emails are never handed to SES (outcomes are simulated), with a lower daily limit.',
  },
  { value: 'live', label: ENVIRONMENT_LABELS.live, hint: 'For production: emails are really sent.' },
];

/** The create form's choice until the member picks one: a new key is a test key unless asked. */
const NEW_KEY_DEFAULT_ENVIRONMENT: Environment = 'test';

/** One line per threshold, as docs/api.md describes them. */
export const THRESHOLD_CHOICES: ReadonlyArray<RadioChoice & { value: AutoValidationThreshold }> = [
  { value: 'off', label: 'Off', hint: 'Recipients are not validated at send (the default).' },
  {
    value: 'managed',
    label: 'Managed (recommended)',
    hint: 'The level Postbox recommends, which may change over time; today the same as Medium.',
  },
  {
    value: 'medium',
    label: 'Medium',
    hint: 'Refuses undeliverable recipients: invalid syntax, a domain that does not exist or has no mail server, a suppressed address.',
  },
  {
    value: 'high',
    label: 'High',
    hint: 'Refuses every recipient that is not deliverable: undeliverable ones and risky ones (role addresses, disposable domains, possible typos, DNS errors).',
  },
];

/** A form's problems: by field (shown next to it) and the rest (shown above the form). */
export interface FormProblems {
  message: string;
  byField: Map<string, string>;
  other: ErrorDetail[];
}

export function formProblems(error: ApiError | undefined, fields: readonly string[]): FormProblems | undefined {
  if (!error) return undefined;
  const byField = new Map<string, string>();
  const other: ErrorDetail[] = [];
  for (const detail of error.details ?? []) {
    if (fields.includes(detail.field) && !byField.has(detail.field)) byField.set(detail.field, detail.message);
    else other.push(detail);
  }
  return { message: error.message, byField, other };
}

export function problemsNotice(problems: FormProblems | undefined, id: string): SafeHtml {
  if (!problems) return html``;
  return html`<div id="${id}">${notice('error', html`${problems.message}${errorList(problems.other)}`)}</div>`;
}

/** An input's `aria-invalid` and `aria-describedby` (its problem, then its hint). */
export function inputState(problems: FormProblems | undefined, field: string, hintId: string): SafeHtml {
  const invalid = problems?.byField.has(field) ?? false;
  const ids = invalid ? `${field}-error ${hintId}` : hintId;
  return html`${invalid ? html` aria-invalid="true"` : ''} aria-describedby="${ids}"`;
}

// ---------------------------------------------------------------------------------------------
// API keys

function keysTable(keys: readonly ApiKey[], highlightId: string | undefined): SafeHtml {
  if (keys.length === 0) return emptyState('No API keys yet. Create one below.');
  const newestFirst = [...keys].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
  const row = (key: ApiKey) => html`<tr>
<td>${key.name}${key.id === highlightId ? html` ${badge('New', 'info')}` : ''}</td>
<td>${environmentBadge(key.environment)}</td>
<td><code>${key.prefix}</code><span class="muted" aria-hidden="true">…</span></td>
<td>${dateTime(key.createdAt)}</td>
<td>${key.lastUsedAt ? dateTime(key.lastUsedAt) : html`<span class="muted">Never</span>`}</td>
<td>${key.revokedAt ? html`${badge('Revoked', 'bad')} <span class="muted">${dateTime(key.revokedAt)}</span>` : badge('Active', 'ok')}</td>
<td>${
    key.revokedAt
      ? ''
      : html`<a href="${revokePath(key.id)}">Revoke<span class="visually-hidden"> key ${key.name} (${key.prefix})</span></a>`
  }</td>
</tr>`;
  return html`<table>
<caption class="visually-hidden">API keys of this organization, newest first</caption>
<thead><tr>
<th scope="col">Name</th><th scope="col">Environment</th><th scope="col">Prefix</th><th scope="col">Created</th>
<th scope="col">Last used</th><th scope="col">Status</th><th scope="col"><span class="visually-hidden">Actions</span></th>
</tr></thead>
<tbody>
${newestFirst.map(row)}
</tbody>
</table>`;
}

/** What the create form shows again after a refusal: what was typed and why it was refused. */
export interface CreateKeyFormState {
  name?: string;
  environment?: string;
  error?: ApiError;
}

function createKeyForm(member: PageMember, state: CreateKeyFormState): SafeHtml {
  const problems = formProblems(state.error, ['name', 'environment']);
  const environment = ENVIRONMENT_CHOICES.some((choice) => choice.value === state.environment)
    ? state.environment
    : NEW_KEY_DEFAULT_ENVIRONMENT;
  return html`<section class="card" aria-labelledby="create-key-heading">
<h2 id="create-key-heading">Create a key</h2>
${problemsNotice(problems, 'create-key-problems')}
<form method="post" action="${API_KEYS_PATH}">
${csrfField(member)}
<div class="field"><label for="key-name">Name</label>
<input id="key-name" name="name" type="text" maxlength="100" required autocomplete="off" value="${state.name ?? ''}"${inputState(problems, 'name', 'key-name-hint')}>
${fieldError('name', problems?.byField.get('name'))}
<span class="hint" id="key-name-hint">What uses it, e.g. “Production web server” (1 to 100 characters).</span></div>
${radioGroup({
  name: 'environment',
  legend: 'Environment',
  choices: ENVIRONMENT_CHOICES,
  checked: environment,
  error: problems?.byField.get('environment'),
})}
<p><button type="submit">Create key</button></p>
</form>
</section>`;
}

function newKeySection(created: { apiKey: ApiKey; secret: string }): SafeHtml {
  const { apiKey, secret } = created;
  return html`<section class="card" aria-labelledby="new-key-heading">
<h2 id="new-key-heading">Your new API key</h2>
${notice(
  'warn',
  html`<strong>Copy this key now: it will not be shown again.</strong> Postbox keeps only a hash of it, so it cannot be recovered later. Store it securely (a secrets manager or an environment variable, never in source code).`,
)}
<div class="field"><label for="${NEW_API_KEY_INPUT_ID}">Key “${apiKey.name}” (${apiKey.environment})</label>
<div class="secret"><input id="${NEW_API_KEY_INPUT_ID}" type="text" readonly value="${secret}" autocomplete="off" spellcheck="false" aria-describedby="${NEW_API_KEY_INPUT_ID}-hint">
${copyButton(NEW_API_KEY_INPUT_ID)}</div>
<span class="hint" id="${NEW_API_KEY_INPUT_ID}-hint">Send it as <code>Authorization: Bearer &lt;key&gt;</code>. Select the text to copy it.</span></div>
</section>`;
}

export interface ApiKeysPageState {
  member: PageMember;
  keys: readonly ApiKey[];
  /** `?notice=` of the list page: only known values show anything. */
  notice?: string;
  /** Just created: its secret is shown this once. */
  created?: { apiKey: ApiKey; secret: string };
  form?: CreateKeyFormState;
  status?: number;
}

export function apiKeysPage(state: ApiKeysPageState): PageResult {
  const { member, keys, created } = state;
  return {
    status: state.status ?? (created ? 201 : 200),
    // A page holding a secret must never be kept by a browser or a proxy.
    headers: { 'Cache-Control': 'no-store' },
    body: layout({
      title: 'API keys',
      member,
      section: 'api-keys',
      body: html`<h1>API keys</h1>
<p class="lead">Keys authenticate requests to the API (<code>Authorization: Bearer &lt;key&gt;</code>). Only their first 12 characters are kept in clear: a key is shown in full once, when it is created.</p>
${pageNotice({ revoked: { tone: 'ok', content: 'The key is revoked. Requests with it are now refused.' } }, state.notice)}
${created ? newKeySection(created) : ''}
<h2>Keys</h2>
${keysTable(keys, created?.apiKey.id)}
${createKeyForm(member, state.form ?? {})}`,
    }),
  };
}

export function confirmRevokePage(member: PageMember, key: ApiKey): PageResult {
  const facts = html`<dl class="facts">
<dt>Name</dt><dd>${key.name}</dd>
<dt>Prefix</dt><dd><code>${key.prefix}</code></dd>
<dt>Environment</dt><dd>${environmentBadge(key.environment)}</dd>
<dt>Created</dt><dd>${dateTime(key.createdAt)}</dd>
<dt>Last used</dt><dd>${key.lastUsedAt ? dateTime(key.lastUsedAt) : 'Never'}</dd>
</dl>`;
  const action = key.revokedAt
    ? html`${notice('warn', html`This key is already revoked (${dateTime(key.revokedAt)}). There is nothing more to do.`)}
<p><a class="button secondary" href="${API_KEYS_PATH}">Back to API keys</a></p>`
    : html`${notice(
        'warn',
        'This is permanent: requests with this key are refused from the very next one (401). Anything still using it stops working, so put a new key in place first.',
      )}
<form method="post" action="${revokePath(key.id)}">
${csrfField(member)}
<p><button class="danger" type="submit">Revoke key</button> <a class="button secondary" href="${API_KEYS_PATH}">Cancel</a></p>
</form>`;
  return {
    body: layout({
      title: `Revoke API key ${key.name}`,
      member,
      section: 'api-keys',
      body: html`<h1>Revoke API key “${key.name}”?</h1>
<div class="card">${facts}</div>
${action}`,
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// Auto-validation

export interface AutoValidationPageState {
  member: PageMember;
  threshold: AutoValidationThreshold;
  notice?: string;
  error?: ApiError;
  status?: number;
}

export function autoValidationPage(state: AutoValidationPageState): PageResult {
  const { member, threshold } = state;
  const problems = formProblems(state.error, ['threshold']);
  const current = THRESHOLD_CHOICES.find((choice) => choice.value === threshold);
  return {
    status: state.status ?? 200,
    body: layout({
      title: 'Auto-validation',
      member,
      section: 'auto-validation',
      body: html`<h1>Auto-validation</h1>
<p class="lead">When on, every recipient of a send (to, cc and bcc) is validated first. A refused recipient fails the send with <code>400 RECIPIENTS_INVALID</code>; in a batch send only that recipient’s entry is rejected.</p>
${pageNotice(
  {
    saved: {
      tone: 'ok',
      content: html`Saved. Auto-validation is now <strong>${current?.label ?? threshold}</strong>.`,
    },
  },
  state.notice,
)}
${problemsNotice(problems, 'threshold-problems')}
<form class="card" method="post" action="${AUTO_VALIDATION_PATH}">
${csrfField(member)}
${radioGroup({
  name: 'threshold',
  legend: 'Validate recipients at send',
  choices: THRESHOLD_CHOICES,
  checked: threshold,
  error: problems?.byField.get('threshold'),
})}
<p><button type="submit">Save</button></p>
</form>
<p class="muted">The same setting as <code>GET</code>/<code>PUT /api/v1/settings/auto-validation</code>.</p>`,
    }),
  };
}

export interface TrackingPageState {
  member: PageMember;
  tracking: TrackingSettings;
  notice?: string | undefined;
}

/** Settings → Tracking: the organization's open and click tracking defaults (GET/PUT /settings/tracking). */
export function trackingPage(state: TrackingPageState): PageResult {
  const { member, tracking } = state;
  const onOff = (on: boolean) => (on ? 'on' : 'off');
  const box = (name: 'opens' | 'clicks', label: string, hint: string) =>
    html`<div class="choice"><input type="checkbox" id="tracking-${name}" name="${name}" value="on" aria-describedby="tracking-${name}-hint"${tracking[name] ? html` checked` : ''}>
<label for="tracking-${name}">${label}</label>
<p class="hint" id="tracking-${name}-hint">${hint}</p></div>`;
  return {
    body: layout({
      title: 'Tracking',
      member,
      section: 'tracking',
      body: html`<h1>Tracking</h1>
<p class="lead">What a send tracks when its <code>tracking</code> field does not say. Each email keeps the switches it was accepted with (shown on its page).</p>
${pageNotice(
  {
    saved: {
      tone: 'ok',
      content: html`Saved. Open tracking is <strong>${onOff(tracking.opens)}</strong>, click tracking <strong>${onOff(tracking.clicks)}</strong>.`,
    },
  },
  state.notice,
)}
<form class="card" method="post" action="${TRACKING_PATH}">
${csrfField(member)}
<fieldset><legend>Track by default</legend>
${box('opens', 'Opens', 'SES adds a tracking pixel to the HTML part; opened@ addresses report an open locally.')}
${box('clicks', 'Clicks', 'SES rewrites the HTML part’s links through its click tracking; clicked@ addresses report a click locally.')}
</fieldset>
<p><button type="submit">Save</button></p>
</form>
<p class="muted">The same setting as <code>GET</code>/<code>PUT /api/v1/settings/tracking</code>.</p>`,
    }),
  };
}
