/**
 * The dashboard's Settings pages through HTTP on the local stack: API keys (list, create with the
 * secret shown once, revoke through the confirmation page, CSRF, organizations kept apart) and the
 * auto-validation form, checked against what the API itself then does.
 */
import { describe, expect, it } from 'vitest';
import { createApiKey, getApiKey, listApiKeys, revokeApiKey } from '#accounts/accounts.service.ts';
import { ApiError } from '#core/errors.ts';
import { addVerifiedDomainForDevelopment } from '#domains/domains.service.ts';
import { DashboardBrowser, dashboardMember } from '../support/dashboard.ts';
import { call, client, expectError } from '../support/http.ts';

const KEYS = '/dashboard/settings/api-keys';
const AUTO_VALIDATION = '/dashboard/settings/auto-validation';
const API_SETTING = '/api/v1/settings/auto-validation';

const NEW_KEY = /<input id="new-api-key" type="text" readonly value="([^"]+)"/;

/** Whether the key authenticates: 200 on a read, or the API's 401. */
const settingWith = (key: string) => call('GET', API_SETTING, { key });

/** Creates a key through the page's form; returns the response and the secret it shows. */
async function createThroughForm(browser: DashboardBrowser, name: string, environment: 'live' | 'test') {
  await browser.get(KEYS);
  const response = await browser.post(KEYS, { name, environment });
  const secret = NEW_KEY.exec(response.text)?.[1];
  return { response, secret };
}

