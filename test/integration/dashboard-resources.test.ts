/**
 * The dashboard's Domains, Suppressions and Templates pages through HTTP on the local stack:
 * what they show, their forms (CSRF, validation re-renders, redirects with notices), DNS
 * verification against the test DNS server, the sandboxed template preview, escaping of hostile
 * content, and that another organization's resources are never listed and are 404.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { type DashboardBrowser, dashboardMember, type PageResponse } from '../support/dashboard.ts';
import { dnsControl } from '../support/dns-control.ts';
import { createTestOrganization } from '../support/factories.ts';

const dns = dnsControl(inject('dnsControlUrl'));
const uniqueDomain = () => `d${randomBytes(5).toString('hex')}.test`;

const PREVIEW_CSP =
  "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src https: data:; font-src https: data:; frame-ancestors 'self'";

/** The preview frame's document headers: the same as an email body's (frames by the dashboard only, no referrer). */
function expectSandboxedDocument(frame: PageResponse): void {
  expect(frame.headers.get('content-security-policy')).toBe(PREVIEW_CSP);
  expect(frame.headers.get('content-type')).toBe('text/html; charset=utf-8');
  expect(frame.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  expect(frame.headers.get('referrer-policy')).toBe('no-referrer');
  expect(frame.headers.get('cache-control')).toBe('no-store');
}

interface DnsRecord {
  type: string;
  name: string;
  value: string;
  required: boolean;
}

/** Text as the html template escapes it. */
const escaped = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

function expectPage(response: PageResponse, status = 200) {
  expect(response.status, response.text.slice(0, 2000)).toBe(status);
  expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
}

async function postForm(browser: DashboardBrowser, page: string, path: string, form: Record<string, string>) {
  await browser.get(page); // the page's CSRF token, as a browser would have it
  return browser.post(path, form);
}

/** Every input, select and textarea with an id has a `<label for>`. */
function expectLabelled(text: string) {
  const ids = [...text.matchAll(/<(?:input|select|textarea)\b(?![^>]*type="hidden")[^>]*\bid="([^"]+)"/g)].map(
    (match) => match[1],
  );
  expect(ids.length).toBeGreaterThan(0);
  for (const id of ids) expect(text).toContain(`<label for="${id}">`);
  expect(text).not.toMatch(/<th>/);
  expect(text).not.toMatch(/style=/);
}

