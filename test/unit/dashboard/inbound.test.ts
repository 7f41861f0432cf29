/** The Inbound pages' pure parts: the list's query string, the rendering of hostile messages and the body's headers. */
import { describe, expect, it } from 'vitest';
import { INBOUND_PAGE_SIZE, inboundPageQuery } from '#dashboard/inbound/inbound.schemas.ts';
import { type InboundView, inboundBodyPage, inboundDetailPage } from '#dashboard/inbound/inbound-detail.view.ts';
import {
  failedVerdicts,
  type InboundListItem,
  inboundListPage,
  invalidInboundFiltersPage,
} from '#dashboard/inbound/inbound-list.view.ts';
import type { PageResult } from '#dashboard/page-result.ts';
import { RECEIVED_DOCUMENT_HEADERS } from '#dashboard/sandbox.ts';
import type { Verdicts } from '#inbound/receipt.ts';

const member = { organizationId: 'org_test', memberEmail: 'member@example.com', csrfToken: 'token' };

const bodyOf = (result: PageResult): string => {
  if ('redirect' in result) throw new Error('a redirect');
  return result.body.value;
};

const HOSTILE_NAME = '"><script>alert("name")</script>';
const HOSTILE_SUBJECT = '<img src=x onerror=alert(1)> & <b>bold</b>';
const HOSTILE_FILE = '"><svg onload=alert(2)>.pdf';
const PASSING: Verdicts = { spam: 'pass', virus: 'pass', spf: 'pass', dkim: 'pass', dmarc: 'pass' };
const ID = 'inb_0KxY3Zc1a2B3c4D5e6F7g8H9i0J1k2L3';

const listItem = (fields: Partial<InboundListItem> = {}): InboundListItem => ({
  id: ID,
  received_at: '2026-01-02T03:04:05.678Z',
  from: { email: 'jane@outside.test', name: 'Jane' },
  to: [{ email: 'support@reply.example.com', name: null }],
  cc: [],
  reply_to: [],
  subject: 'Hello',
  recipients: ['support@reply.example.com'],
  internet_message_id: '<abc@outside.test>',
  in_reply_to_email_id: null,
  verdicts: PASSING,
  size: 2048,
  attachments: [],
  parse_error: null,
  ...fields,
});

const attachment = (fields: Partial<InboundView['attachments'][number]> = {}): InboundView['attachments'][number] => ({
  id: 'att_1',
  filename: 'report.pdf',
  content_type: 'application/pdf',
  size: 1536,
  content_id: null,
  disposition: 'attachment',
  sha256: 'a'.repeat(64),
  download_url: 'https://s3.test/bucket/key?X-Amz-Signature=abc&X-Amz-Expires=3600',
  expires_at: '2026-01-02T04:04:05.678Z',
  ...fields,
});

const view = (fields: Partial<InboundView> = {}): InboundView => ({
  ...listItem(),
  text: 'Hi there',
  html: '<p>Hi there</p>',
  truncated: false,
  headers: [{ name: 'Subject', value: 'Hello' }],
  in_reply_to: null,
  references: [],
  attachments: [attachment()],
  raw_url: 'https://s3.test/bucket/raw.eml?X-Amz-Signature=def',
  raw_expires_at: '2026-01-02T04:04:05.678Z',
  ...fields,
});

const parse = (query: Record<string, string>) => inboundPageQuery.parse(query);

describe('inboundPageQuery', () => {
  it('defaults to page 1 and a fixed page size, ignoring other parameters and any limit', () => {
    expect(parse({ limit: '100', utm: 'x' })).toEqual({
      ok: true,
      filters: { to: '', from: '', from_date: '', to_date: '', page: '' },
      list: { page: 1, limit: INBOUND_PAGE_SIZE },
      notice: undefined,
    });
  });

  it('normalizes the addresses and turns the dates into whole UTC days, as GET /api/v1/inbound does', () => {
    const query = parse({
      to: ' Support@Reply.Example.com ',
      from: 'jane@outside.test',
      from_date: '2026-01-02',
      to_date: '2026-01-03',
      page: '2',
      notice: 'deleted',
    });
    expect(query).toMatchObject({
      ok: true,
      filters: { to: 'Support@Reply.Example.com', page: '2' },
      list: {
        to: 'support@reply.example.com',
        from: 'jane@outside.test',
        from_date: '2026-01-02T00:00:00.000Z',
        to_date: '2026-01-03T23:59:59.999Z',
        page: 2,
      },
      notice: 'deleted',
    });
  });

  it.each([
    [{ to: 'not an address' }, 'to', 'to '],
    [{ from: 'nobody@' }, 'from', 'from '],
    [{ from_date: '2026-01-03', to_date: '2026-01-02' }, 'to_date', 'must not be before from_date'],
    [{ from_date: '2026-01-02T10:00:00Z' }, 'from_date', 'must be a date (yyyy-mm-dd)'],
    [{ to_date: '2026-13-01' }, 'to_date', 'ISO 8601'],
    [{ page: '0' }, 'page', 'at least 1'],
    [{ page: 'x' }, 'page', 'whole number'],
  ])('reports %j as a problem of %s', (input, field, message) => {
    const query = parse(input);
    expect(query.ok).toBe(false);
    if (query.ok) return;
    expect(query.problems).toHaveLength(1);
    expect(query.problems[0]?.field).toBe(field);
    expect(query.problems[0]?.message).toContain(message);
  });
});

