/**
 * The API reference at /docs through HTTP and in Chromium: the page, its script (Scalar's, from the
 * package, gzip when accepted), the rendered reference built from this stack's OpenAPI document,
 * nothing loaded from any other host, and a request from the page to the API with a key.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser.ts';
import { createTestOrganization } from '../support/factories.ts';
import { apiUrl, call, expectError } from '../support/http.ts';
import { type LoopbackRelay, startLoopbackRelay } from '../support/loopback-relay.ts';

const SCREENSHOTS = join(process.cwd(), 'test-artifacts', 'screenshots');
const PACKAGE_SCRIPT = readFileSync('node_modules/@scalar/api-reference/dist/browser/standalone.js');

async function scriptPath(): Promise<string> {
  const page = await call('GET', '/docs');
  const src = /<script src="([^"]+)"><\/script>/.exec(page.text)?.[1];
  if (!src) throw new Error(`no script in ${page.text}`);
  return src;
}

describe('the reference over HTTP', () => {
  it('serves the page without a key, with a CSP that allows only its own origin', async () => {
    const page = await call('GET', '/docs');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['content-security-policy']).toContain("script-src 'self';");
    expect(page.text).toContain('data-configuration=');
    expect(page.text).toContain('/api/v1/openapi.json');
    expect(page.text).not.toMatch(/https?:\/\//);
    expect(await scriptPath()).toMatch(/^\/docs\/assets\/scalar-[0-9a-f]{16}\.js$/);
  });

  it('serves the package’s script gzip-encoded when accepted, plain otherwise, cacheable for a year', async () => {
    const src = await scriptPath();
    const gzipped = await call('GET', src, { headers: { 'accept-encoding': 'gzip, deflate' } });
    expect(gzipped.status).toBe(200);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(gzipped.raw).equals(PACKAGE_SCRIPT)).toBe(true);
    expect(gzipped.raw.length).toBeLessThan(PACKAGE_SCRIPT.length / 2);

    const plain = await call('GET', src, { headers: { 'accept-encoding': 'gzip;q=0, identity' } });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.raw.equals(PACKAGE_SCRIPT)).toBe(true);
  });

  it('answers another file 404 and another method 405, in the envelope', async () => {
    expectError(await call('GET', '/docs/assets/scalar-0000000000000000.js'), 404, 'NOT_FOUND');
    const post = await call('POST', '/docs');
    expectError(post, 405, 'METHOD_NOT_ALLOWED');
    expect(post.headers.allow).toBe('GET');
  });
});

describe('the reference in Chromium', () => {
  let browser: Browser;
  let relay: LoopbackRelay;

  beforeAll(async () => {
    relay = await startLoopbackRelay(apiUrl());
    browser = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await relay?.close();
  });

  it('renders this stack’s operations offline, and a request from the page reaches the API with a key', async () => {
    const { key } = await createTestOrganization();
    const context = await browser.newContext({ baseURL: relay.url });
    const page = await context.newPage();
    const requested: string[] = [];
    const problems: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));

    await page.goto('/docs');
    await page.getByText('Send an email').first().waitFor({ timeout: 30_000 });
    await page.getByText('Cancel a scheduled email').first().waitFor();
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOTS, 'reference.png') });
    expect(requested.some((url) => url.endsWith('/api/v1/openapi.json'))).toBe(true);
    const hosts = new Set(requested.map((url) => new URL(url).hostname));
    expect([...hosts].filter((host) => host !== '127.0.0.1' && host !== 'localhost')).toEqual([]);
    expect(problems.filter((text) => /Content Security Policy/i.test(text))).toEqual([]);

    // "Try it": the key in the reference's authentication, then the first operation's test request
    // (Send an email, with the document's example body) sent from the page. The example's sender
    // domain is not this organization's, so the API answers 400 DOMAIN_NOT_VERIFIED: past
    // authentication (a 401 otherwise) and past validation (the example is a valid request).
    await page.getByPlaceholder('Token').first().fill(key);
    await page
      .getByRole('button', { name: /Test Request/i })
      .first()
      .click();
    await page.getByText('Request Body').first().waitFor();
    const [sent] = await Promise.all([
      page.waitForResponse((response) => new URL(response.url()).pathname === '/api/v1/emails/send', {
        timeout: 15_000,
      }),
      page
        .getByRole('button', { name: /^Send Request/ })
        .first()
        .click(),
    ]);
    expect(sent.request().headers().authorization).toBe(`Bearer ${key}`);
    expect(sent.status()).toBe(400);
    expect(((await sent.json()) as { error: { code: string } }).error.code).toBe('DOMAIN_NOT_VERIFIED');
    // The client shows the answer once the spinner's Cancel is gone.
    await page.getByText('Cancel', { exact: true }).first().waitFor({ state: 'hidden' });
    await page.screenshot({ path: join(SCREENSHOTS, 'reference-try-it.png') });

    // The page's origin is the API's: "try it" sends same-origin requests, which the CSP allows.
    const answer = await page.evaluate(async (apiKey) => {
      const response = await fetch('/api/v1/settings/auto-validation', {
        headers: { Authorization: `Bearer ${apiKey}` },
      });
      return { status: response.status, body: await response.json() };
    }, key);
    expect(answer).toEqual({ status: 200, body: { data: { auto_validation_threshold: 'off' } } });
    await context.close();
  }, 90_000);
});