describe('dashboard API keys page', () => {
  it('lists the organization’s keys: name, environment, prefix, dates and active/revoked badges', async () => {
    const { organization, apiKey, browser, api } = await dashboardMember();
    await api.get(API_SETTING); // the fixture key now has a last-used time
    const live = await createApiKey({ organizationId: organization.id, name: 'Billing worker', environment: 'live' });
    const old = await createApiKey({ organizationId: organization.id, name: 'Retired', environment: 'test' });
    await revokeApiKey(organization.id, old.apiKey.id);

    const page = await browser.get(KEYS);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.text).toContain('aria-current="page">API Keys');
    for (const key of [apiKey, live.apiKey, old.apiKey]) {
      expect(key.prefix).toHaveLength(12);
      expect(page.text).toContain(`<code>${key.prefix}</code>`);
    }
    expect(page.text).toContain('<td>Billing worker</td>');
    expect(page.text).toContain('<td>Retired</td>');
    expect(page.text).toContain('<span class="badge info">Live</span>');
    expect(page.text).toContain('<span class="badge">Test</span>');
    expect(page.text.match(/<span class="badge ok">Active<\/span>/g)).toHaveLength(2);
    expect(page.text.match(/<span class="badge bad">Revoked<\/span>/g)).toHaveLength(1);
    // Revoke links for the active keys only.
    expect(page.text).toContain(`href="${KEYS}/${apiKey.id}/revoke"`);
    expect(page.text).toContain(`href="${KEYS}/${live.apiKey.id}/revoke"`);
    expect(page.text).not.toContain(`${old.apiKey.id}/revoke`);
    // The fixture key was used; the others never.
    const fixtureRow = page.text.split('<tr>').find((row) => row.includes(apiKey.prefix)) ?? '';
    expect(fixtureRow).toMatch(/<td><time datetime="[^"]+">[^<]+<\/time><\/td>\n<td><span class="badge ok">/);
    expect(page.text.match(/>Never</g)).toHaveLength(2);
    // The create form: a labelled name and a labelled live/test choice.
    expect(page.text).toContain('<label for="key-name">Name</label>');
    expect(page.text).toContain('<legend>Environment</legend>');
    expect(page.text).toContain('<label for="environment-live">Live</label>');
    expect(page.text).toContain('<label for="environment-test">Test</label>');
  });

  it('creates a key: 201, the full key shown once, working on the API at once; the list never shows it again', async () => {
    const { organization, browser } = await dashboardMember();
    const { response, secret } = await createThroughForm(browser, '  Deploy bot  ', 'live');
    expect(response.status).toBe(201);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(secret).toMatch(/^pb_live_[0-9A-Za-z]{38}$/);
    const key = secret as string;
    expect(response.text.split(key)).toHaveLength(2); // in the read-only input only
    expect(response.text).toContain('<label for="new-api-key">');
    expect(response.text).toContain('data-copy="new-api-key"');
    expect(response.text).toContain('it will not be shown again');
    expect(response.text).toContain('Store it securely');

    const stored = (await listApiKeys(organization.id)).find((apiKey) => apiKey.name === 'Deploy bot');
    expect(stored).toMatchObject({ environment: 'live', prefix: key.slice(0, 12), revokedAt: null });
    // The list below the new key already holds it.
    expect(response.text).toContain(`<code>${key.slice(0, 12)}</code>`);
    expect(response.text).toContain(`${KEYS}/${stored?.id}/revoke`);

    const used = await client(key).get(API_SETTING);
    expect(used.status).toBe(200);
    expect(used.body).toEqual({ data: { auto_validation_threshold: 'off' } });

    const list = await browser.get(KEYS);
    expect(list.status).toBe(200);
    expect(list.text).toContain(`<code>${key.slice(0, 12)}</code>`);
    expect(list.text).not.toContain(key);
    expect(list.text).not.toContain(key.slice(12));
    expect(list.text).not.toContain('id="new-api-key"');
  });

  it('creates a test key too', async () => {
    const { browser } = await dashboardMember();
    const { response, secret } = await createThroughForm(browser, 'Staging', 'test');
    expect(response.status).toBe(201);
    expect(secret).toMatch(/^pb_test_/);
    expect((await settingWith(secret as string)).status).toBe(200);
  });

  it('creates a sending key limited to a verified domain: it sends from it only, and is listed with its access', async () => {
    const { organization, browser } = await dashboardMember();
    const domain = `dash${organization.id.slice(-6).toLowerCase()}.test`;
    const domainId = await addVerifiedDomainForDevelopment(organization.id, domain);
    const form = await browser.get(KEYS);
    expect(form.text).toContain(`name="domain:${domainId}"`);
    const response = await browser.post(KEYS, {
      name: 'Resets',
      environment: 'test',
      permission: 'sending_access',
      [`domain:${domainId}`]: 'on',
    });
    expect(response.status).toBe(201);
    const secret = NEW_KEY.exec(response.text)?.[1] as string;
    const stored = (await listApiKeys(organization.id)).find((apiKey) => apiKey.name === 'Resets');
    expect(stored).toMatchObject({ permission: 'sending_access', domainIds: [domainId] });
    const row =
      response.text
        .split('<tr>')
        .slice(1)
        .find((candidate) => candidate.includes(secret.slice(0, 12))) ?? '';
    expect(row).toContain('Sending access');
    expect(row).toContain(`<code>${domain}</code>`);

    const api = client(secret);
    const send = (from: string) =>
      api.post('/api/v1/emails/send', {
        from: { email: from },
        to: [{ email: 'a@example.com' }],
        subject: 'Hi',
        text: 'Hi',
      });
    expect((await send(`hello@${domain}`)).status).toBe(201);
    expectError(await send('hello@elsewhere.test'), 403, 'FORBIDDEN');
    expectError(await api.get(API_SETTING), 403, 'FORBIDDEN');
  });

  it('refuses another organization’s domain id or domains on a full access key: 400, no key made', async () => {
    const { organization, browser } = await dashboardMember();
    const other = await dashboardMember();
    const theirs = await addVerifiedDomainForDevelopment(
      other.organization.id,
      `other${other.organization.id.slice(-6).toLowerCase()}.test`,
    );
    const ours = await addVerifiedDomainForDevelopment(
      organization.id,
      `ours${organization.id.slice(-6).toLowerCase()}.test`,
    );
    const before = (await listApiKeys(organization.id)).length;
    await browser.get(KEYS);
    const foreign = await browser.post(KEYS, {
      name: 'Sneaky',
      environment: 'test',
      permission: 'sending_access',
      [`domain:${ours}`]: 'on',
      [`domain:${theirs}`]: 'on',
    });
    expect(foreign.status).toBe(400);
    expect(foreign.text).toContain(`${theirs} is not a domain of this organization`);
    expect(foreign.text).toMatch(/id="permission-sending_access"[^>]* checked>/);
    // Shown again as filled in (ours still checked: resubmitting never makes an every-domain key).
    expect(foreign.text).toContain(`name="domain:${ours}" value="on" checked>`);
    expect(foreign.text).not.toContain(`name="domain:${theirs}"`);
    const full = await browser.post(KEYS, { name: 'Wide', environment: 'test', [`domain:${ours}`]: 'on' });
    expect(full.status).toBe(400);
    expect(full.text).toContain('Only a sending_access key can be limited to domains');
    expect(await listApiKeys(organization.id)).toHaveLength(before);
  });

  it('refuses an empty or too long name and an unknown environment: 400, the form again with what was typed', async () => {
    const { organization, browser } = await dashboardMember();
    const before = (await listApiKeys(organization.id)).length;

    const empty = await createThroughForm(browser, '   ', 'live');
    expect(empty.response.status).toBe(400);
    expect(empty.secret).toBeUndefined();
    expect(empty.response.text).toContain('Key name must be 1 to 100 characters');
    expect(empty.response.text).toContain('aria-invalid="true"');
    expect(empty.response.text).toMatch(/id="environment-live"[^>]* checked>/);

    const long = `${'n'.repeat(100)}<b>`;
    const tooLong = await createThroughForm(browser, long, 'test');
    expect(tooLong.response.status).toBe(400);
    expect(tooLong.response.text).toContain('Key name must be 1 to 100 characters');
    expect(tooLong.response.text).toContain(`value="${'n'.repeat(100)}&lt;b&gt;"`);

    await browser.get(KEYS);
    const environment = await browser.post(KEYS, { name: 'Fine name', environment: 'staging' });
    expect(environment.status).toBe(400);
    expect(environment.text).toContain('Choose live or test');
    expect(environment.text).toContain('value="Fine name"');
    expect(environment.text).not.toMatch(NEW_KEY);

    expect(await listApiKeys(organization.id)).toHaveLength(before);
  });

  it('revokes through the confirmation page: the key is refused (401) on the very next request', async () => {
    const { organization, browser } = await dashboardMember();
    const { apiKey, secret } = await createApiKey({
      organizationId: organization.id,
      name: 'About to go',
      environment: 'live',
    });
    expect((await settingWith(secret)).status).toBe(200);

    const list = await browser.get(KEYS);
    expect(list.text).toContain(`href="${KEYS}/${apiKey.id}/revoke"`);
    const confirm = await browser.get(`${KEYS}/${apiKey.id}/revoke`);
    expect(confirm.status).toBe(200);
    expect(confirm.text).toContain('About to go');
    expect(confirm.text).toContain(`<code>${apiKey.prefix}</code>`);
    expect(confirm.text).toContain('Live');
    expect(confirm.text).toContain(
      'This is permanent: requests with this key are refused from the very next one (401)',
    );
    expect(confirm.text).toContain(`<form method="post" action="${KEYS}/${apiKey.id}/revoke">`);
    expect(confirm.text).toContain('<button class="danger" type="submit">Revoke key</button>');
    expect(confirm.text).toContain(`<a class="button secondary" href="${KEYS}">Cancel</a>`);
    // Looking is harmless.
    expect((await settingWith(secret)).status).toBe(200);

    const revoked = await browser.post(`${KEYS}/${apiKey.id}/revoke`);
    expect(revoked.status).toBe(303);
    expect(revoked.location).toBe(`${KEYS}?notice=revoked`);
    expectError(await settingWith(secret), 401, 'AUTH_INVALID');

    const after = await browser.get(revoked.location as string);
    expect(after.text).toContain('The key is revoked');
    const row = after.text.split('<tr>').find((candidate) => candidate.includes(apiKey.prefix)) ?? '';
    expect(row).toContain('<span class="badge bad">Revoked</span>');
    expect(row).not.toContain('/revoke');
    expect((await listApiKeys(organization.id)).find((key) => key.id === apiKey.id)?.revokedAt).not.toBeNull();

    // Already revoked: the confirmation page says so and offers no form; posting again changes nothing.
    const again = await browser.get(`${KEYS}/${apiKey.id}/revoke`);
    expect(again.status).toBe(200);
    expect(again.text).toContain('already revoked');
    expect(again.text).not.toContain('Revoke key</button>');
    expect((await browser.post(`${KEYS}/${apiKey.id}/revoke`)).status).toBe(303);
    expectError(await settingWith(secret), 401, 'AUTH_INVALID');
  });

  it('shows only a fixed message for ?notice=, never the text it was given', async () => {
    const { browser } = await dashboardMember();
    const page = await browser.get(`${KEYS}?notice=${encodeURIComponent('<i>pwned</i>')}`);
    expect(page.status).toBe(200);
    expect(page.text).not.toContain('pwned');
    expect(page.text).not.toContain('The key is revoked');
  });

  it('refuses a POST without the CSRF token (403): nothing created, nothing revoked', async () => {
    const { organization, apiKey, key, browser } = await dashboardMember();
    await browser.get(KEYS);
    const create = await browser.post(KEYS, { name: 'Sneaky', environment: 'live' }, { csrf: false });
    expect(create.status).toBe(403);
    expect(create.text).not.toMatch(NEW_KEY);
    const wrongToken = await browser.post(KEYS, { name: 'Sneaky', environment: 'live', csrf_token: 'forged' });
    expect(wrongToken.status).toBe(403);
    expect((await listApiKeys(organization.id)).map((k) => k.name)).toEqual(['test key']);

    const revoke = await browser.post(`${KEYS}/${apiKey.id}/revoke`, {}, { csrf: false });
    expect(revoke.status).toBe(403);
    expect((await settingWith(key)).status).toBe(200);
    expect((await listApiKeys(organization.id))[0]?.revokedAt).toBeNull();
  });

  it('answers 404 for another organization’s key (confirm and revoke) or an unknown id, and that key keeps working', async () => {
    const mine = await dashboardMember();
    const theirs = await dashboardMember();
    const theirPath = `${KEYS}/${theirs.apiKey.id}/revoke`;

    const confirm = await mine.browser.get(theirPath);
    expect(confirm.status).toBe(404);
    expect(confirm.text).toContain('API key not found');
    expect(confirm.text).not.toContain(theirs.apiKey.prefix);

    await mine.browser.get(KEYS);
    const revoke = await mine.browser.post(theirPath);
    expect(revoke.status).toBe(404);
    expect(revoke.text).toContain('API key not found');
    expect((await settingWith(theirs.key)).status).toBe(200);
    expect((await listApiKeys(theirs.organization.id))[0]?.revokedAt).toBeNull();

    for (const id of ['key_doesNotExist1234567', 'not-an-id', 'x'.repeat(1500)]) {
      expect((await mine.browser.get(`${KEYS}/${id}/revoke`)).status, id).toBe(404);
      await mine.browser.get(KEYS);
      expect((await mine.browser.post(`${KEYS}/${id}/revoke`)).status, id).toBe(404);
    }
  });

  it('getApiKey: one key of the organization, 404 for another’s, an unknown id or one that is not a key id', async () => {
    const mine = await dashboardMember();
    const theirs = await dashboardMember();
    expect(await getApiKey(mine.organization.id, mine.apiKey.id)).toEqual(mine.apiKey);
    const revoked = await revokeApiKey(mine.organization.id, mine.apiKey.id);
    expect(await getApiKey(mine.organization.id, mine.apiKey.id)).toEqual(revoked);
    for (const id of [theirs.apiKey.id, 'key_doesNotExist1234567', 'not-an-id', 'x'.repeat(1500)]) {
      const notFound = await getApiKey(mine.organization.id, id).catch((error: unknown) => error);
      expect(notFound, id).toBeInstanceOf(ApiError);
      expect((notFound as ApiError).statusCode, id).toBe(404);
      expect((notFound as ApiError).message, id).toBe('API key not found');
      // revokeApiKey refuses the same ids the same way (the 1,500-character one before any read).
      await expect(revokeApiKey(mine.organization.id, id), id).rejects.toMatchObject({ statusCode: 404 });
    }
    expect((await listApiKeys(theirs.organization.id))[0]?.revokedAt).toBeNull();
  });

  it('never shows a member another organization’s keys', async () => {
    const a = await dashboardMember();
    const b = await dashboardMember();
    const aExtra = await createThroughForm(a.browser, 'Only in A', 'live');
    const bExtra = await createThroughForm(b.browser, 'Only in B', 'live');
    expect(aExtra.response.status).toBe(201);
    expect(bExtra.response.status).toBe(201);

    const aPage = (await a.browser.get(KEYS)).text;
    const bPage = (await b.browser.get(KEYS)).text;
    expect(aPage).toContain(a.apiKey.prefix);
    expect(aPage).toContain('Only in A');
    expect(aPage).not.toContain(b.apiKey.prefix);
    expect(aPage).not.toContain(b.apiKey.id);
    expect(aPage).not.toContain('Only in B');
    expect(aPage).not.toContain((bExtra.secret as string).slice(0, 12));
    expect(bPage).toContain(b.apiKey.prefix);
    expect(bPage).not.toContain(a.apiKey.prefix);
    expect(bPage).not.toContain('Only in A');
    // The key created by B's member belongs to B.
    expect((await listApiKeys(b.organization.id)).map((key) => key.name).sort()).toEqual(['Only in B', 'test key']);
    expect((await listApiKeys(a.organization.id)).map((key) => key.name).sort()).toEqual(['Only in A', 'test key']);
  });
});