describe('dashboard domains', () => {
  it('adds a domain through the form and shows its DNS records with copyable names and values', async () => {
    const { browser, api } = await dashboardMember();
    const empty = await browser.get('/dashboard/domains');
    expectPage(empty);
    expect(empty.text).toContain('No domains yet');
    expectLabelled(empty.text);

    const name = uniqueDomain();
    const added = await browser.post('/dashboard/domains', { domain: ` ${name.toUpperCase()} ` });
    expect(added.status, added.text).toBe(303);
    const [domain] = (await api.get('/api/v1/domains')).body.data as { id: string; dns_records: DnsRecord[] }[];
    expect(added.location).toBe(`/dashboard/domains?notice=added&domain=${domain?.id}`);

    const page = await browser.get(added.location ?? '');
    expectPage(page);
    expect(page.text).toContain(`${name} was added.`);
    expect(page.text).toContain(`<h2 id="${domain?.id}-title">${name} <span class="badge warn">Pending</span></h2>`);
    expect(domain?.dns_records).toHaveLength(3);
    for (const [index, record] of (domain?.dns_records ?? []).entries()) {
      const nameId = `dns-${domain?.id}-${index}-name`;
      const valueId = `dns-${domain?.id}-${index}-value`;
      expect(page.text).toContain(`<code id="${nameId}">${escaped(record.name)}</code>`);
      expect(page.text).toContain(`<code id="${valueId}">${escaped(record.value)}</code>`);
      expect(page.text).toContain(`data-copy="${nameId}"`);
      expect(page.text).toContain(`data-copy="${valueId}"`);
    }
    expect(page.text).toContain('Recommended');
    expect(page.text).toContain(`action="/dashboard/domains/${domain?.id}/verify"`);
    expectLabelled(page.text);
  });

  it('shows the form again with the message for an invalid or duplicate name, escaping what was typed', async () => {
    const { browser, api } = await dashboardMember();
    const invalid = await postForm(browser, '/dashboard/domains', '/dashboard/domains', {
      domain: '<b>not a domain</b>',
    });
    expectPage(invalid, 400);
    expect(invalid.text).toContain('role="alert"');
    expect(invalid.text).toContain('value="&lt;b&gt;not a domain&lt;/b&gt;"');
    expect(invalid.text).not.toContain('<b>not a domain');
    expect(invalid.text).toContain('aria-invalid="true"');

    const name = uniqueDomain();
    expect((await api.post('/api/v1/domains', { domain: name })).status).toBe(201);
    const duplicate = await postForm(browser, '/dashboard/domains', '/dashboard/domains', { domain: name });
    expectPage(duplicate, 409);
    expect(duplicate.text).toContain(`${name} has already been added to this organization`);
    expect((await api.get('/api/v1/domains')).body.data).toHaveLength(1);
  });

  it('verifies a domain once its records are published: still pending, then verified', async () => {
    const { browser } = await dashboardMember();
    const name = uniqueDomain();
    const added = await postForm(browser, '/dashboard/domains', '/dashboard/domains', { domain: name });
    const domainId = new URL(added.location ?? '', 'http://x').searchParams.get('domain') ?? '';
    expect(domainId).toMatch(/^dom_/);

    const early = await browser.post(`/dashboard/domains/${domainId}/verify`);
    expect(early.status).toBe(303);
    expect(early.location).toBe(`/dashboard/domains?notice=still_pending&domain=${domainId}`);
    const pending = await browser.get(early.location ?? '');
    expect(pending.text).toContain(`${name} is not verified: the required records were not all found`);
    expect(pending.text).toContain('<span class="badge warn">Pending</span>');

    // Publish what the page shows, as a customer would copy it.
    for (const index of [0, 1]) {
      const recordName = new RegExp(`<code id="dns-${domainId}-${index}-name">([^<]+)</code>`).exec(pending.text)?.[1];
      const value = new RegExp(`<code id="dns-${domainId}-${index}-value">([^<]+)</code>`).exec(pending.text)?.[1];
      if (!recordName || !value) throw new Error('record not on the page');
      await dns.setTxt(recordName, [[value.replace(/&amp;/g, '&')]]);
    }
    const pressed = await browser.post(`/dashboard/domains/${domainId}/verify`);
    expect(pressed.location).toBe(`/dashboard/domains?notice=verified&domain=${domainId}`);
    const verified = await browser.get(pressed.location ?? '');
    expect(verified.text).toContain(`${name} is verified`);
    expect(verified.text).toContain(`${name} <span class="badge ok">Verified</span>`);
    expect(verified.text).toContain('SPF found');
    expect(verified.text).toContain('DKIM found');

    // The DKIM record disappears: the next check fails and sending stops.
    const dkimName = new RegExp(`<code id="dns-${domainId}-0-name">([^<]+)</code>`).exec(verified.text)?.[1] ?? '';
    await dns.remove(dkimName);
    const lost = await browser.post(`/dashboard/domains/${domainId}/verify`);
    expect(lost.location).toBe(`/dashboard/domains?notice=still_pending&domain=${domainId}`);
    const failed = await browser.get(lost.location ?? '');
    expect(failed.text).toContain(`${name} <span class="badge bad">Failed</span>`);
    expect(failed.text).toContain('DKIM not found');
  });

  it("never lists another organization's domain and answers 404 when verifying it", async () => {
    const { browser } = await dashboardMember();
    const other = await createTestOrganization();
    const name = uniqueDomain();
    const theirs = await other.api.post('/api/v1/domains', { domain: name });
    expect(theirs.status).toBe(201);
    const id = theirs.body.data.id as string;

    const page = await browser.get('/dashboard/domains');
    expect(page.text).not.toContain(name);
    expect(page.text).not.toContain(id);
    const verify = await browser.post(`/dashboard/domains/${id}/verify`);
    expectPage(verify, 404);
    expect(verify.text).toContain('Domain not found');
    expect((await browser.post('/dashboard/domains/not-an-id/verify')).status).toBe(404);
  });

  it('refuses an add or a verify without the CSRF token', async () => {
    const { browser, api } = await dashboardMember();
    const refused = await browser.post('/dashboard/domains', { domain: uniqueDomain() }, { csrf: false });
    expectPage(refused, 403);
    expect((await api.get('/api/v1/domains')).body.data).toHaveLength(0);
    const added = await api.post('/api/v1/domains', { domain: uniqueDomain() });
    const verify = await browser.post(`/dashboard/domains/${added.body.data.id}/verify`, {}, { csrf: false });
    expectPage(verify, 403);
  });
});

