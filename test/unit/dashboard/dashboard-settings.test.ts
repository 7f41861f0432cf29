import { describe, expect, it } from 'vitest';
import type { ApiKey } from '#accounts/api-key.store.ts';
import { ApiError } from '#core/errors.ts';
import type { PageResult } from '#dashboard/page-result.ts';
import { apiKeysPage, confirmRevokePage } from '#dashboard/settings/api-keys.view.ts';
import { autoValidationPage } from '#dashboard/settings/auto-validation.view.ts';
import { settingsInputs } from '#dashboard/settings/settings.schemas.ts';

const member = { organizationId: 'org_unit', memberEmail: 'ada@example.com', csrfToken: 'csrf-token-1' };
const HOSTILE = `<script>alert("x")</script><img src=x onerror='y'>`;

function key(overrides: Partial<ApiKey> = {}): ApiKey {
  return {
    id: 'key_abc123',
    organizationId: 'org_unit',
    name: 'Production',
    environment: 'live',
    prefix: 'pb_live_Ab12',
    createdAt: '2025-01-02T03:04:05.678Z',
    lastUsedAt: null,
    revokedAt: null,
    rateLimitPerSecond: null,
    permission: 'full_access',
    domainIds: null,
    ...overrides,
  };
}

function bodyOf(result: PageResult): string {
  if ('redirect' in result) throw new Error('expected a page');
  return result.body.value;
}

/** Every input other than hidden ones has a label pointing at it, or sits in a fieldset with a legend. */
function expectLabelledInputs(page: string): void {
  for (const match of page.matchAll(/<input\b[^>]*>/g)) {
    const tag = match[0];
    if (/type="hidden"/.test(tag)) continue;
    const id = /\bid="([^"]+)"/.exec(tag)?.[1];
    expect(id, tag).toBeDefined();
    expect(page).toContain(`<label for="${id}">`);
  }
}

