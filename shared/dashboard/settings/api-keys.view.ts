/**
 * Settings → API Keys: the keys (list, create — the full key shown once —) and the confirmation of a
 * revocation. Pure rendering: handlers read and write through the services (settings.data.ts).
 */
import type { ApiKey } from '#accounts/api-key.store.ts';
import type { Environment } from '#core/environment.ts';
import type { ApiError } from '#core/errors.ts';
import {
  badge,
  copyButton,
  dateTime,
  ENVIRONMENT_LABELS,
  emptyState,
  environmentBadge,
  notice,
  pageNotice,
} from '#dashboard/components.ts';
import {
  csrfField,
  fieldError,
  formProblems,
  inputState,
  problemsNotice,
  type RadioChoice,
  radioGroup,
} from '#dashboard/forms.ts';
import { html, type SafeHtml } from '#dashboard/html.ts';
import { layout, type PageMember } from '#dashboard/layout.ts';
import type { PageResult } from '#dashboard/page-result.ts';

export const API_KEYS_PATH = '/dashboard/settings/api-keys';

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
