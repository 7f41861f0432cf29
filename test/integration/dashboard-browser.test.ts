/**
 * The dashboard in a real browser: Debian's Chromium driven by playwright-core against the
 * local stack. Sign in (a wrong password first), create a key and read it off the page, call
 * the API with it, revoke it in the UI and see the API refuse it, a form post without the CSRF
 * token refused, and another organization's emails, domains and keys never shown; the overview it
 * lands on draws its charts (without JavaScript too); add a webhook endpoint through its form and
 * read its secret. Every page
 * visited is checked for labelled inputs and written as a screenshot to
 * test-artifacts/screenshots/ (not committed).
 *
 * Chromium reaches the local stack through a relay (test/support/loopback-relay.ts) from this
 * file's own loopback address: its sign-in posts and its /favicon.ico are counted per source IP,
 * and must not share 127.0.0.1's windows with other test files.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '#accounts/members.service.ts';
import { db, tableName } from '#dynamo/client.ts';
import { keys } from '#dynamo/keys.ts';
import { launchChromium } from '../support/browser.ts';
import { MEMBER_PASSWORD } from '../support/dashboard.ts';
import { createTestOrganization, verifiedDomainFor } from '../support/factories.ts';
import { apiUrl, call } from '../support/http.ts';
import { type LoopbackRelay, startLoopbackRelay } from '../support/loopback-relay.ts';

const SCREENSHOTS = join(process.cwd(), 'test-artifacts', 'screenshots');
const token = () => Math.random().toString(36).slice(2, 10);
/**
 * A test that signs in through Chromium: a member's scrypt hash, a browser context, the sign-in's
 * scrypt and a few pages, each of which takes seconds when the machine is busy (measured: a sign-in
 * post 8 s and the next page 10 s with both cores loaded), more than the default 30 s allows.
 */
const BROWSER_TEST_MS = 90_000;

let browser: Browser;
let relay: LoopbackRelay;
/** Chromium's base URL: the relay's. */
const baseURL = () => relay.url;

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  relay = await startLoopbackRelay(apiUrl());
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await relay?.close();
});

/** Runs in the page (the test compiles without the DOM library). */
const emailFieldHasFocus = () =>
  (globalThis as unknown as { document: { activeElement: { id: string } | null } }).document.activeElement?.id ===
  'email';

const visible = (locator: Locator) => locator.first().waitFor({ state: 'visible', timeout: 10_000 });

/** Every visible form control has a label (a <label for>, a wrapping label or an aria-label). */
async function expectLabelledControls(page: Page): Promise<void> {
  const unlabelled = await page.$$eval('input, select, textarea', (elements) =>
    elements
      .filter((element) => element.getAttribute('type') !== 'hidden')
      .filter((element) => {
        const labels = (element as unknown as { labels: { length: number } | null }).labels;
        return (labels?.length ?? 0) === 0 && !element.getAttribute('aria-label');
      })
      .map((element) => element.outerHTML),
  );
  expect(unlabelled, `unlabelled controls on ${page.url()}`).toEqual([]);
}

async function shoot(page: Page, name: string): Promise<void> {
  await expectLabelledControls(page);
  // A viewport as tall as the page rather than `fullPage`: headless Chromium leaves sandboxed
  // (out-of-process) frames blank in full-page captures.
  const height = await page
    .locator('body')
    .evaluate((body) => (body as unknown as { scrollHeight: number }).scrollHeight);
  await page.setViewportSize({ width: 1280, height: Math.min(Math.max(height, 720), 4000) });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
  await page.setViewportSize({ width: 1280, height: 720 });
}

/** An organization with a member, a verified domain, a sent email, a suppression, a template and a named key. */
async function populatedOrganization(label: string) {
  const fixture = await createTestOrganization();
  const email = `${label}-${token()}@example.com`;
  await createMember(fixture.organization.id, email, MEMBER_PASSWORD);
  const domain = await verifiedDomainFor(fixture.api);
  const subject = `${label} subject ${token()}`;
  const sent = await fixture.api.post('/api/v1/emails/send', {
    from: { email: `hello@${domain}` },
    to: [{ email: `reader-${label}@example.com` }],
    subject,
    html: `<h1>Hello from ${label}</h1>`,
    text: `Hello from ${label}`,
  });
  expect(sent.status, sent.text).toBe(201);
  const suppressed = `blocked-${label}-${token()}@example.com`;
  expect((await fixture.api.post('/api/v1/suppressions', { email: suppressed, reason: 'manual' })).status).toBe(201);
  const templateName = `${label} template ${token()}`;
  const template = await fixture.api.post('/api/v1/templates', {
    name: templateName,
    subject: 'Hi {{name}}',
    html: '<p>Hello <b>{{name}}</b></p>',
    text: 'Hello {{name}}',
  });
  expect(template.status, template.text).toBe(201);
  const keyName = `${label} key ${token()}`;
  const { createApiKey } = await import('#accounts/accounts.service.ts');
  await createApiKey({ organizationId: fixture.organization.id, name: keyName, environment: 'live' });
  return {
    ...fixture,
    email,
    domain,
    subject,
    suppressed,
    templateName,
    templateId: template.body.data.id as string,
    emailId: sent.body.data.message_id as string,
    keyName,
  };
}

