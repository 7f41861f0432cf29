/** The dashboard's page building blocks: escaping, cookies, redirects after sign-in, layout, pager. */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { assets, assetUrl } from '#dashboard/assets.ts';
import { pager } from '#dashboard/components.ts';
import { isLoopbackRequest, readCookies, serializeCookie } from '#dashboard/cookies.ts';
import { escapeHtml, html, SafeHtml } from '#dashboard/html.ts';
import { layout } from '#dashboard/layout.ts';
import { safeNextPath } from '#dashboard/next-path.ts';
import { toLambdaResult } from '#dashboard/page-result.ts';

const event = (headers: Record<string, string>, cookies?: string[]) =>
  ({
    headers,
    ...(cookies ? { cookies } : {}),
    requestContext: { domainName: 'x' },
  }) as unknown as APIGatewayProxyEventV2;

describe('html', () => {
  it('escapes every interpolated value that is not SafeHtml', () => {
    const name = `<script>alert("x")</script> & 'quotes'`;
    expect(html`<p title="${name}">${name}</p>`.value).toBe(
      '<p title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39;">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39;</p>',
    );
    expect(escapeHtml('a&b')).toBe('a&amp;b');
  });

  it('keeps nested templates as markup, joins arrays and drops undefined, null and false', () => {
    const items = ['<a>', 'b'].map((item) => html`<li>${item}</li>`);
    expect(html`<ul>${items}</ul>${undefined}${null}${false}${0}`.value).toBe('<ul><li>&lt;a&gt;</li><li>b</li></ul>0');
    expect(html`${[new SafeHtml('<b>'), '<i>']}`.value).toBe('<b>&lt;i&gt;');
  });
});

describe('cookies', () => {
  it('reads API Gateway cookies, the first of a repeated name winning', () => {
    const cookies = readCookies(event({}, ['a=1', 'b = 2', 'a=3', 'broken', '=x']));
    expect([...cookies]).toEqual([
      ['a', '1'],
      ['b', '2'],
    ]);
  });

  it('is Secure everywhere but on loopback hosts', () => {
    for (const host of ['localhost', 'localhost:3000', '127.0.0.1:3000', '[::1]:3000', 'app.localhost']) {
      expect(isLoopbackRequest(event({ host })), host).toBe(true);
    }
    for (const host of ['postbox.example.com', 'localhost.example.com', 'abc.execute-api.us-east-1.amazonaws.com']) {
      expect(isLoopbackRequest(event({ host })), host).toBe(false);
    }
    expect(serializeCookie('s', 'v', { secure: true, maxAgeSeconds: 60 })).toBe(
      's=v; Path=/dashboard; HttpOnly; SameSite=Lax; Max-Age=60; Secure',
    );
  });
});

describe('safeNextPath', () => {
  it('keeps dashboard paths and sends anything else to the emails list', () => {
    expect(safeNextPath('/dashboard/templates?page=2')).toBe('/dashboard/templates?page=2');
    expect(safeNextPath('/dashboard')).toBe('/dashboard');
    for (const next of [
      undefined,
      '',
      '//evil.example',
      'https://evil.example/dashboard',
      '/dashboard//evil.example',
      '/dashboard/../api/v1/emails',
      '/dashboard/%2e%2e/api',
      '/dashboard/.%2e/api/v1/nope',
      '/dashboard/%2E./x',
      '/dashboardx',
      '/dashboard/x\\y',
      '/dashboard/a b',
      '/dashboard?\u0100',
      '/dashboard?\u0001',
      `/dashboard/emails?data=${'x'.repeat(1000)}`,
    ]) {
      expect(safeNextPath(next), String(next)).toBe('/dashboard/overview');
    }
  });
});

describe('layout and components', () => {
  it('carries the CSRF token in the sign-out form, marks the current section and links hashed assets', () => {
    const page = layout({
      title: 'Keys <1>',
      member: { organizationId: 'org_1', memberEmail: 'a@example.com', csrfToken: 'tok"en' },
      section: 'api-keys',
      body: html`<p>body</p>`,
    }).value;
    expect(page).toContain('<title>Keys &lt;1&gt; · Postbox</title>');
    expect(page).toContain('<input type="hidden" name="csrf_token" value="tok&quot;en">');
    expect(page).toContain('<a href="/dashboard/settings/api-keys" aria-current="page">');
    expect(page).toContain(assetUrl('dashboard.css'));
    expect(assetUrl('dashboard.css')).toMatch(/\?v=[0-9a-f]{12}$/);
    expect(Object.keys(assets)).toEqual(['dashboard.css', 'dashboard.js']);
  });

  it('builds pager links that keep the filters and drop empty ones', () => {
    const links = pager('/dashboard/emails', { status: 'sent', to_date: '', environment: 'test', page: 2 }, 2, 3).value;
    expect(links).toContain('href="/dashboard/emails?status=sent&amp;environment=test&amp;page=1"');
    expect(links).toContain('href="/dashboard/emails?status=sent&amp;environment=test&amp;page=3"');
    expect(pager('/x', {}, 1, 1).value).toBe('');
  });

  it('turns a redirect into a 303 and a page into HTML with the security headers', () => {
    const redirect = toLambdaResult({ redirect: '/dashboard/emails', cookies: ['a=b'] });
    expect(redirect).toMatchObject({ statusCode: 303, cookies: ['a=b'], headers: { Location: '/dashboard/emails' } });
    const page = toLambdaResult({ status: 201, body: html`<p>x</p>` });
    expect(page.statusCode).toBe(201);
    expect(page.headers?.['Content-Type']).toBe('text/html; charset=utf-8');
    expect(page.headers?.['Cache-Control']).toBe('no-store');
  });
});