describe('dashboard auto-validation page', () => {
  it('shows the setting as a radio form and saves it: the API reads the new value', async () => {
    const { api, browser } = await dashboardMember();
    const form = await browser.get(AUTO_VALIDATION);
    expect(form.status).toBe(200);
    expect(form.text).toContain('aria-current="page">Auto-validation');
    expect(form.text).toMatch(/<fieldset[^>]*>\n<legend>[^<]+<\/legend>/);
    for (const value of ['off', 'managed', 'medium', 'high']) {
      expect(form.text).toContain(`<label for="threshold-${value}">`);
    }
    expect(form.text).toMatch(/id="threshold-off"[^>]* checked>/);
    expect(form.text).not.toContain('Saved.');

    for (const threshold of ['high', 'managed', 'medium', 'off'] as const) {
      const saved = await browser.post(AUTO_VALIDATION, { threshold });
      expect(saved.status).toBe(303);
      expect(saved.location).toBe(`${AUTO_VALIDATION}?notice=saved`);
      expect((await api.get(API_SETTING)).body).toEqual({ data: { auto_validation_threshold: threshold } });
      const shown = await browser.get(saved.location as string);
      expect(shown.text).toContain('Saved. Auto-validation is now');
      expect(shown.text).toMatch(new RegExp(`id="threshold-${threshold}"[^>]* checked>`));
      expect(shown.text.match(/ checked>/g)).toHaveLength(1);
    }
  });

  it('shows what the API set', async () => {
    const { api, browser } = await dashboardMember();
    await api.put(API_SETTING, { threshold: 'medium' });
    expect((await browser.get(AUTO_VALIDATION)).text).toMatch(/id="threshold-medium"[^>]* checked>/);
  });

  it('refuses an unknown or missing threshold: 400 with the message, the setting unchanged', async () => {
    const { api, browser } = await dashboardMember();
    await api.put(API_SETTING, { threshold: 'high' });
    await browser.get(AUTO_VALIDATION);
    for (const form of [{ threshold: 'extreme' }, {}] as Record<string, string>[]) {
      const response = await browser.post(AUTO_VALIDATION, form);
      expect(response.status).toBe(400);
      expect(response.text).toContain('Choose one of off, managed, medium or high');
      expect(response.text).toMatch(/id="threshold-high"[^>]* checked>/);
      expect(response.text).toContain('name="csrf_token"');
    }
    expect((await api.get(API_SETTING)).body.data.auto_validation_threshold).toBe('high');
  });

  it('refuses a save without the CSRF token (403), the setting unchanged', async () => {
    const { api, browser } = await dashboardMember();
    await browser.get(AUTO_VALIDATION);
    expect((await browser.post(AUTO_VALIDATION, { threshold: 'high' }, { csrf: false })).status).toBe(403);
    expect((await api.get(API_SETTING)).body.data.auto_validation_threshold).toBe('off');
  });
});

