/** The Emails pages' pure parts: the list's query string, the rendering and the body route's headers. */
import { describe, expect, it } from 'vitest';
import {
  attachmentAt,
  byteSize,
  type EmailView,
  emailBodyPage,
  emailDetailPage,
} from '#dashboard/emails/email-detail.view.ts';
import { emailListPage, invalidFiltersPage } from '#dashboard/emails/email-list.view.ts';
import { EMAILS_PAGE_SIZE, emailsPageQuery, MAX_EMAILS_PAGE } from '#dashboard/emails/emails.schemas.ts';
import type { PageResult } from '#dashboard/page-result.ts';
import { SANDBOXED_DOCUMENT_HEADERS } from '#dashboard/sandbox.ts';
import type { EmailListItem } from '#emails/list.service.ts';

const member = { organizationId: 'org_test', memberEmail: 'member@example.com', csrfToken: 'token' };

const bodyOf = (result: PageResult): string => {
  if ('redirect' in result) throw new Error('a redirect');
  return result.body.value;
};

const parse = (query: Record<string, string>) => emailsPageQuery.parse(query);

describe('emailsPageQuery', () => {
  it('defaults to the live environment, page 1 and a fixed page size', () => {
    expect(parse({})).toEqual({
      ok: true,
      filters: { status: '', from_date: '', to_date: '', environment: 'live', page: '' },
      list: { page: 1, limit: EMAILS_PAGE_SIZE, environment: 'live' },
    });
  });

  it('reads an empty select or date as no filter, ignores other parameters and any limit', () => {
    const query = parse({ status: '', from_date: '', to_date: ' ', environment: 'test', limit: '100', utm: 'x' });
    expect(query).toMatchObject({ ok: true, list: { page: 1, limit: EMAILS_PAGE_SIZE, environment: 'test' } });
    if (query.ok) expect(query.list).not.toHaveProperty('status');
  });

  it('turns the dates into whole UTC days as GET /api/v1/emails does', () => {
    const query = parse({ status: 'bounced', from_date: '2026-01-02', to_date: '2026-01-03', page: '3' });
    expect(query).toMatchObject({
      ok: true,
      filters: { from_date: '2026-01-02', to_date: '2026-01-03', page: '3' },
      list: {
        status: 'bounced',
        from_date: '2026-01-02T00:00:00.000Z',
        to_date: '2026-01-03T23:59:59.999Z',
        page: 3,
        environment: 'live',
      },
    });
  });

  it.each([
    [{ from_date: '2026-01-03', to_date: '2026-01-02' }, 'to_date', 'must not be before from_date'],
    [{ page: String(MAX_EMAILS_PAGE + 1) }, 'page', `only pages 1–${MAX_EMAILS_PAGE}`],
    [{ page: '0' }, 'page', 'at least 1'],
    [{ page: '1.5' }, 'page', 'whole number'],
    [{ status: 'sent' }, 'status', 'status must be one of'],
    [{ from_date: '2026-01-02T10:00:00Z' }, 'from_date', 'must be a date (yyyy-mm-dd)'],
    [{ to_date: '2026-13-01' }, 'to_date', 'ISO 8601'],
  ])('reports %j as a problem of %s', (input, field, message) => {
    const query = parse(input);
    expect(query.ok).toBe(false);
    if (query.ok) return;
    expect(query.problems).toHaveLength(1);
    expect(query.problems[0]?.field).toBe(field);
    expect(query.problems[0]?.message).toContain(message);
  });

  it('keeps the deepest page allowed', () => {
    expect(parse({ page: String(MAX_EMAILS_PAGE) }).ok).toBe(true);
    expect(MAX_EMAILS_PAGE * EMAILS_PAGE_SIZE).toBe(10_000);
  });

  it('reports an unknown environment, and the form falls back to live', () => {
    expect(parse({ environment: 'prod' })).toMatchObject({
      ok: false,
      filters: { environment: 'live' },
      problems: [{ field: 'environment', message: 'environment must be live or test' }],
    });
  });
});

const listItem = (fields: Partial<EmailListItem> = {}): EmailListItem => ({
  id: '01900000-0000-7000-8000-000000000001',
  message_id: '01900000-0000-7000-8000-000000000001',
  from_address: 'news@example.test',
  to_addresses: ['jane@example.com'],
  cc: [],
  bcc: [],
  reply_to: [],
  subject: 'Hello',
  status: 'delivered',
  priority: 'normal',
  tags: {},
  template_id: null,
  batch_id: null,
  environment: 'live',
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...fields,
});