describe('the dashboard in Chromium', { timeout: BROWSER_TEST_MS }, () => {
  it('signs in, creates, uses and revokes a key, refuses forged forms and shows only its own organization', async () => {
    const [own, other] = await Promise.all([populatedOrganization('own'), populatedOrganization('other')]);
    const context = await browser.newContext({ baseURL: baseURL() });
    const page = await context.newPage();

    // Signed out: any page leads to sign-in.
    await page.goto('/dashboard/emails');
    expect(new URL(page.url()).pathname).toBe('/dashboard/sign-in');
    await shoot(page, '01-sign-in');

    // A wrong password is refused.
    await page.getByLabel('Email').fill(own.email);
    await page.getByLabel('Password').fill('not the password at all');
    const refused = page.waitForResponse((response) => response.url().endsWith('/dashboard/sign-in'));
    await page.getByRole('button', { name: 'Sign in' }).click();
    expect((await refused).status()).toBe(401);
    expect(await page.getByRole('alert').textContent()).toContain('not right');
    await shoot(page, '02-sign-in-refused');

    // The right one signs in, with an HttpOnly, SameSite=Lax session cookie.
    await page.getByLabel('Password').fill(MEMBER_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/dashboard/emails**');
    const session = (await context.cookies()).find((cookie) => cookie.name === 'postbox_session');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/dashboard' });

    // The overview: two charts, images named by their title, each with its data table.
    await page.goto('/dashboard/overview?environment=test&period=24h');
    await visible(page.getByRole('img', { name: /Emails sent per hour/ }));
    await visible(page.getByRole('img', { name: /Delivered, bounced, complained and opened per hour/ }));
    expect(await page.locator('svg.chart title').count()).toBe(2);
    await page.locator('#sends-chart-data summary').click();
    await visible(page.locator('#sends-chart-data table'));
    expect(await page.locator('#sends-chart-data tbody tr').count()).toBe(24);
    expect(await page.locator('#outcomes-chart-data tbody tr').count()).toBe(24);
    await shoot(page, '03-overview');

    // Emails: ours, never theirs.
    await page.goto('/dashboard/emails?environment=test');
    await visible(page.getByText(own.subject));
    expect(await page.content()).not.toContain(other.subject);
    await shoot(page, '03-emails');
    await page.getByText(own.subject).click();
    await page.waitForURL(`**/dashboard/emails/${own.emailId}`);
    expect(await page.locator('iframe[sandbox]').count()).toBe(1);
    // The body renders inside the sandboxed frame.
    await page.frameLocator('iframe.body').getByRole('heading', { name: 'Hello from own' }).waitFor();
    await shoot(page, '04-email-detail');
    await page.goto(`/dashboard/emails/${other.emailId}`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Not found');

    // Domains, suppressions, templates: ours, never theirs.
    await page.goto('/dashboard/domains');
    await visible(page.getByText(own.domain).first());
    expect(await page.content()).not.toContain(other.domain);
    await shoot(page, '05-domains');
    await page.goto('/dashboard/suppressions');
    await visible(page.getByText(own.suppressed));
    expect(await page.content()).not.toContain(other.suppressed);
    await shoot(page, '06-suppressions');
    await page.goto('/dashboard/templates');
    await visible(page.getByText(own.templateName));
    expect(await page.content()).not.toContain(other.templateName);
    await shoot(page, '07-templates');
    await page.goto(`/dashboard/templates/${own.templateId}`);
    expect(await page.locator('iframe[sandbox]').count()).toBe(1);
    await page.frameLocator('iframe.body').getByText('Hello').waitFor();
    await shoot(page, '08-template-detail');
    await page.goto('/dashboard/settings/auto-validation');
    await shoot(page, '09-auto-validation');

    // Settings → API Keys: ours, never theirs; create one and read it off the page.
    await page.goto('/dashboard/settings/api-keys');
    await visible(page.getByText(own.keyName));
    expect(await page.content()).not.toContain(other.keyName);
    await shoot(page, '10-api-keys');
    const keyName = `browser key ${token()}`;
    await page.getByLabel('Name').fill(keyName);
    await page.getByLabel('Test', { exact: true }).check();
    await page.getByRole('button', { name: /create/i }).click();
    const secret = await page.locator('#new-api-key').inputValue();
    // With JavaScript, the copy button shows, copies the key and says so in the status region.
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: /copy/i }).click();
    await page.locator('#copy-status', { hasText: 'Copied' }).waitFor({ state: 'attached' });
    const copied = await page.evaluate(() =>
      (
        globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
      ).navigator.clipboard.readText(),
    );
    expect(copied).toBe(secret);
    expect(secret).toMatch(/^pb_test_[A-Za-z0-9]+$/);
    await visible(page.getByText(/will not be shown again/i));
    await shoot(page, '11-api-key-created');

    // The key works on the API…
    const before = await call('GET', '/api/v1/settings/auto-validation', { key: secret });
    expect(before.status, before.text).toBe(200);

    // …until it is revoked in the UI, after a confirmation step.
    await page.goto('/dashboard/settings/api-keys');
    const row = page.getByRole('row').filter({ hasText: keyName });
    await row.getByRole('link', { name: /revoke/i }).click();
    await page.waitForURL('**/revoke');
    await shoot(page, '12-revoke-confirm');
    await page.getByRole('button', { name: /revoke key/i }).click();
    await page.waitForURL('**/dashboard/settings/api-keys?notice=revoked');
    expect(await page.getByRole('row').filter({ hasText: keyName }).textContent()).toMatch(/revoked/i);
    const after = await call('GET', '/api/v1/settings/auto-validation', { key: secret });
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe('AUTH_INVALID');

    // A form post with the session cookie but without the CSRF token changes nothing.
    const forgedName = `forged ${token()}`;
    const forged = await page.request.post('/dashboard/settings/api-keys', {
      form: { name: forgedName, environment: 'live' },
      maxRedirects: 0,
    });
    expect(forged.status()).toBe(403);
    await page.goto('/dashboard/settings/api-keys');
    expect(await page.content()).not.toContain(forgedName);

    // Signing out ends the session: the old cookie no longer opens a page.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/dashboard/sign-in**');
    await page.goto('/dashboard/emails');
    expect(new URL(page.url()).pathname).toBe('/dashboard/sign-in');
    await context.close();
  }, 120_000);

  it('adds a webhook endpoint through the Settings → Webhooks form and shows its signing secret once', async () => {
    const { organization } = await createTestOrganization();
    const email = `webhooks-${token()}@example.com`;
    await createMember(organization.id, email, MEMBER_PASSWORD);
    const context = await browser.newContext({ baseURL: baseURL() });
    const page = await context.newPage();
    await page.goto('/dashboard/sign-in');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(MEMBER_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/dashboard/overview**');

    await page.goto('/dashboard/settings/api-keys');
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Webhooks' }).click();
    await page.waitForURL('**/dashboard/settings/webhooks');
    await shoot(page, '13-webhooks');
    const url = `https://hooks-${token()}.example.com/postbox`;
    await page.getByLabel('Endpoint URL').fill(url);
    await page.getByLabel('email.delivered').check();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    expect(await page.locator('#webhook-secret').inputValue()).toMatch(/^whsec_/);
    await visible(page.getByText(/will not be shown again/i));
    await visible(page.getByRole('link', { name: url }));
    await shoot(page, '14-webhook-created');

    // The endpoint's own page: its edit form, actions and (empty) delivery log.
    await page.getByRole('link', { name: url }).click();
    await visible(page.getByRole('heading', { name: 'Webhook endpoint' }));
    expect(await page.getByLabel('email.delivered').isChecked()).toBe(true);
    await shoot(page, '15-webhook-endpoint');
    await context.close();
  });

  it('is usable with the keyboard: sign in without a mouse, the skip link comes first, focus is visible', async () => {
    const { organization } = await createTestOrganization();
    const email = `keyboard-${token()}@example.com`;
    await createMember(organization.id, email, MEMBER_PASSWORD);
    const context = await browser.newContext({ baseURL: baseURL() });
    const page = await context.newPage();
    await page.goto('/dashboard/sign-in');
    // The email field has focus on arrival (autofocus: applied at the page's first rendering, which
    // may come after the load event `goto` waits for); Tab moves to the password; Enter submits.
    await page.waitForFunction(emailFieldHasFocus);
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(MEMBER_PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/dashboard/overview**');

    await page.goto('/dashboard/settings/api-keys');
    await page.keyboard.press('Tab');
    const focused = page.locator(':focus');
    expect(await focused.textContent()).toBe('Skip to content');
    // Runs in the page, where getComputedStyle exists (the test compiles without the DOM library).
    const outlineOf = (locator: Locator) =>
      locator.evaluate((element) =>
        (
          globalThis as unknown as { getComputedStyle: (e: unknown) => { outlineStyle: string; outlineWidth: string } }
        ).getComputedStyle(element),
      );
    const skipOutline = await outlineOf(focused);
    expect(skipOutline.outlineStyle).toBe('solid');
    // Tabbing on reaches the navigation and then the form, each with a visible outline.
    await page.keyboard.press('Tab');
    expect(await page.locator(':focus').textContent()).toBe('Postbox');
    const nameField = page.getByLabel('Name');
    await nameField.focus();
    expect((await outlineOf(nameField)).outlineStyle).toBe('solid');
    await context.close();
  });

  it('works without JavaScript: forms post, and copy buttons (which need it) stay hidden', async () => {
    const { organization } = await createTestOrganization();
    const email = `no-js-${token()}@example.com`;
    await createMember(organization.id, email, MEMBER_PASSWORD);
    const context = await browser.newContext({ baseURL: baseURL(), javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/dashboard/sign-in');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(MEMBER_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/dashboard/overview**');
    // The overview's charts are server-rendered: there without any script.
    expect(await page.locator('svg.chart[role="img"]').count()).toBe(2);
    await page.goto('/dashboard/settings/api-keys');
    await page.getByLabel('Name').fill('no-js key');
    await page.getByRole('button', { name: /create/i }).click();
    expect(await page.locator('#new-api-key').inputValue()).toMatch(/^pb_test_/);
    expect(await page.locator('button[data-copy]').count()).toBeGreaterThan(0);
    expect(await page.getByRole('button', { name: /copy/i }).count()).toBe(0);
    expect(await page.locator('button[data-copy]').first().isVisible()).toBe(false);
    await context.close();
  });

  it('signs in and gets its answers while other files fill 127.0.0.1’s per-IP windows', async () => {
    const { organization, key, revoke } = await createTestOrganization();
    const email = `busy-neighbour-${token()}@example.com`;
    await createMember(organization.id, email, MEMBER_PASSWORD);
    await revoke();
    // Another file's traffic from 127.0.0.1 (sign-in posts, unauthenticated API calls) at the limit
    // for the next minute: its one-second windows, written ahead.
    const now = Math.floor(Date.now() / 1000);
    const windows = (['signin', 'ip'] as const).flatMap((scope) =>
      Array.from({ length: 60 }, (_, second) => keys.rateLimitWindow(scope, '127.0.0.1', now + second)),
    );
    await Promise.all(
      windows.map((window) =>
        db.send(
          new PutCommand({ TableName: tableName, Item: { ...window, request_count: 1000, expires_at: now + 120 } }),
        ),
      ),
    );
    try {
      const fromLocalhost = await call('POST', '/dashboard/sign-in', {
        raw: 'email=x',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        sourceIp: '127.0.0.1',
      });
      expect(fromLocalhost.status).toBe(429);

      const context = await browser.newContext({ baseURL: baseURL() });
      const page = await context.newPage();
      await page.goto('/dashboard/sign-in');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(MEMBER_PASSWORD);
      const signIn = page.waitForResponse((response) => response.url().endsWith('/dashboard/sign-in'));
      await page.getByRole('button', { name: 'Sign in' }).click();
      expect((await signIn).status()).toBe(303);
      await page.waitForURL('**/dashboard/overview**');
      // Unknown paths (Chromium asks for /favicon.ico by itself) are counted per IP too.
      expect((await page.goto('/favicon.ico'))?.status()).toBe(404);
      await context.close();
      // This file's own unauthenticated calls: the API's 401, not the neighbour's 429.
      expect((await call('GET', '/api/v1/settings/auto-validation', { key })).status).toBe(401);
    } finally {
      await Promise.all(windows.map((window) => db.send(new DeleteCommand({ TableName: tableName, Key: window }))));
    }
  });
});
