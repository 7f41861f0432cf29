/**
 * The dashboard's Emails views over HTTP on the local stack, as a signed-in member sees them.
 * Emails that go through the pipeline (statuses, events) are sent through the API; emails that
 * need a chosen created_at (dates, pagination) are stored through the data layer the way the send
 * path stores them (putEmail + writeEmailIndexEntries), and stay queued.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '#accounts/accounts.service.ts';
import { type EmailRecord, newEmailId } from '#emails/email.ts';
import { DashboardBrowser, dashboardMember, type PageResponse } from '../support/dashboard.ts';
import { seedListedEmail, untilEmailCounts } from '../support/email-records.ts';
import { verifiedDomainFor } from '../support/factories.ts';
import { client } from '../support/http.ts';
import { eventually } from '../support/ses-store.ts';

type Member = Awaited<ReturnType<typeof dashboardMember>>;
type Api = Member['api'];

const unique = () => Math.random().toString(36).slice(2, 10);

/** The rows of the page's email table (empty without a table). */
function rows(page: PageResponse): string[] {
  const body = /<tbody>([\s\S]*?)<\/tbody>/.exec(page.text)?.[1] ?? '';
  return [...body.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((match) => match[1] ?? '');
}

/** The email ids the rows link to, in order. */
const linkedIds = (page: PageResponse) =>
  rows(page).map((row) => /href="\/dashboard\/emails\/([0-9a-f-]{36})"/.exec(row)?.[1]);

/** The href of the pager's rel=next / rel=prev link, decoded. */
function pagerLink(page: PageResponse, rel: 'next' | 'prev'): string | undefined {
  const match = new RegExp(`<a class="button secondary" href="([^"]+)" rel="${rel}">`).exec(page.text);
  return match?.[1]?.replaceAll('&amp;', '&');
}

async function ok(page: Promise<PageResponse>): Promise<PageResponse> {
  const response = await page;
  expect(response.status, response.text.slice(0, 500)).toBe(200);
  return response;
}

async function send(api: Api, domain: string, fields: Record<string, unknown>): Promise<string> {
  const response = await api.post('/api/v1/emails/send', {
    from: { email: `news@${domain}`, name: 'News' },
    to: [{ email: 'reader@example.com' }],
    html: '<p>Hello</p>',
    text: 'Hello',
    ...fields,
  });
  expect(response.status, response.text).toBe(201);
  return response.body.data.message_id as string;
}

/** Waits until the email has left `queued` and has at least `events` events. */
async function settled(api: Api, id: string, events = 2) {
  return eventually(async () => {
    const got = (await api.get(`/api/v1/emails/${id}`)).body?.data;
    return got && got.status !== 'queued' && got.events.length >= events ? got : undefined;
  });
}

const seed = seedListedEmail;

const HOSTILE_SUBJECT = `<script>alert("subject")</script> & <b>bold</b>`;
const HOSTILE_HTML = '<script>alert(1)</script><img src="x" onerror="alert(2)"><p>Hostile body</p>';
const HOSTILE_TEXT = '</pre><script>alert(3)</script>';

describe('dashboard emails', () => {
  let member: Member;
  let domain: string;
  const tag = unique();
  const sent = { delivered: '', bounced: '', hostile: '', live: '' };
  let other: Member;
  let otherEmail: string;

  beforeAll(async () => {
    [member, other] = await Promise.all([dashboardMember(), dashboardMember()]);
    domain = await verifiedDomainFor(member.api);
    const { secret } = await createApiKey({
      organizationId: member.organization.id,
      name: 'live key',
      environment: 'live',
    });
    const live = client(secret);
    const otherDomain = await verifiedDomainFor(other.api);
    [sent.delivered, sent.bounced, sent.hostile, sent.live, otherEmail] = await Promise.all([
      send(member.api, domain, {
        subject: `Welcome ${tag}`,
        to: [{ email: 'jane@example.com' }],
        cc: [{ email: 'cc@example.com' }],
        tags: { campaign: 'launch' },
      }),
      send(member.api, domain, { subject: `Bounce ${tag}`, to: [{ email: 'bounced@example.com' }] }),
      send(member.api, domain, { subject: HOSTILE_SUBJECT, html: HOSTILE_HTML, text: HOSTILE_TEXT }),
      send(live, domain, { subject: `Live ${tag}` }),
      send(other.api, otherDomain, { subject: `Other org ${tag}` }),
    ]);
    await Promise.all([
      settled(member.api, sent.delivered, 3),
      settled(member.api, sent.bounced),
      settled(member.api, sent.hostile),
      settled(member.api, sent.live),
      settled(other.api, otherEmail),
    ]);
    // The list reads eventually consistent indexes: wait until they show the final statuses.
    await eventually(async () => {
      const listed = (await member.api.get('/api/v1/emails?environment=test')).body?.data as
        | { status: string }[]
        | undefined;
      return listed?.length === 3 && listed.every((email) => email.status !== 'queued') ? true : undefined;
    });
    // …and the counters (from the table's stream) the final statuses.
    await untilEmailCounts(member.organization.id, { total: 3, queued: 0 });
    await untilEmailCounts(member.organization.id, { total: 1, queued: 0 }, 'live');
  });

  it("lists the organization's emails of the chosen environment with their statuses, newest first", async () => {
    const page = await ok(member.browser.get('/dashboard/emails?environment=test'));
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect([...linkedIds(page)].sort()).toEqual([sent.hostile, sent.bounced, sent.delivered].sort());
    const created = rows(page).map((row) => /<time datetime="([^"]+)"/.exec(row)?.[1] ?? '');
    expect(created).toEqual([...created].sort().reverse());
    expect(page.text).toContain('3 emails.');
    const rowOf = (id: string) => rows(page).find((row) => row.includes(`/dashboard/emails/${id}"`)) ?? '';
    expect(rowOf(sent.delivered)).toContain(`Welcome ${tag}`);
    expect(rowOf(sent.delivered)).toContain('jane@example.com');
    expect(rowOf(sent.delivered)).toContain('+1 more'); // the cc
    expect(rowOf(sent.delivered)).toContain('<span class="badge ok">delivered</span>');
    expect(rowOf(sent.bounced)).toContain('<span class="badge bad">bounced</span>');
    expect(rowOf(sent.bounced)).toMatch(/<time datetime="\d{4}-\d{2}-\d{2}T/);
    // Accessible table and form: column headers, every input labelled.
    expect(page.text.match(/<th scope="col">/g)).toHaveLength(4);
    for (const id of ['filter-status', 'filter-from', 'filter-to']) expect(page.text).toContain(`<label for="${id}">`);
    expect(page.text).toContain('aria-current="page">Test</a>');
    expect(page.text).toContain('<a href="/dashboard/emails" aria-current="page">Emails</a>');
    // Another organization's email never appears.
    expect(page.text).not.toContain(`Other org ${tag}`);
    expect(page.text).not.toContain(otherEmail);
  });

  it('shows live emails by default and switches environments with links that keep the filters', async () => {
    const live = await ok(member.browser.get('/dashboard/emails'));
    expect(linkedIds(live)).toEqual([sent.live]);
    expect(live.text).toContain('1 email.');
    expect(live.text).toContain('aria-current="page">Live</a>');
    expect(live.text).toContain('<input type="hidden" name="environment" value="live">');

    const filtered = await ok(member.browser.get('/dashboard/emails?status=bounced&environment=live'));
    expect(rows(filtered)).toEqual([]);
    expect(filtered.text).toContain('No live emails match these filters.');
    expect(filtered.text).toContain('href="/dashboard/emails?status=bounced&amp;environment=test"');
    const test = await ok(member.browser.get('/dashboard/emails?status=bounced&environment=test'));
    expect(linkedIds(test)).toEqual([sent.bounced]);
  });

  it('shows how to send a first email when an environment has none', async () => {
    const page = await ok(other.browser.get('/dashboard/emails?environment=live'));
    expect(rows(page)).toEqual([]);
    expect(page.text).toContain('No live emails yet.');
    expect(page.text).toContain('/api/v1/emails/send');
    expect(page.text).toContain('<code>pb_live_</code>');
    expect(page.text).toContain('href="/dashboard/emails?environment=test"');
  });

  it('filters by status', async () => {
    const page = await ok(member.browser.get('/dashboard/emails?environment=test&status=delivered'));
    expect(linkedIds(page)).toEqual(expect.arrayContaining([sent.delivered]));
    expect(linkedIds(page)).not.toContain(sent.bounced);
    expect(page.text).toContain('match these filters');
    expect(page.text).toContain('<option value="delivered" selected>delivered</option>');
    // An unset select and empty dates (as a submitted form sends them) are no filter.
    const all = await ok(member.browser.get('/dashboard/emails?environment=test&status=&from_date=&to_date='));
    expect(rows(all)).toHaveLength(3);
  });

  it('shows an email: facts, events, the sandboxed HTML frame and the text part', async () => {
    const page = await ok(member.browser.get(`/dashboard/emails/${sent.delivered}`));
    expect(page.text).toContain(`<h1>Welcome ${tag}</h1>`);
    expect(page.text).toContain(`<code id="email-id">${sent.delivered}</code>`);
    expect(page.text).toContain(`news@${domain}`);
    expect(page.text).toContain('<dt>Cc</dt><dd>cc@example.com</dd>');
    expect(page.text).toContain('<code>campaign: launch</code>');
    expect(page.text).toContain('<span class="badge ok">delivered</span>');
    const timeline = /<ol class="timeline">([\s\S]*?)<\/ol>/.exec(page.text)?.[1] ?? '';
    expect(timeline).toContain('<span class="badge info">sent</span>');
    expect(timeline).toContain('Recipient: jane@example.com');
    expect(timeline).toContain('Recipient: cc@example.com');
    expect(timeline).toContain('<code>250</code>');
    expect(page.text).toContain(
      `<iframe class="body" sandbox src="/dashboard/emails/${sent.delivered}/body" title="HTML body of the email: Welcome ${tag}"></iframe>`,
    );
    expect(page.text).toContain('<pre>Hello</pre>');

    const bounced = await ok(member.browser.get(`/dashboard/emails/${sent.bounced}`));
    const bounceEvents = /<ol class="timeline">([\s\S]*?)<\/ol>/.exec(bounced.text)?.[1] ?? '';
    expect(bounceEvents).toContain('<span class="badge bad">bounced</span>');
    expect(bounceEvents).toContain('Recipient: bounced@example.com');
    expect(bounceEvents).toContain('Permanent');
  });

  it('serves the HTML body as stored under a sandboxing CSP', async () => {
    const body = await ok(member.browser.get(`/dashboard/emails/${sent.hostile}/body`));
    expect(body.text).toBe(HOSTILE_HTML);
    const csp = body.headers.get('content-security-policy') ?? '';
    expect(csp.split(';').map((part) => part.trim())).toEqual([
      'sandbox',
      "default-src 'none'",
      "style-src 'unsafe-inline'",
      'img-src https: data:',
      'font-src https: data:',
      "frame-ancestors 'self'",
    ]);
    expect(body.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(body.headers.get('cache-control')).toBe('no-store');
    expect(body.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(body.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('escapes a hostile subject and text in the list and the detail page', async () => {
    const escapedSubject = '&lt;script&gt;alert(&quot;subject&quot;)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;';
    const list = await ok(member.browser.get('/dashboard/emails?environment=test'));
    expect(list.text).toContain(escapedSubject);
    expect(list.text).not.toContain('<script>alert');
    expect(list.text).not.toContain('<b>bold</b>');

    const detail = await ok(member.browser.get(`/dashboard/emails/${sent.hostile}`));
    expect(detail.text).toContain(`<h1>${escapedSubject}</h1>`);
    expect(detail.text).toContain('<pre>&lt;/pre&gt;&lt;script&gt;alert(3)&lt;/script&gt;</pre>');
    expect(detail.text).not.toContain('<script>alert');
    expect(detail.text).not.toContain('<b>bold</b>');
    // The HTML body only ever appears in its own sandboxed document.
    expect(detail.text).not.toContain('onerror');
    expect(detail.text).toContain(`title="HTML body of the email: ${escapedSubject}"`);
  });

  it("answers 404 for another organization's email, an unknown id and a malformed id", async () => {
    for (const path of [
      `/dashboard/emails/${otherEmail}`,
      `/dashboard/emails/${otherEmail}/body`,
      `/dashboard/emails/${newEmailId()}`,
      '/dashboard/emails/not-an-id/body',
    ]) {
      const page = await member.browser.get(path);
      expect(page.status, path).toBe(404);
      expect(page.text).toContain('Email not found');
      expect(page.text).not.toContain(`Other org ${tag}`);
      expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    }
  });

  it('shows invalid filters next to the form with a 400, never a 5xx', async () => {
    const cases: Array<[string, string]> = [
      ['from_date=2026-03-02&to_date=2026-03-01', 'to_date must not be before from_date'],
      ['page=401', 'only pages 1–400 can be shown'],
      ['page=abc', 'page must be a whole number'],
      ['status=sent', 'status must be one of'],
      ['from_date=yesterday', 'from_date must be a date (yyyy-mm-dd)'],
      ['to_date=2026-02-30', 'to_date must be an ISO 8601 date'],
    ];
    for (const [query, message] of cases) {
      const page = await member.browser.get(`/dashboard/emails?environment=test&${query}`);
      expect(page.status, query).toBe(400);
      expect(page.text, query).toContain(message);
      expect(page.text).toContain('role="alert"');
      // The form comes back as typed, so the member can fix it.
      expect(page.text).toContain('<form method="get" action="/dashboard/emails"');
      expect(page.text).toContain('<input type="hidden" name="environment" value="test">');
    }
    const dates = await member.browser.get('/dashboard/emails?from_date=2026-03-02&to_date=2026-03-01');
    expect(dates.text).toContain('value="2026-03-02"');
    expect(dates.text).toMatch(/name="to_date" type="date" value="2026-03-01" aria-invalid="true"/);
  });

  it('sends a visitor without a session to sign-in', async () => {
    const page = await new DashboardBrowser().get('/dashboard/emails?environment=test');
    expect(page.status).toBe(303);
    expect(page.location).toBe(`/dashboard/sign-in?next=${encodeURIComponent('/dashboard/emails?environment=test')}`);
  });
});

describe('dashboard emails: dates and pages', () => {
  let member: Member;
  const day = (n: number) => `2020-01-${String(n).padStart(2, '0')}`;
  let seeded: EmailRecord[];

  beforeAll(async () => {
    member = await dashboardMember();
    const org = member.organization.id;
    // 30 emails on 2020-01-05 (one minute apart), one each on the 3rd and 7th.
    seeded = [];
    seeded.push(await seed(org, `${day(3)}T12:00:00.000Z`, { subject: 'Third of January' }));
    for (let i = 0; i < 30; i += 1) {
      seeded.push(await seed(org, new Date(Date.parse(`${day(5)}T08:00:00.000Z`) + i * 60_000).toISOString()));
    }
    seeded.push(await seed(org, `${day(7)}T12:00:00.000Z`, { subject: 'Seventh of January' }));
    // The list's counters follow from the table's stream.
    await untilEmailCounts(org, { total: 32 });
  });

  it('filters by creation date (whole UTC days)', async () => {
    const page = await ok(
      member.browser.get(`/dashboard/emails?environment=test&from_date=${day(6)}&to_date=${day(7)}`),
    );
    expect(linkedIds(page)).toEqual([seeded.at(-1)?.id]);
    expect(page.text).toContain('1 email matches these filters.');
    expect(page.text).toContain(`value="${day(6)}"`);
    const early = await ok(member.browser.get(`/dashboard/emails?environment=test&to_date=${day(4)}`));
    expect(linkedIds(early)).toEqual([seeded[0]?.id]);
  });

  it('pages 25 at a time with links that keep the filters', async () => {
    const query = `status=queued&from_date=${day(5)}&to_date=${day(5)}&environment=test`;
    const first = await ok(member.browser.get(`/dashboard/emails?${query}`));
    const newest = seeded
      .slice(1, 31)
      .map((email) => email.id)
      .reverse();
    expect(linkedIds(first)).toEqual(newest.slice(0, 25));
    expect(first.text).toContain('30 emails match these filters.');
    expect(first.text).toContain('Page 1 of 2');
    const next = pagerLink(first, 'next');
    expect(next).toBe(`/dashboard/emails?${query}&page=2`);
    expect(pagerLink(first, 'prev')).toBeUndefined();

    const second = await ok(member.browser.get(next as string));
    expect(linkedIds(second)).toEqual(newest.slice(25));
    expect(second.text).toContain('Page 2 of 2');
    expect(pagerLink(second, 'prev')).toBe(`/dashboard/emails?${query}&page=1`);
    expect(pagerLink(second, 'next')).toBeUndefined();

    const past = await ok(member.browser.get(`/dashboard/emails?${query}&page=3`));
    expect(rows(past)).toEqual([]);
    expect(past.text).toContain('Page 3 is past the end');

    const unfiltered = await ok(member.browser.get('/dashboard/emails?environment=test'));
    expect(unfiltered.text).toContain('32 emails.');
    expect(rows(unfiltered)).toHaveLength(25);
  });
});