describe('emailListPage', () => {
  const filters = { status: '', from_date: '', to_date: '', environment: 'live' as const, page: '' };

  it('escapes what the sender wrote', () => {
    const page = bodyOf(
      emailListPage(member, filters, {
        items: [listItem({ subject: '<script>alert(1)</script>', to_addresses: ['"<img>"@example.com'] })],
        pagination: { page: 1, limit: 25, total_count: 1, total_pages: 1 },
      }),
    );
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).toContain('&quot;&lt;img&gt;&quot;@example.com');
    expect(page).not.toContain('<script>alert');
  });

  it('stops the pager at the deepest page the list can reach', () => {
    const page = bodyOf(
      emailListPage(
        member,
        { ...filters, page: String(MAX_EMAILS_PAGE) },
        {
          items: [listItem()],
          pagination: { page: MAX_EMAILS_PAGE, limit: 25, total_count: 20_000, total_pages: 800 },
        },
      ),
    );
    expect(page).toContain(`Page ${MAX_EMAILS_PAGE} of ${MAX_EMAILS_PAGE}`);
    expect(page).not.toContain('rel="next"');
    expect(page).toContain('narrow the dates to reach older ones');
  });

  it('shows the filters and their problems with a 400', () => {
    const result = invalidFiltersPage(member, { ...filters, from_date: '"><b>x' }, [
      { field: 'from_date', message: 'from_date must be a date (yyyy-mm-dd)' },
    ]);
    expect(result).toMatchObject({ status: 400 });
    const page = bodyOf(result);
    expect(page).toContain('value="&quot;&gt;&lt;b&gt;x" aria-invalid="true" aria-describedby="filter-problems"');
    expect(page).toContain('from_date must be a date (yyyy-mm-dd)');
  });
});

const view = (fields: Partial<EmailView> = {}): EmailView => ({
  id: '01900000-0000-7000-8000-000000000002',
  message_id: '01900000-0000-7000-8000-000000000002',
  from_address: 'news@example.test',
  to_addresses: ['jane@example.com'],
  cc: [],
  bcc: [],
  reply_to: [],
  subject: 'Hi',
  html: '<p>Hi</p>',
  text: 'Hi',
  status: 'queued',
  priority: 'normal',
  tags: {},
  template_id: null,
  batch_id: null,
  environment: 'test',
  scheduled_at: '2026-12-01T10:00:00.000Z',
  created_at: '2026-11-22T10:00:00.000Z',
  updated_at: '2026-11-22T10:00:00.000Z',
  attachments: [],
  tracking: { opens: false, clicks: false },
  list_unsubscribe: null,
  internet_message_id: null,
  events: [],
  ...fields,
});

describe('emailDetailPage and emailBodyPage', () => {
  it('shows a scheduled email without events and without an HTML part', () => {
    const page = bodyOf(emailDetailPage(member, view({ html: null })));
    expect(page).toContain('No events yet');
    expect(page).toContain('This email has no HTML part.');
    expect(page).not.toContain('<iframe');
    expect(page).toContain('<time datetime="2026-12-01T10:00:00.000Z">');
  });

  it('shows the tracking switches and the unsubscribe headers the email was sent with', () => {
    const untracked = bodyOf(emailDetailPage(member, view()));
    expect(untracked).toContain('<dt>Tracking</dt><dd>Off</dd>');
    const tracked = bodyOf(
      emailDetailPage(member, view({ tracking: { opens: true, clicks: true }, list_unsubscribe: true })),
    );
    expect(tracked).toContain('<dt>Tracking</dt><dd>Tracks opens and clicks</dd>');
    expect(tracked).toContain('<dt>Unsubscribe link</dt><dd>Postbox one-click link</dd>');
    const own = bodyOf(emailDetailPage(member, view({ list_unsubscribe: { url: 'https://example.com/u?a=1&b=<2>' } })));
    expect(own).toContain('<dd>https://example.com/u?a=1&amp;b=&lt;2&gt;</dd>');
  });

  it('frames the body in an empty sandbox', () => {
    const page = bodyOf(emailDetailPage(member, view()));
    expect(page).toMatch(/<iframe class="body" sandbox src="\/dashboard\/emails\/[0-9a-f-]+\/body" title="[^"]+">/);
  });

  it('serves the stored HTML as is, under a sandboxing CSP, or a placeholder', () => {
    const result = emailBodyPage({ html: '<script>x()</script>' });
    expect(bodyOf(result)).toBe('<script>x()</script>');
    expect('headers' in result && result.headers).toEqual(SANDBOXED_DOCUMENT_HEADERS);
    expect(SANDBOXED_DOCUMENT_HEADERS['Content-Security-Policy']).toMatch(/^sandbox; default-src 'none';/);
    const placeholder = emailBodyPage({ html: null });
    expect(bodyOf(placeholder)).toContain('This email has no HTML part.');
    expect('headers' in placeholder && placeholder.headers).toEqual(SANDBOXED_DOCUMENT_HEADERS);
  });
});