describe('API keys page', () => {
  it('lists name, environment, prefix, dates and status, with a revoke link for active keys only', () => {
    const page = bodyOf(
      apiKeysPage({
        member,
        domains: [],
        keys: [
          key(),
          key({
            id: 'key_old',
            name: 'Old',
            environment: 'test',
            prefix: 'pb_test_Zz99',
            revokedAt: '2025-02-01T00:00:00.000Z',
            lastUsedAt: '2025-01-20T10:00:00.000Z',
          }),
        ],
      }),
    );
    expect(page).toContain('<code>pb_live_Ab12</code>');
    expect(page).toContain('<code>pb_test_Zz99</code>');
    expect(page).toContain('>Active</span>');
    expect(page).toContain('>Revoked</span>');
    expect(page).toContain('<time datetime="2025-01-20T10:00:00.000Z">');
    expect(page).toContain('href="/dashboard/settings/api-keys/key_abc123/revoke"');
    expect(page).not.toContain('/key_old/revoke');
    expect(page.match(/<th scope="col">/g)?.length).toBe(8);
    expect(page).toContain('aria-current="page">API Keys');
    expect(page).toContain('name="csrf_token" value="csrf-token-1"');
    expectLabelledInputs(page);
    expect(page).toContain('<legend>Environment</legend>');
    expect(page).not.toContain('style=');
    expect(page).not.toMatch(/<script>/);
  });

  it('shows each key’s access and a limited key’s domains by name, a deleted one as allowing nothing', () => {
    const domains = [
      { id: 'dom_a', name: 'acme.test', verified: true },
      { id: 'dom_b', name: 'pending.test', verified: false },
      { id: 'dom_h', name: HOSTILE, verified: true },
    ];
    const page = bodyOf(
      apiKeysPage({
        member,
        domains,
        keys: [
          key(),
          key({ id: 'key_send', permission: 'sending_access' }),
          key({ id: 'key_lim', permission: 'sending_access', domainIds: ['dom_a', 'dom_gone'] }),
          key({ id: 'key_hos', permission: 'sending_access', domainIds: ['dom_h'] }),
        ],
      }),
    );
    expect(page).toContain('>Full access</span>');
    expect(page.match(/>Sending access<\/span>/g)).toHaveLength(3);
    expect(page).toContain('any domain');
    expect(page).toContain('<code>acme.test</code>');
    expect(page).toContain('deleted domain (allows nothing)');
    // The form: the permission, and a checkbox per verified domain only, each name escaped.
    expect(page).toContain('<legend>Access</legend>');
    expect(page).toMatch(/name="permission" value="full_access"[^>]*checked/);
    expect(page).toContain('name="domain:dom_a"');
    expect(page).not.toContain('name="domain:dom_b"');
    expect(page).not.toContain('<script>alert');
    // The hostile name, in the list and as a checkbox's label.
    expect(
      page.split('<code>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;img src=x onerror=&#39;y&#39;&gt;</code>'),
    ).toHaveLength(3);
    expect(page).not.toMatch(/name="domain:[^"]*" value="on" checked/);
    expectLabelledInputs(page);
  });

  it('shows a refused form again with its access and its domains still checked, never wider', () => {
    const error = new ApiError('VALIDATION_ERROR', 'Key name must be 1 to 100 characters', {
      details: [{ field: 'name', message: 'Must be 1 to 100 characters' }],
    });
    const page = bodyOf(
      apiKeysPage({
        member,
        domains: [
          { id: 'dom_a', name: 'acme.test', verified: true },
          { id: 'dom_c', name: 'other.test', verified: true },
        ],
        keys: [],
        form: { name: '', environment: 'live', permission: 'sending_access', domainIds: ['dom_a', 'dom_x'], error },
        status: 400,
      }),
    );
    expect(page).toMatch(/id="permission-sending_access"[^>]* checked>/);
    expect(page).toContain('id="key-domain-dom_a" name="domain:dom_a" value="on" checked>');
    expect(page).toContain('id="key-domain-dom_c" name="domain:dom_c" value="on">');
    expect(page).not.toContain('dom_x');
  });

  it('explains the domain refusal next to the domains; no verified domain: says a sending key may use any', () => {
    const error = new ApiError('VALIDATION_ERROR', 'dom_zz is not a domain of this organization', {
      details: [{ field: 'domain_ids', message: 'dom_zz is not a domain of this organization' }],
    });
    const page = bodyOf(
      apiKeysPage({
        member,
        domains: [{ id: 'dom_b', name: 'pending.test', verified: false }],
        keys: [],
        form: { name: 'CI', permission: 'sending_access', domainIds: ['dom_zz'], error },
        status: 400,
      }),
    );
    expect(page).toContain('<fieldset aria-describedby="domain_ids-error">');
    expect(page).toContain('id="domain_ids-error"><strong>Error:</strong> dom_zz is not a domain of this organization');
    expect(page).toContain('No verified domain yet');
    expect(page).not.toContain('type="checkbox"');
    expect(page).toContain('Leave all unchecked to allow every domain.');
  });

  it('shows an empty state, and the revoked notice only for the known value', () => {
    expect(bodyOf(apiKeysPage({ member, domains: [], keys: [] }))).toContain('No API keys yet');
    expect(bodyOf(apiKeysPage({ member, domains: [], keys: [], notice: 'revoked' }))).toContain('The key is revoked');
    const other = bodyOf(apiKeysPage({ member, domains: [], keys: [], notice: '<b>hi</b>' }));
    expect(other).not.toContain('The key is revoked');
    expect(other).not.toContain('hi</b>');
  });

  it('escapes a hostile key name everywhere it appears', () => {
    const hostile = key({ name: HOSTILE });
    for (const page of [
      bodyOf(apiKeysPage({ member, domains: [], keys: [hostile] })),
      bodyOf(
        apiKeysPage({ member, domains: [], keys: [hostile], created: { apiKey: hostile, secret: 'pb_live_secret' } }),
      ),
      bodyOf(confirmRevokePage(member, hostile)),
      bodyOf(
        apiKeysPage({
          member,
          domains: [],
          keys: [],
          form: { name: HOSTILE, error: new ApiError('VALIDATION_ERROR', 'x') },
        }),
      ),
    ]) {
      expect(page).not.toContain('<script>alert');
      expect(page).not.toContain('<img');
      expect(page).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;img src=x onerror=&#39;y&#39;&gt;');
    }
  });

  it('shows a new key once, in a labelled read-only input with a copy button, with a 201 and no-store', () => {
    const created = key({ id: 'key_new', name: 'CI' });
    const secret = 'pb_live_0123456789abcdefghijABCDEFGHIJ012345';
    const result = apiKeysPage({ member, domains: [], keys: [created], created: { apiKey: created, secret } });
    expect('status' in result && result.status).toBe(201);
    expect('headers' in result && result.headers?.['Cache-Control']).toBe('no-store');
    const page = bodyOf(result);
    expect(page.split(secret)).toHaveLength(2);
    expect(page).toMatch(new RegExp(`<input id="new-api-key" type="text" readonly value="${secret}"`));
    expect(page).toContain('<label for="new-api-key">');
    expect(page).toContain('data-copy="new-api-key"');
    expect(page).toContain('it will not be shown again');
    expectLabelledInputs(page);
  });

  it('shows a refused form again with what was typed and the problem next to the field', () => {
    const error = new ApiError('VALIDATION_ERROR', 'Key name must be 1 to 100 characters', {
      details: [{ field: 'name', message: 'Must be 1 to 100 characters' }],
    });
    const result = apiKeysPage({
      member,
      domains: [],
      keys: [],
      form: { name: '   ', environment: 'live', error },
      status: 400,
    });
    expect('status' in result && result.status).toBe(400);
    const page = bodyOf(result);
    expect(page).toContain('role="alert">Key name must be 1 to 100 characters');
    expect(page).toContain('value="   " aria-invalid="true" aria-describedby="name-error key-name-hint"');
    expect(page).toContain('id="name-error"><strong>Error:</strong> Must be 1 to 100 characters');
    expect(page).toMatch(/id="environment-live" name="environment" value="live"[^>]* checked>/);
    expect(page).not.toMatch(/id="environment-test"[^>]* checked>/);
  });

  it('describes the environment group by its problem, shown first in the fieldset; no choice → test', () => {
    const error = new ApiError('VALIDATION_ERROR', 'The request is invalid', {
      details: [{ field: 'environment', message: 'Choose live or test' }],
    });
    const page = bodyOf(
      apiKeysPage({ member, domains: [], keys: [], form: { name: 'CI', environment: 'prod', error } }),
    );
    expect(page).toContain(
      '<fieldset aria-describedby="environment-error">\n<legend>Environment</legend>\n<span class="hint error" id="environment-error"><strong>Error:</strong> Choose live or test</span>',
    );
    expect(page).toMatch(/id="environment-test"[^>]* checked>/);
    expect(page).not.toContain('aria-invalid');
    const fresh = bodyOf(apiKeysPage({ member, domains: [], keys: [] }));
    expect(fresh).toContain('<fieldset>\n<legend>Environment</legend>');
    expect(fresh).not.toContain('environment-error');
  });
});