describe('inboundListPage', () => {
  const filters = { to: '', from: '', from_date: '', to_date: '', page: '' };
  const page = (items: InboundListItem[], total = items.length) =>
    bodyOf(
      inboundListPage(member, filters, {
        items,
        pagination: { page: 1, limit: 25, total_count: total, total_pages: Math.ceil(total / 25) },
      }),
    );

  it('escapes what the sender wrote', () => {
    const text = page([
      listItem({
        from: { email: '"<b>"@outside.test', name: HOSTILE_NAME },
        subject: HOSTILE_SUBJECT,
        recipients: ['<i>@reply.example.com'],
      }),
    ]);
    expect(text).toContain('&quot;&gt;&lt;script&gt;alert(&quot;name&quot;)&lt;/script&gt;');
    expect(text).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; &lt;b&gt;bold&lt;/b&gt;');
    expect(text).toContain('&lt;i&gt;@reply.example.com');
    expect(text).not.toMatch(/<script>alert|<img src=x|<b>bold|<i>@/);
  });

  it('links each message, counts its attachments and marks a parse error', () => {
    const text = page([listItem({ parse_error: 'Bad <MIME>', attachments: [attachment(), attachment({ id: 'b' })] })]);
    expect(text).toContain(`href="/dashboard/inbound/${ID}"`);
    expect(text).toContain('<td class="num">2</td>');
    expect(text).toContain('title="Bad &lt;MIME&gt;">Unreadable</span>');
    expect(text).toContain('aria-current="page">Inbound</a>');
  });

  it('flags failed verdicts only', () => {
    expect(failedVerdicts(PASSING)).toEqual([]);
    expect(failedVerdicts({ spam: 'fail', virus: 'fail', spf: 'fail', dkim: 'gray', dmarc: 'fail' })).toEqual([
      'Spam',
      'Virus',
      'SPF fail',
      'DMARC fail',
    ]);
    const text = page([listItem({ verdicts: { ...PASSING, dkim: 'fail' } }), listItem({ subject: 'clean' })]);
    expect(text.match(/class="badge bad"/g)).toHaveLength(1);
    expect(text).toContain('<span class="badge bad">DKIM fail</span>');
  });

  it('says when nothing was received, and when a filter matches nothing', () => {
    expect(page([])).toContain('No messages received yet');
    const filtered = bodyOf(
      inboundListPage(
        member,
        { ...filters, from: 'x@y.test' },
        { items: [], pagination: { page: 1, limit: 25, total_count: 0, total_pages: 0 } },
      ),
    );
    expect(filtered).toContain('No received messages match these filters');
  });

  it('shows a fixed notice for a known key only', () => {
    const result = (key: string) =>
      bodyOf(
        inboundListPage(
          member,
          filters,
          { items: [], pagination: { page: 1, limit: 25, total_count: 0, total_pages: 0 } },
          key,
        ),
      );
    expect(result('deleted')).toContain('are deleted');
    expect(result('<b>x</b>')).not.toContain('x</b>');
  });

  it('shows the filters and their problems with a 400', () => {
    const result = invalidInboundFiltersPage(member, { ...filters, to: '"><b>x' }, [
      { field: 'to', message: 'to must be a valid email address' },
    ]);
    expect(result).toMatchObject({ status: 400 });
    const text = bodyOf(result);
    expect(text).toContain('value="&quot;&gt;&lt;b&gt;x" aria-invalid="true" aria-describedby="filter-problems"');
    expect(text).toContain('to must be a valid email address');
  });
});