describe('dashboard suppressions', () => {
  it('adds an address through the form, lists it and removes it', async () => {
    const { browser, api } = await dashboardMember();
    const empty = await browser.get('/dashboard/suppressions');
    expectPage(empty);
    expect(empty.text).toContain('No suppressed addresses');
    expectLabelled(empty.text);
    for (const reason of ['hard_bounce', 'soft_bounce', 'complaint', 'unsubscribe', 'manual']) {
      expect(empty.text).toContain(`<option value="${reason}"`);
    }

    const added = await browser.post('/dashboard/suppressions', { email: ' Jane@Example.COM ', reason: 'complaint' });
    expect(added.status, added.text).toBe(303);
    expect(added.location).toBe('/dashboard/suppressions?notice=added');
    const listed = (await api.get('/api/v1/suppressions')).body.data;
    expect(listed).toEqual([
      {
        id: expect.stringMatching(/^sup_/),
        email: 'jane@example.com',
        reason: 'complaint',
        source: 'manual',
        created_at: expect.any(String),
      },
    ]);

    const page = await browser.get(added.location ?? '');
    expectPage(page);
    expect(page.text).toContain('The address is on the suppression list');
    expect(page.text).toContain('<td class="mono">jane@example.com</td>');
    expect(page.text).toContain('Complaint');
    expect(page.text).toContain(`action="/dashboard/suppressions/${listed[0].id}/delete"`);
    expect(page.text).toContain('<th scope="col">Address</th>');

    const removed = await browser.post(`/dashboard/suppressions/${listed[0].id}/delete`, { page: '1' });
    expect(removed.status).toBe(303);
    expect(removed.location).toBe('/dashboard/suppressions?notice=removed');
    const after = await browser.get(removed.location ?? '');
    expect(after.text).toContain('can receive email again');
    expect(after.text).not.toContain('jane@example.com');
    expect((await api.get('/api/v1/suppressions')).body.data).toEqual([]);
  });

  it('shows the form again (400) for an invalid address or reason, keeping what was typed', async () => {
    const { browser, api } = await dashboardMember();
    const invalid = await postForm(browser, '/dashboard/suppressions', '/dashboard/suppressions', {
      email: '"><script>x</script>',
      reason: 'unsubscribe',
    });
    expectPage(invalid, 400);
    expect(invalid.text).toContain('role="alert"');
    expect(invalid.text).toContain('value="&quot;&gt;&lt;script&gt;x&lt;/script&gt;"');
    expect(invalid.text).not.toContain('<script>x');
    expect(invalid.text).toContain('<option value="unsubscribe" selected>');

    const badReason = await browser.post('/dashboard/suppressions', { email: 'a@example.com', reason: 'because' });
    expectPage(badReason, 400);
    expect(badReason.text).toContain('<strong>reason</strong>');
    expect((await api.get('/api/v1/suppressions')).body.pagination.total_count).toBe(0);
  });

  it('refuses a POST without the CSRF token (403) and adds nothing', async () => {
    const { browser, api } = await dashboardMember();
    await browser.get('/dashboard/suppressions');
    const refused = await browser.post(
      '/dashboard/suppressions',
      { email: 'csrf@example.com', reason: 'manual' },
      { csrf: false },
    );
    expectPage(refused, 403);
    const forged = await browser.post('/dashboard/suppressions', {
      email: 'csrf@example.com',
      reason: 'manual',
      csrf_token: 'forged',
    });
    expect(forged.status).toBe(403);
    expect((await api.get('/api/v1/suppressions')).body.data).toEqual([]);
  });

  it("never lists another organization's suppressions and answers 404 when removing one", async () => {
    const { browser } = await dashboardMember();
    const other = await createTestOrganization();
    const theirs = await other.api.post('/api/v1/suppressions', { email: 'theirs@example.com', reason: 'manual' });
    expect(theirs.status).toBe(201);

    const page = await browser.get('/dashboard/suppressions');
    expect(page.text).not.toContain('theirs@example.com');
    const remove = await browser.post(`/dashboard/suppressions/${theirs.body.data.id}/delete`);
    expectPage(remove, 404);
    expect((await browser.post('/dashboard/suppressions/sup_unknown/delete')).status).toBe(404);
    expect((await other.api.get('/api/v1/suppressions')).body.data).toHaveLength(1);
  });

  it('paginates with previous and next links', async () => {
    const { browser, api } = await dashboardMember();
    for (const name of ['first', 'second', 'third']) {
      expect((await api.post('/api/v1/suppressions', { email: `${name}@example.com`, reason: 'manual' })).status).toBe(
        201,
      );
    }
    const one = await browser.get('/dashboard/suppressions?limit=2');
    expectPage(one);
    expect(one.text).toContain('Page 1 of 2');
    expect(one.text).toContain('href="/dashboard/suppressions?limit=2&amp;page=2" rel="next"');
    expect(one.text).toContain('third@example.com');
    expect(one.text).not.toContain('first@example.com');
    const two = await browser.get('/dashboard/suppressions?limit=2&page=2');
    expect(two.text).toContain('first@example.com');
    expect(two.text).toContain('rel="prev"');
    const past = await browser.get('/dashboard/suppressions?page=9');
    expectPage(past);
    expect(past.text).toContain('nothing on this page');
    expectPage(await browser.get('/dashboard/suppressions?page=abc'), 400);
  });
});