describe('dashboard tracking page', () => {
  const TRACKING = '/dashboard/settings/tracking';
  const API_TRACKING = '/api/v1/settings/tracking';

  it('shows the defaults as checkboxes and saves them: the API reads the new values', async () => {
    const { api, browser } = await dashboardMember();
    const form = await browser.get(TRACKING);
    expect(form.status).toBe(200);
    expect(form.text).toContain('aria-current="page">Tracking');
    expect(form.text).toContain('<label for="tracking-opens">');
    expect(form.text).toContain('<label for="tracking-clicks">');
    expect(form.text).not.toMatch(/ checked>/);

    for (const [fields, expected] of [
      [{ opens: 'on' }, { opens: true, clicks: false }],
      [
        { opens: 'on', clicks: 'on' },
        { opens: true, clicks: true },
      ],
      [{}, { opens: false, clicks: false }],
    ] as const) {
      const saved = await browser.post(TRACKING, fields);
      expect(saved.status).toBe(303);
      expect(saved.location).toBe(`${TRACKING}?notice=saved`);
      expect((await api.get(API_TRACKING)).body).toEqual({ data: expected });
      const shown = await browser.get(saved.location as string);
      expect(shown.text).toContain('Saved. Open tracking is');
      expect(/id="tracking-opens"[^>]* checked>/.test(shown.text)).toBe(expected.opens);
      expect(/id="tracking-clicks"[^>]* checked>/.test(shown.text)).toBe(expected.clicks);
    }
  });

  it('shows what the API set, and refuses a save without the CSRF token (403)', async () => {
    const { api, browser } = await dashboardMember();
    await api.put(API_TRACKING, { opens: false, clicks: true });
    const form = await browser.get(TRACKING);
    expect(form.text).toMatch(/id="tracking-clicks"[^>]* checked>/);
    expect(form.text).not.toMatch(/id="tracking-opens"[^>]* checked>/);
    expect((await browser.post(TRACKING, { opens: 'on' }, { csrf: false })).status).toBe(403);
    expect((await api.get(API_TRACKING)).body.data).toEqual({ opens: false, clicks: true });
  });
});

describe('settings pages when signed out', () => {
  it('send a GET to sign-in with next, and refuse a POST without doing anything', async () => {
    const { organization, apiKey } = await dashboardMember();
    const browser = new DashboardBrowser();
    for (const path of [KEYS, `${KEYS}?notice=revoked`, `${KEYS}/${apiKey.id}/revoke`, AUTO_VALIDATION]) {
      const response = await browser.get(path);
      expect(response.status, path).toBe(303);
      expect(response.location, path).toBe(`/dashboard/sign-in?next=${encodeURIComponent(path)}`);
    }
    for (const [path, form] of [
      [KEYS, { name: 'Anonymous', environment: 'live' }],
      [`${KEYS}/${apiKey.id}/revoke`, {}],
      [AUTO_VALIDATION, { threshold: 'high' }],
    ] as const) {
      const response = await browser.post(path, form);
      expect(response.status, path).toBe(303);
      expect(response.location, path).toBe('/dashboard/sign-in');
    }
    expect((await listApiKeys(organization.id)).map((key) => [key.name, key.revokedAt])).toEqual([['test key', null]]);
  });
});