describe('inboundDetailPage', () => {
  it('escapes the sender, the subject, the headers, the text and the file names', () => {
    const text = bodyOf(
      inboundDetailPage(
        member,
        view({
          from: { email: 'jane@outside.test', name: HOSTILE_NAME },
          subject: HOSTILE_SUBJECT,
          text: '</pre><script>alert(3)</script>',
          headers: [{ name: 'X-<Evil>', value: '<script>alert(4)</script>' }],
          attachments: [attachment({ filename: HOSTILE_FILE, content_id: '<cid>' })],
        }),
      ),
    );
    expect(text).not.toMatch(/<script>alert|<img src=x|<svg onload|<Evil>|<cid>/);
    expect(text).toContain('&quot;&gt;&lt;svg onload=alert(2)&gt;.pdf');
    expect(text).toContain('&lt;/pre&gt;&lt;script&gt;alert(3)&lt;/script&gt;');
    expect(text).toContain(
      `<title>Received: ${'&lt;img src=x onerror=alert(1)&gt; &amp; &lt;b&gt;bold&lt;/b&gt;'} · Postbox</title>`,
    );
  });

  it('frames the HTML body from the body route, never inline', () => {
    const text = bodyOf(inboundDetailPage(member, view({ html: '<p id="inline-body">x</p>' })));
    expect(text).toContain(`<iframe class="body" sandbox src="/dashboard/inbound/${ID}/body"`);
    expect(text).not.toContain('inline-body');
    expect(bodyOf(inboundDetailPage(member, view({ html: null })))).toContain('This message has no HTML part.');
  });

  it('links the presigned downloads and the raw message, escaped', () => {
    const text = bodyOf(inboundDetailPage(member, view()));
    expect(text).toContain('href="https://s3.test/bucket/key?X-Amz-Signature=abc&amp;X-Amz-Expires=3600"');
    expect(text).toContain('href="https://s3.test/bucket/raw.eml?X-Amz-Signature=def"');
    expect(text).toContain('1.5 KB');
    expect(text).not.toContain('withheld (virus)');
  });

  it('says the files are withheld when a virus verdict withholds their links', () => {
    const text = bodyOf(
      inboundDetailPage(
        member,
        view({
          verdicts: { ...PASSING, virus: 'fail' },
          attachments: [attachment({ download_url: null, expires_at: null })],
          raw_url: null,
          raw_expires_at: null,
        }),
      ),
    );
    expect(text.match(/withheld \(virus\)/g)).toHaveLength(2);
    expect(text).not.toContain('s3.test');
    expect(text).toContain('SES found a virus');
    expect(text).toContain('<span class="badge bad">fail</span>');
  });

  it('shows the five verdicts', () => {
    const text = bodyOf(
      inboundDetailPage(
        member,
        view({ verdicts: { spam: 'pass', virus: 'disabled', spf: 'gray', dkim: 'processing_failed', dmarc: 'fail' } }),
      ),
    );
    for (const label of ['Spam', 'Virus', 'SPF', 'DKIM', 'DMARC'])
      expect(text).toContain(`<th scope="row">${label}</th>`);
    expect(text).toContain('<span class="badge ok">pass</span>');
    expect(text).toContain('<span class="badge">disabled</span>');
    expect(text).toContain('<span class="badge warn">gray</span>');
    expect(text).toContain('<span class="badge warn">processing failed</span>');
    expect(text).toContain('<span class="badge bad">fail</span>');
  });

  it('links the sent email it answers, when there is one', () => {
    const emailId = '01900000-0000-7000-8000-000000000002';
    expect(bodyOf(inboundDetailPage(member, view({ in_reply_to_email_id: emailId })))).toContain(
      `<a href="/dashboard/emails/${emailId}">Your email <code>${emailId}</code></a>`,
    );
    expect(bodyOf(inboundDetailPage(member, view()))).not.toContain('href="/dashboard/emails/');
  });

  it('shows the parse error and a delete form carrying the CSRF token', () => {
    const text = bodyOf(inboundDetailPage(member, view({ parse_error: 'Unexpected <end>' })));
    expect(text).toContain('This message could not be read: Unexpected &lt;end&gt;.');
    expect(text).toContain(
      `<form method="post" action="/dashboard/inbound/${ID}/delete"><input type="hidden" name="csrf_token" value="token">`,
    );
  });
});

describe('inboundBodyPage', () => {
  it('serves the received HTML as is, sandboxed, with nothing remote', () => {
    const hostile = '<script>alert(1)</script><p>Body</p>';
    const result = inboundBodyPage({ html: hostile, truncated: false });
    expect(result).toMatchObject({ status: 200, headers: RECEIVED_DOCUMENT_HEADERS });
    // A received message's remote images would tell its sender who read it, and when.
    expect(RECEIVED_DOCUMENT_HEADERS['Content-Security-Policy']).toContain('img-src data:;');
    expect(RECEIVED_DOCUMENT_HEADERS['Content-Security-Policy']).not.toContain('https:');
    expect(bodyOf(result)).toBe(hostile);
    expect(bodyOf(inboundBodyPage({ html: null, truncated: false }))).toContain('This message has no HTML part.');
    expect(bodyOf(inboundBodyPage({ html: null, truncated: true }))).toContain('download the raw message');
  });
});