describe('create-key form schema', () => {
  const { form } = settingsInputs.createApiKey;

  it('reads the permission (full access when absent) and each checked domain’s checkbox, nothing else', () => {
    expect(form.parse({ name: 'CI', environment: 'test' })).toEqual({
      name: 'CI',
      environment: 'test',
      permission: 'full_access',
      domainIds: [],
    });
    expect(
      form.parse({
        name: 'Resets',
        environment: 'live',
        permission: 'sending_access',
        'domain:dom_a': 'on',
        'domain:dom_b': 'on',
        'domain:dom_c': 'off',
        domain_ids: 'dom_d',
        csrf_token: 't',
      }),
    ).toEqual({ name: 'Resets', environment: 'live', permission: 'sending_access', domainIds: ['dom_a', 'dom_b'] });
  });

  it('refuses an unknown permission on its field', () => {
    const result = form.safeParse({ name: 'CI', environment: 'test', permission: 'admin' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      path: ['permission'],
      message: 'Choose full access or sending access',
    });
  });
});

describe('revoke confirmation page', () => {
  it('warns that revocation is permanent and posts to the revoke route with a cancel link', () => {
    const page = bodyOf(confirmRevokePage(member, key()));
    expect(page).toContain('This is permanent: requests with this key are refused from the very next one (401)');
    expect(page).toContain('<form method="post" action="/dashboard/settings/api-keys/key_abc123/revoke">');
    expect(page).toContain('<button class="danger" type="submit">Revoke key</button>');
    expect(page).toContain('href="/dashboard/settings/api-keys">Cancel</a>');
    expect(page).toContain('<code>pb_live_Ab12</code>');
  });

  it('says an already revoked key is revoked, with no form', () => {
    const page = bodyOf(confirmRevokePage(member, key({ revokedAt: '2025-02-01T00:00:00.000Z' })));
    expect(page).toContain('already revoked');
    expect(page).not.toContain('Revoke key</button>');
  });
});

describe('auto-validation page', () => {
  it('is a radio fieldset with a legend, one explained choice per threshold, the stored one checked', () => {
    const page = bodyOf(autoValidationPage({ member, threshold: 'medium' }));
    expect(page).toContain('<legend>');
    for (const value of ['off', 'managed', 'medium', 'high']) {
      expect(page).toContain(`<label for="threshold-${value}">`);
      expect(page).toContain(`id="threshold-${value}-hint"`);
    }
    expect(page.match(/ checked>/g)).toHaveLength(1);
    expect(page).toMatch(/id="threshold-medium"[^>]* checked>/);
    expect(page).not.toContain('Saved.');
    expect(bodyOf(autoValidationPage({ member, threshold: 'high', notice: 'saved' }))).toContain(
      'Saved. Auto-validation is now <strong>High</strong>.',
    );
  });

  it('shows a refusal with its message', () => {
    const error = new ApiError('VALIDATION_ERROR', 'The request is invalid', {
      details: [{ field: 'threshold', message: 'Choose one of off, managed, medium or high' }],
    });
    const result = autoValidationPage({ member, threshold: 'off', error, status: 400 });
    expect('status' in result && result.status).toBe(400);
    expect(bodyOf(result)).toContain('Choose one of off, managed, medium or high');
  });
});
