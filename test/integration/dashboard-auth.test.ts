/**
 * Dashboard sign-in, sessions and the page stack through HTTP on the local stack: redirects to
 * sign-in, login CSRF, wrong passwords and the backoff, cookie attributes, safe `next`, sign-out
 * and password resets ending sessions, CSRF on signed-in forms, form content types, headers.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { createMember, resetMemberPassword } from '#accounts/members.service.ts';
import { getOrCreateServerSecret } from '#accounts/server-secret.store.ts';
import { SIGN_IN_SECRET_NAME, SIGN_IN_TOKEN_SECONDS, signSignInToken } from '#accounts/sign-in-token.service.ts';
import { toApiGatewayEvent } from '../../infra/local/gateway/event.ts';
import { createLambdaContext } from '../../infra/local/gateway/invoke.ts';
import { csrfTokenIn, DashboardBrowser, dashboardMember, MEMBER_PASSWORD } from '../support/dashboard.ts';
import { createTestOrganization } from '../support/factories.ts';
import { call } from '../support/http.ts';

async function member() {
  const { organization } = await createTestOrganization();
  const email = `auth-${randomBytes(6).toString('hex')}@example.com`;
  await createMember(organization.id, email, MEMBER_PASSWORD);
  return { organization, email };
}

describe('dashboard sign-in', () => {
  it('sends a signed-out visitor to sign-in, remembering where they were going', async () => {
    const browser = new DashboardBrowser();
    const response = await browser.get('/dashboard/suppressions?page=2');
    expect(response.status).toBe(303);
    expect(response.location).toBe(`/dashboard/sign-in?next=${encodeURIComponent('/dashboard/suppressions?page=2')}`);
    const home = await browser.get('/dashboard');
    expect(home.location).toBe('/dashboard/sign-in?next=%2Fdashboard');
  });

  it('signs in with the right password: an HttpOnly, SameSite=Lax session cookie and a redirect to next', async () => {
    const { email } = await member();
    const browser = new DashboardBrowser();
    const form = await browser.get('/dashboard/sign-in?next=%2Fdashboard%2Ftemplates');
    expect(form.status).toBe(200);
    expect(form.text).toContain('<label for="password">');
    const response = await browser.post('/dashboard/sign-in', {
      email: email.toUpperCase(),
      password: MEMBER_PASSWORD,
      next: '/dashboard/templates',
    });
    expect(response.status).toBe(303);
    expect(response.location).toBe('/dashboard/templates');
    const cookie = response.headers.getSetCookie().find((value) => value.startsWith('postbox_session='));
    expect(cookie).toMatch(
      /^postbox_session=[A-Za-z0-9_-]{43}; Path=\/dashboard; HttpOnly; SameSite=Lax; Max-Age=43200$/,
    );
    expect((await browser.get('/dashboard/templates')).status).toBe(200);
  });

  it('marks cookies Secure when the dashboard is not on a loopback host', async () => {
    const response = await call('GET', '/dashboard/sign-in', { headers: { host: 'postbox.example.com' } });
    expect(response.status).toBe(200);
    const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) expect(cookie).toMatch(/; Secure$/);
  });

  it('refuses a wrong password (401, no session) and never redirects off the dashboard', async () => {
    const { email } = await member();
    const browser = new DashboardBrowser();
    await browser.get('/dashboard/sign-in');
    const wrong = await browser.post('/dashboard/sign-in', { email, password: 'not the right password' });
    expect(wrong.status).toBe(401);
    expect(wrong.text).toContain('The email or password is not right.');
    expect(browser.cookie('postbox_session')).toBeUndefined();
    for (const next of ['//evil.example/x', 'https://evil.example/', '/dashboard/../api', '/elsewhere']) {
      const response = await browser.post('/dashboard/sign-in', { email, password: MEMBER_PASSWORD, next });
      expect(response.location, next).toBe('/dashboard/overview');
      await browser.get('/dashboard/sign-in');
    }
  });

  it('locks an email after 5 failures in a row (429 with Retry-After), even for the right password', async () => {
    const { email } = await member();
    const browser = new DashboardBrowser();
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      await browser.get('/dashboard/sign-in');
      expect((await browser.post('/dashboard/sign-in', { email, password: `wrong ${attempt} password` })).status).toBe(
        401,
      );
    }
    await browser.get('/dashboard/sign-in');
    const fifth = await browser.post('/dashboard/sign-in', { email, password: 'wrong 5 password' });
    expect(fifth.status).toBe(429);
    expect(Number(fifth.headers.get('retry-after'))).toBeGreaterThan(0);
    await browser.get('/dashboard/sign-in');
    const right = await browser.post('/dashboard/sign-in', { email, password: MEMBER_PASSWORD });
    expect(right.status).toBe(429);
    expect(right.text).toContain('Too many failed attempts');
  });

  it('refuses a sign-in post without the form token of its own cookie (login CSRF)', async () => {
    const { email } = await member();
    const browser = new DashboardBrowser();
    const response = await browser.post('/dashboard/sign-in', { email, password: MEMBER_PASSWORD, csrf_token: 'x' });
    expect(response.status).toBe(403);
    expect(browser.cookie('postbox_session')).toBeUndefined();
  });

  it('refuses a form token the dashboard did not issue, even planted in both cookie and field (403, no session)', async () => {
    const { email } = await member();
    const { sourceIp } = new DashboardBrowser();
    // A sign-in post whose cookie and field both hold `token`, as a page an attacker controls could make.
    const postWith = (token: string) =>
      call('POST', '/dashboard/sign-in', {
        headers: { cookie: `postbox_sign_in_csrf=${token}`, 'content-type': 'application/x-www-form-urlencoded' },
        raw: new URLSearchParams({ email, password: MEMBER_PASSWORD, csrf_token: token }).toString(),
        sourceIp,
      });
    const sessionCookie = (response: Awaited<ReturnType<typeof postWith>>) =>
      ([] as string[]).concat(response.headers['set-cookie'] ?? []).find((c) => c.startsWith('postbox_session='));
    const secret = await getOrCreateServerSecret(SIGN_IN_SECRET_NAME, randomBytes(32));
    const nonce = randomBytes(16).toString('base64url');
    const future = Math.floor(Date.now() / 1000) + 600;
    const forged = {
      random: randomBytes(32).toString('base64url'),
      'bad MAC': `v1.${future}.${nonce}.${'A'.repeat(43)}`,
      'MAC under another secret': signSignInToken(randomBytes(32)),
      expired: signSignInToken(secret, Date.now() - (SIGN_IN_TOKEN_SECONDS + 1) * 1000),
    };
    for (const [name, token] of Object.entries(forged)) {
      const response = await postWith(token);
      expect(response.status, name).toBe(403);
      expect(response.text, name).toContain('This form has expired');
      expect(sessionCookie(response), name).toBeUndefined();
    }
    // The same post with a token the form was served with signs in.
    const form = await call('GET', '/dashboard/sign-in', { sourceIp });
    const issued = csrfTokenIn(form.text);
    expect(issued).toMatch(/^v1\.\d+\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/);
    const signedIn = await postWith(issued);
    expect(signedIn.status).toBe(303);
    expect(sessionCookie(signedIn)).toBeDefined();
  });

  it('keeps one signing secret when two cold starts create it at once', async () => {
    const name = `race-${randomBytes(6).toString('hex')}`;
    const [a, b] = await Promise.all([
      getOrCreateServerSecret(name, randomBytes(32)),
      getOrCreateServerSecret(name, randomBytes(32)),
    ]);
    expect(a.equals(b)).toBe(true);
    expect((await getOrCreateServerSecret(name, randomBytes(32))).equals(a)).toBe(true);
  });
});

describe('dashboard sessions', () => {
  it('sign-out ends the session: the old cookie no longer opens a page', async () => {
    const { browser } = await dashboardMember();
    const token = browser.cookie('postbox_session') as string;
    const out = await browser.post('/dashboard/sign-out');
    expect(out.status).toBe(303);
    expect(out.location).toBe('/dashboard/sign-in?signed_out=1');
    expect(browser.cookie('postbox_session')).toBeUndefined();
    const replay = await call('GET', '/dashboard/emails', { headers: { cookie: `postbox_session=${token}` } });
    expect(replay.status).toBe(303);
  });

  it('a password reset signs the member out everywhere', async () => {
    const { browser, email } = await dashboardMember();
    expect((await browser.get('/dashboard/settings/api-keys')).status).toBe(200);
    await resetMemberPassword(email, 'a completely new password');
    const after = await browser.get('/dashboard/settings/api-keys');
    expect(after.status).toBe(303);
    expect(after.location).toContain('/dashboard/sign-in');
  });

  it('refuses a signed-in form post without its CSRF token (403) and changes nothing', async () => {
    const { browser } = await dashboardMember();
    const forged = await browser.post('/dashboard/sign-out', {}, { csrf: false });
    expect(forged.status).toBe(403);
    expect(forged.text).toContain('This form has expired');
    const wrong = await browser.post('/dashboard/sign-out', { csrf_token: 'A'.repeat(43) });
    expect(wrong.status).toBe(403);
    expect((await browser.get('/dashboard/settings/api-keys')).status).toBe(200);
  });

  it('accepts forms only as application/x-www-form-urlencoded, and not larger than 32 KB', async () => {
    const { browser } = await dashboardMember();
    const json = await browser.request('POST', '/dashboard/sign-out', '{}', 'application/json');
    expect(json.status).toBe(415);
    const large = await browser.post('/dashboard/suppressions', { email: 'x'.repeat(40_000) });
    expect(large.status).toBe(413);
  });

  it('sends security headers with every page and caches only the hashed assets', async () => {
    const { browser } = await dashboardMember();
    const page = await browser.get('/dashboard/settings/api-keys');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('cache-control')).toBe('no-store');
    const stylesheet = /href="(\/dashboard\/assets\/dashboard\.css\?v=[0-9a-f]{12})"/.exec(page.text)?.[1];
    expect(stylesheet).toBeDefined();
    const css = await browser.get(stylesheet as string);
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(css.headers.get('cache-control')).toContain('immutable');
    expect(css.text).toContain(':focus-visible');
    expect((await browser.get('/dashboard/assets/constructor')).status).toBe(404);
  });
});

describe('dashboard edges', () => {
  it('answers unknown dashboard paths and wrong methods with its own HTML error page', async () => {
    const browser = new DashboardBrowser();
    for (const path of ['/dashboard/', '/dashboard/emails/', '/dashboard/nowhere']) {
      const response = await browser.get(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
      expect(response.text).toContain('<h1>Not found</h1>');
    }
    const wrongMethod = await browser.get('/dashboard/sign-out');
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('POST');
    const api = await call('GET', '/api/v1/nowhere');
    expect(api.body.error.code).toBe('NOT_FOUND');
  });

  it('signs in whatever `next` the form carries back (non-ASCII, control characters, very long)', async () => {
    const { email } = await member();
    for (const next of ['/dashboard?\u0100', '/dashboard?\u0001', `/dashboard/templates?data=${'x'.repeat(2100)}`]) {
      const browser = new DashboardBrowser();
      const form = await browser.get(`/dashboard/sign-in?next=${encodeURIComponent(next)}`);
      expect(form.status).toBe(200);
      const response = await browser.post('/dashboard/sign-in', { email, password: MEMBER_PASSWORD, next });
      expect(response.status, next.slice(0, 20)).toBe(303);
      expect(response.location).toBe('/dashboard/overview');
    }
  });

  it('sends a signed-out visitor of a very long address back to at least its page', async () => {
    const response = await new DashboardBrowser().get(`/dashboard/templates?data=${'x'.repeat(2100)}`);
    expect(response.status).toBe(303);
    expect(response.location).toBe(`/dashboard/sign-in?next=${encodeURIComponent('/dashboard/templates')}`);
  });

  it('counts unknown dashboard paths per source IP, like the API counts its unknown paths', async () => {
    const browser = new DashboardBrowser();
    const statuses = (await Promise.all(Array.from({ length: 25 }, () => browser.get('/dashboard/nowhere')))).map(
      (response) => response.status,
    );
    expect(statuses).toContain(429);
    expect(statuses.every((status) => status === 404 || status === 429)).toBe(true);
  });

  it('gives early answers (the sign-in redirect, a CSRF refusal) a request id like every page', async () => {
    const signedOut = await new DashboardBrowser().get('/dashboard/emails');
    expect(signedOut.status).toBe(303);
    expect(signedOut.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const { browser } = await dashboardMember();
    const forged = await browser.post('/dashboard/sign-out', {}, { csrf: false });
    expect(forged.status).toBe(403);
    expect(forged.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('rate-limits page views per member (429 page with Retry-After), not other members', async () => {
    // The shared local cloud runs with a very high page limit (tests click faster than people), so
    // this test loads the page's real handler afresh with a limit of 5 a second and invokes it with
    // the event API Gateway would send: the same stack and DynamoDB, without the gateway's hop.
    const [busy, calm] = await Promise.all([dashboardMember(), dashboardMember()]);
    vi.resetModules();
    process.env.DASHBOARD_RATE_LIMIT_PER_SECOND = '5';
    const { handler } = await import('../../functions/dashboard/settings/auto-validation.ts');
    delete process.env.DASHBOARD_RATE_LIMIT_PER_SECOND;
    const view = (browser: DashboardBrowser) =>
      handler(
        toApiGatewayEvent(
          {
            method: 'GET',
            url: '/dashboard/settings/auto-validation',
            headers: [
              ['host', '127.0.0.1'],
              ['cookie', `postbox_session=${browser.cookie('postbox_session')}`],
            ],
            body: Buffer.alloc(0),
          },
          { routeKey: 'GET /dashboard/settings/auto-validation' },
        ),
        createLambdaContext('rate-limit-test', Date.now() + 10_000),
      );
    // 12 views: however they fall across a second boundary, one window holds more than 5.
    const responses = await Promise.all(Array.from({ length: 12 }, () => view(busy.browser)));
    const limited = responses.filter((response) => response.statusCode === 429);
    expect(limited.length).toBeGreaterThan(0);
    expect(limited[0]?.headers?.['Retry-After']).toBe('1');
    expect(limited[0]?.body).toContain('Too many requests at once');
    expect((await view(calm.browser)).statusCode).toBe(200);
  });

  it('rate-limits sign-in posts per source IP', async () => {
    const browser = new DashboardBrowser();
    await browser.get('/dashboard/sign-in');
    const responses = await Promise.all(
      Array.from({ length: 25 }, (_, index) =>
        browser.post('/dashboard/sign-in', {
          email: `nobody-${index}-${randomBytes(3).toString('hex')}@example.com`,
          password: 'whatever it is',
        }),
      ),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses).toContain(429);
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
    // Another address is not affected.
    const other = new DashboardBrowser();
    await other.get('/dashboard/sign-in');
    expect(
      (await other.post('/dashboard/sign-in', { email: 'nobody@example.com', password: 'whatever it is' })).status,
    ).toBe(401);
  });
});