describe('the attachments of the email detail', () => {
  const SHA_A = `${'a'.repeat(60)}0123`;
  const SHA_B = 'b'.repeat(64);
  const attachments: EmailView['attachments'] = [
    {
      filename: '<img src=x onerror=alert(1)>"&.pdf',
      content_type: 'application/pdf',
      size: 1536,
      content_id: null,
      disposition: 'attachment',
      sha256: SHA_A,
    },
    {
      filename: 'logo.png',
      content_type: 'image/png',
      size: 68,
      content_id: 'logo<x>',
      disposition: 'inline',
      sha256: SHA_B,
    },
  ];
  const id = '01900000-0000-7000-8000-000000000002';

  /** The rows of the attachments table (after its caption), one string per row. */
  function attachmentRows(page: string): string[] {
    const table = /<caption class="visually-hidden">Attachments[\s\S]*?<\/table>/.exec(page)?.[0] ?? '';
    const body = /<tbody>([\s\S]*?)<\/tbody>/.exec(table)?.[1] ?? '';
    return [...body.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((match) => match[1] ?? '');
  }

  it('lists each attachment with its facts, escaped, and a download link by index', () => {
    const page = bodyOf(emailDetailPage(member, view({ attachments })));
    expect(page).toContain('<h2 id="attachments-heading">Attachments</h2>');
    expect(page).toContain(
      '<thead><tr><th scope="col">File</th><th scope="col">Content type</th><th scope="col" class="num">Size</th><th scope="col">Inline</th><th scope="col">SHA-256</th><th scope="col">Download</th></tr></thead>',
    );
    expect(page).toContain('works for 5 minutes');
    const [first, second, ...more] = attachmentRows(page);
    expect(more).toEqual([]);

    expect(first).toContain('<td>&lt;img src=x onerror=alert(1)&gt;&quot;&amp;.pdf</td>');
    expect(first).toContain('<td><code>application/pdf</code></td>');
    expect(first).toContain('<td class="num">1.5 KB</td>');
    expect(first).toContain('<td>No</td>');
    expect(first).toContain(`<td><code title="${SHA_A}">${SHA_A.slice(0, 12)}…</code></td>`);
    expect(first).toContain(
      `<a href="/dashboard/emails/${id}/attachments/0">Download<span class="visually-hidden"> &lt;img src=x onerror=alert(1)&gt;&quot;&amp;.pdf</span></a>`,
    );

    expect(second).toContain('<td class="num">68 bytes</td>');
    expect(second).toContain('<td>Yes (<code>cid:logo&lt;x&gt;</code>)</td>');
    expect(second).toContain(`<a href="/dashboard/emails/${id}/attachments/1">Download`);
    expect(page).not.toContain('<img src=x');
  });

  it('says so when there are none, with no table', () => {
    const page = bodyOf(emailDetailPage(member, view()));
    expect(page).toContain(
      '<h2 id="attachments-heading">Attachments</h2>\n<p class="muted">This email has no attachments.</p>',
    );
    expect(page).not.toContain('/attachments/');
    expect(attachmentRows(page)).toEqual([]);
  });

  it('finds the attachment of a download path only by a whole index in range', () => {
    expect(attachmentAt(attachments, '0')).toBe(attachments[0]);
    expect(attachmentAt(attachments, '1')).toBe(attachments[1]);
    for (const index of ['2', '20', '-1', '01', '1.0', '1e0', ' 1', '0x1', '', 'one', '9999', 'constructor']) {
      expect(attachmentAt(attachments, index), index).toBeUndefined();
    }
  });

  it('writes sizes as people read them', () => {
    expect(byteSize(0)).toBe('0 bytes');
    expect(byteSize(1)).toBe('1 byte');
    expect(byteSize(1023)).toBe('1023 bytes');
    expect(byteSize(1024)).toBe('1 KB');
    expect(byteSize(4096 + 512)).toBe('4.5 KB');
    expect(byteSize(8 * 1024 * 1024)).toBe('8 MB');
    expect(byteSize(25 * 1024 * 1024 - 1)).toBe('25 MB');
  });
});
