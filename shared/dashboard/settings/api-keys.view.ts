/**
 * Settings → API Keys: the keys (list, create — the full key shown once —) and the confirmation of a
 * revocation. Pure rendering: handlers read and write through the services (settings.data.ts).
 */
import type { ApiKey } from '#accounts/api-key.store.ts';
import type { ApiKeyPermission } from '#core/api-key-permission.ts';
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
import { KEY_DOMAIN_FIELD } from '#dashboard/settings/settings.schemas.ts';

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

const PERMISSION_CHOICES: ReadonlyArray<RadioChoice & { value: ApiKeyPermission }> = [
  {
    value: 'full_access',
    label: 'Full access',
    hint: 'Every API route: emails and their content, domains, settings, webhooks.',
  },
  {
    value: 'sending_access',
    label: 'Sending access',
    hint: 'Only sending (send, batch, attachment uploads). For a server that only sends: a leaked key cannot read your emails or change anything.',
  },
];

const PERMISSION_LABELS: Record<ApiKeyPermission, string> = {
  full_access: 'Full access',
  sending_access: 'Sending access',
};

/** One of the organization's domains, as the keys page shows it. */
export interface KeyDomain {
  id: string;
  name: string;
  verified: boolean;
}

/** What a key may do: its permission, and a limited key's domains by name (a deleted one allows nothing). */
function keyScope(key: ApiKey, domains: readonly KeyDomain[]): SafeHtml {
  const permission = badge(PERMISSION_LABELS[key.permission], key.permission === 'full_access' ? 'info' : 'ok');
  if (!key.domainIds)
    return key.permission === 'sending_access' ? html`${permission} <span class="muted">any domain</span>` : permission;
  const names = key.domainIds.map((id) => {
    const domain = domains.find((candidate) => candidate.id === id);
    return domain
      ? html`<code>${domain.name}</code>`
      : html`<span class="muted">deleted domain (allows nothing)</span>`;
  });
  return html`${permission} <span>${names.map((name, index) => html`${index > 0 ? ', ' : ''}${name}`)}</span>`;
}

/** The create form's choice until the member picks one: a new key is a test key unless asked. */
const NEW_KEY_DEFAULT_ENVIRONMENT: Environment = 'test';

function keysTable(keys: readonly ApiKey[], domains: readonly KeyDomain[], highlightId: string | undefined): SafeHtml {
  if (keys.length === 0) return emptyState('No API keys yet. Create one below.');
  const newestFirst = [...keys].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
  const row = (key: ApiKey) => html`<tr>
<td>${key.name}${key.id === highlightId ? html` ${badge('New', 'info')}` : ''}</td>
<td>${environmentBadge(key.environment)}</td>
<td>${keyScope(key, domains)}</td>
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
<th scope="col">Name</th><th scope="col">Environment</th><th scope="col">Access</th><th scope="col">Prefix</th><th scope="col">Created</th>
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
  permission?: string;
  /** The domains that were checked: shown checked again, so that resubmitting never widens the key. */
  domainIds?: readonly string[];
  error?: ApiError;
}

/** The verified domains a sending key may be limited to (checkboxes; none checked: any domain). */
function domainChoices(domains: readonly KeyDomain[], checked: readonly string[], error: string | undefined): SafeHtml {
  const verified = domains.filter((domain) => domain.verified);
  const boxes = verified.length
    ? verified.map(
        (domain) =>
          html`<div class="choice"><input type="checkbox" id="key-domain-${domain.id}" name="${KEY_DOMAIN_FIELD}${domain.id}" value="on"${checked.includes(domain.id) ? html` checked` : ''}>
<label for="key-domain-${domain.id}"><code>${domain.name}</code></label></div>`,
      )
    : html`<p class="muted">No verified domain yet: a sending key made now may send from any of your domains.</p>`;
  return html`<fieldset${error ? html` aria-describedby="domain_ids-error"` : ''}>
<legend>Domains (sending access only)</legend>
${fieldError('domain_ids', error)}
<p class="hint">Limit a sending key to some of your verified domains (and their subdomains). Leave all unchecked to allow every domain.</p>
${boxes}
</fieldset>`;
}

function createKeyForm(member: PageMember, domains: readonly KeyDomain[], state: CreateKeyFormState): SafeHtml {
  const problems = formProblems(state.error, ['name', 'environment', 'permission', 'domain_ids']);
  const permission = PERMISSION_CHOICES.some((choice) => choice.value === state.permission)
    ? state.permission
    : 'full_access';
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
${radioGroup({
  name: 'permission',
  legend: 'Access',
  choices: PERMISSION_CHOICES,
  checked: permission,
  error: problems?.byField.get('permission'),
})}
${domainChoices(domains, state.domainIds ?? [], problems?.byField.get('domain_ids'))}
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
  /** The organization's domains: the names of limited keys' domains, the create form's choices. */
  domains: readonly KeyDomain[];
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
${keysTable(keys, state.domains, created?.apiKey.id)}
${createKeyForm(member, state.domains, state.form ?? {})}`,
    }),
  };
}

export function confirmRevokePage(member: PageMember, key: ApiKey): PageResult {
  const facts = html`<dl class="facts">
<dt>Name</dt><dd>${key.name}</dd>
<dt>Prefix</dt><dd><code>${key.prefix}</code></dd>
<dt>Environment</dt><dd>${environmentBadge(key.environment)}</dd>
<dt>Access</dt><dd>${PERMISSION_LABELS[key.permission]}</dd>
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