const orderTemplate = {
  name: 'Order confirmation',
  subject: '{{greeting}}, {{name}}: order {{count}}',
  html: '<h1>{{greeting}} {{name}}</h1>{{#if vip}}<p>VIP</p>{{/if}}{{#each items}}<li>{{this}}</li>{{/each}}<p>{{user.first_name}}</p>',
  text: '{{greeting}} {{name}}, you have {{count}} items',
  variable_schema: [
    { name: 'greeting', type: 'string', default_value: 'Hello' },
    { name: 'count', type: 'number', required: true },
    { name: 'vip', type: 'boolean' },
    { name: 'items', type: 'array' },
    { name: 'user', type: 'object', required: true },
  ],
};

async function createTemplate(api: Awaited<ReturnType<typeof dashboardMember>>['api'], body: object = orderTemplate) {
  const response = await api.post('/api/v1/templates', body);
  expect(response.status, response.text).toBe(201);
  return response.body.data.id as string;
}

describe('dashboard templates', () => {
  it('lists templates with their variable count and links to each', async () => {
    const { browser, api } = await dashboardMember();
    const empty = await browser.get('/dashboard/templates');
    expectPage(empty);
    expect(empty.text).toContain('No templates yet');
    expectLabelled(empty.text);

    const id = await createTemplate(api);
    const page = await browser.get('/dashboard/templates');
    expectPage(page);
    expect(page.text).toContain(`<a href="/dashboard/templates/${id}">Order confirmation</a>`);
    expect(page.text).toContain('<td class="num">6</td>');
    expect(page.text).toContain('<span class="badge ok">Active</span>');
    expect(page.text).toContain('<th scope="col">Name</th>');

    const filtered = await browser.get('/dashboard/templates?search=nothing-like-this&is_active=');
    expectPage(filtered);
    expect(filtered.text).toContain('No template matches these filters');
    expect((await browser.get('/dashboard/templates?search=ORDER&is_active=true')).text).toContain(id);
  });

  it('shows a template: facts, variables, sources and a preview from the default sample data', async () => {
    const { browser, api } = await dashboardMember();
    const id = await createTemplate(api);
    const page = await browser.get(`/dashboard/templates/${id}`);
    expectPage(page);
    expectLabelled(page.text);
    expect(page.text).toContain(`<code id="template-id">${id}</code>`);
    expect(page.text).toContain('<dt>Sends (last 30 days)</dt><dd>0</dd>');
    // Variables with their schema; `name` has none.
    expect(page.text).toMatch(
      /<td><code>greeting<\/code><\/td>\s*<td>string<\/td>\s*<td>No<\/td>\s*<td><code>&quot;Hello&quot;<\/code><\/td>/,
    );
    expect(page.text).toMatch(/<td><code>count<\/code><\/td>\s*<td>number<\/td>\s*<td>Yes<\/td>/);
    expect(page.text).toMatch(/<td><code>name<\/code><\/td>\s*<td><span class="muted">any \(no schema\)<\/span><\/td>/);
    // Sources, escaped.
    expect(page.text).toContain(`<pre id="source-html">${escaped(orderTemplate.html)}</pre>`);
    expect(page.text).toContain(`<pre id="source-text">${escaped(orderTemplate.text)}</pre>`);

    // The default sample: defaults, else placeholders per type.
    const sample = { greeting: 'Hello', name: '[name]', count: 1, vip: true, items: [], user: {} };
    expect(page.text).toContain(`<textarea id="sample-data" name="data"`);
    expect(page.text).toContain('at most 6 KB once in the address');
    expect(page.text).toContain(escaped(JSON.stringify(sample, null, 2)));
    expect(page.text).toContain('<dt>Rendered subject</dt><dd>Hello, [name]: order 1</dd>');
    expect(page.text).toContain('<pre>Hello [name], you have 1 items</pre>');
    expect(page.text).toContain('<code>user.first_name</code>: No value');
    const frameSrc = `/dashboard/templates/${id}/preview?data=${encodeURIComponent(JSON.stringify(sample))}`;
    expect(page.text).toContain(
      `<iframe class="body" sandbox src="${escaped(frameSrc)}" title="Preview of the HTML body of Order confirmation"></iframe>`,
    );

    const frame = await browser.get(frameSrc);
    expect(frame.status).toBe(200);
    expectSandboxedDocument(frame);
    expect(frame.text).toBe('<h1>Hello [name]</h1><p>VIP</p><p></p>');
    // Without data the frame builds the same default sample.
    const rebuilt = await browser.get(`/dashboard/templates/${id}/preview`);
    expectSandboxedDocument(rebuilt);
    expect(rebuilt.text).toBe(frame.text);
  });

  it('renders custom ?data= JSON on the page and in the frame', async () => {
    const { browser, api } = await dashboardMember();
    const id = await createTemplate(api);
    const data =
      '{"greeting": "Hi", "name": "Ada <3", "count": 3, "vip": false, "items": ["a"], "user": {"first_name": "A"}}';
    const page = await browser.get(`/dashboard/templates/${id}?data=${encodeURIComponent(data)}`);
    expectPage(page);
    expect(page.text).toContain('<dt>Rendered subject</dt><dd>Hi, Ada &lt;3: order 3</dd>');
    expect(page.text).toContain('<pre>Hi Ada &lt;3, you have 3 items</pre>');
    expect(page.text).toContain(escaped(data));
    expect(page.text).not.toContain('Preview warnings');
    const frame = await browser.get(`/dashboard/templates/${id}/preview?data=${encodeURIComponent(data)}`);
    expect(frame.status).toBe(200);
    expectSandboxedDocument(frame);
    expect(frame.text).toBe('<h1>Hi Ada &lt;3</h1><li>a</li><p>A</p>');
  });

  it('answers 400 with a message for sample data that is not a JSON object, or too long', async () => {
    const { browser, api } = await dashboardMember();
    const id = await createTemplate(api);
    for (const data of ['{"name": ', '[1, 2]', '"text"', 'null', `{"a": "${'x'.repeat(9000)}"}`]) {
      const page = await browser.get(`/dashboard/templates/${id}?data=${encodeURIComponent(data)}`);
      expectPage(page, 400);
      expect(page.text).toMatch(/The sample data (is not valid JSON|must be)/);
      expect(page.text).not.toContain('<iframe');
      const frame = await browser.get(`/dashboard/templates/${id}/preview?data=${encodeURIComponent(data)}`);
      expect(frame.status).toBe(400);
      expectSandboxedDocument(frame);
    }
    // Short as text, long once in the address: the cap is on the percent-encoded length.
    const encodedLong = JSON.stringify({ name: '"<> '.repeat(600) });
    expect(encodedLong.length).toBeLessThan(6 * 1024);
    expect(encodeURIComponent(encodedLong).length).toBeGreaterThan(6 * 1024);
    const refused = await browser.get(`/dashboard/templates/${id}?data=${encodeURIComponent(encodedLong)}`);
    expectPage(refused, 400);
    expect(refused.text).toContain('The sample data must be at most 6 KB once in the address.');
    const refusedFrame = await browser.get(
      `/dashboard/templates/${id}/preview?data=${encodeURIComponent(encodedLong)}`,
    );
    expect(refusedFrame.status).toBe(400);
    expect(refusedFrame.text).toContain('at most 6 KB once in the address');
    const deep = `${'{"a":'.repeat(40)}1${'}'.repeat(40)}`;
    expectPage(await browser.get(`/dashboard/templates/${id}?data=${encodeURIComponent(deep)}`), 400);
  });

  it('escapes a hostile template name, subject and bodies on the pages; only the sandboxed frame has the markup', async () => {
    const { browser, api } = await dashboardMember();
    const id = await createTemplate(api, {
      name: '<script>alert("name")</script>',
      subject: '<img src=x onerror=alert(1)> {{who}}',
      html: '<script>alert("body")</script><img src=x onerror=alert(2)>{{{who}}}',
      text: '</pre><script>alert("text")</script>',
    });
    const list = await browser.get('/dashboard/templates');
    expect(list.text).toContain('&lt;script&gt;alert(&quot;name&quot;)&lt;/script&gt;');
    expect(list.text).not.toContain('<script>alert');
    expect(list.text).not.toContain('<img src=x');

    const data = JSON.stringify({ who: '<b onclick=x>bold</b>' });
    const page = await browser.get(`/dashboard/templates/${id}?data=${encodeURIComponent(data)}`);
    expectPage(page);
    expect(page.text).not.toContain('<script>alert');
    expect(page.text).not.toContain('<img src=x');
    expect(page.text).not.toContain('<b onclick');
    expect(page.text).toContain('<h1>&lt;script&gt;alert(&quot;name&quot;)&lt;/script&gt; ');
    expect(page.text).toContain(
      '<pre id="source-text">&lt;/pre&gt;&lt;script&gt;alert(&quot;text&quot;)&lt;/script&gt;</pre>',
    );

    const frame = await browser.get(`/dashboard/templates/${id}/preview?data=${encodeURIComponent(data)}`);
    expectSandboxedDocument(frame);
    expect(frame.text).toBe('<script>alert("body")</script><img src=x onerror=alert(2)><b onclick=x>bold</b>');
  });

  it("never lists another organization's template and answers 404 for its pages", async () => {
    const { browser } = await dashboardMember();
    const other = await createTestOrganization();
    const id = await createTemplate(other.api, { ...orderTemplate, name: 'Their secret template' });

    const list = await browser.get('/dashboard/templates');
    expect(list.text).not.toContain('Their secret template');
    expect(list.text).not.toContain(id);
    const detail = await browser.get(`/dashboard/templates/${id}`);
    expectPage(detail, 404);
    expect(detail.text).not.toContain('Their secret template');
    const frame = await browser.get(`/dashboard/templates/${id}/preview?data=%7B%7D`);
    expect(frame.status).toBe(404);
    expect(frame.text).not.toContain('<h1>Hello');
    expect((await browser.get('/dashboard/templates/tmpl_unknown')).status).toBe(404);
  });
});
