/**
 * The email detail's attachments over HTTP on the local stack (S3 emulator), as a signed-in member
 * sees them: the page lists each file with a Download link, the link answers a 302 (no-store) to a
 * presigned GET on the emulator, and that URL serves exactly the bytes sent, as a download of the
 * file's name (and refuses the URL altered to name another). Another organization's member, an index
 * the email has no attachment at and a visitor without a session never get a link. Every URL fetched
 * is checked to be on a loopback address first.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { createMember } from '#accounts/members.service.ts';
import { DOWNLOAD_URL_SECONDS } from '#attachments/attachment.ts';
import { DashboardBrowser, dashboardMember, MEMBER_PASSWORD, type PageResponse } from '../support/dashboard.ts';
import { createSender } from '../support/factories.ts';
import { acceptedId } from '../support/http.ts';

const { env } = inject('localCloud');

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Only 127.0.0.0/8 and ::1 are ever fetched: a test must not reach anything off this machine. */
function loopbackUrl(url: string): URL {
  const parsed = new URL(url);
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  const loopback = (isIP(host) === 4 && host.startsWith('127.')) || host === '::1';
  if (!loopback) throw new Error(`refusing to fetch ${url}: not a loopback address`);
  return parsed;
}

/** The href of each Download link of the page's attachments table, in order (HTML-unescaped). */
const downloadLinks = (page: PageResponse) =>
  [...page.text.matchAll(/<a href="(\/dashboard\/emails\/[0-9a-f-]{36}\/attachments\/\d+)">Download/g)].map((match) =>
    (match[1] ?? '').replaceAll('&amp;', '&'),
  );

function expectNotFound(response: PageResponse) {
  expect(response.status, response.text.slice(0, 500)).toBe(404);
  expect(response.location).toBeNull();
  expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
  expect(response.text).toContain('<h1>Not found</h1>');
}

/** A binary file (every byte value) with some random bytes, so each run stores a blob of its own. */
const INVOICE = Buffer.concat([Buffer.from(Array.from({ length: 256 }, (_, index) => index)), randomBytes(2048)]);
const REPORT = Buffer.from('month,total\n2026-11,42\n');
const REPORT_NAME = 'Relevé n°3.csv';

describe('dashboard: an email’s attachments', () => {
  let sender: Awaited<ReturnType<typeof createSender>>;
  let browser: DashboardBrowser;
  let emailId: string;

  beforeAll(async () => {
    sender = await createSender();
    const email = `member-${randomBytes(6).toString('hex')}@example.com`;
    await createMember(sender.organization.id, email, MEMBER_PASSWORD);
    browser = new DashboardBrowser();
    await browser.signIn(email, MEMBER_PASSWORD);
    // The email exists once the send has answered 201.
    emailId = acceptedId(
      await sender.send({
        subject: `Invoice ${randomUUID()}`,
        attachments: [
          { filename: 'invoice.pdf', content: INVOICE.toString('base64') },
          { filename: REPORT_NAME, content: REPORT.toString('base64') },
        ],
      }),
    );
  });

  it('lists them on the email detail, each with a Download link', async () => {
    const page = await browser.get(`/dashboard/emails/${emailId}`);
    expect(page.status, page.text.slice(0, 500)).toBe(200);
    expect(page.text).toContain('<h2 id="attachments-heading">Attachments</h2>');
    expect(page.text).toContain('<td>invoice.pdf</td>');
    expect(page.text).toContain('<td><code>application/pdf</code></td>');
    expect(page.text).toContain('<td class="num">2.3 KB</td>');
    expect(page.text).toContain(`<code title="${sha256(INVOICE)}">${sha256(INVOICE).slice(0, 12)}…</code>`);
    expect(page.text).toContain(`<td>${REPORT_NAME}</td>`);
    expect(downloadLinks(page)).toEqual([
      `/dashboard/emails/${emailId}/attachments/0`,
      `/dashboard/emails/${emailId}/attachments/1`,
    ]);
  });

  it('redirects a Download to a short-lived presigned URL on the S3 emulator that serves exactly the bytes', async () => {
    for (const [index, bytes, filename, contentType] of [
      [0, INVOICE, 'invoice.pdf', 'application/pdf'],
      [1, REPORT, REPORT_NAME, 'text/csv'],
    ] as const) {
      const download = await browser.get(`/dashboard/emails/${emailId}/attachments/${index}`);
      expect(download.status, download.text.slice(0, 500)).toBe(302);
      expect(download.headers.get('cache-control')).toBe('no-store');
      expect(download.text).toBe('');
      const location = loopbackUrl(download.location ?? '');
      expect(location.hostname).toBe('127.0.0.1');
      expect(`${location.origin}${location.pathname}`).toBe(
        `${env.S3_ENDPOINT}/${env.ATTACHMENTS_BUCKET}/blobs/${sender.organization.id}/${sha256(bytes)}`,
      );
      expect(location.searchParams.get('X-Amz-Expires')).toBe(String(DOWNLOAD_URL_SECONDS));
      expect(location.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);

      const file = await fetch(location, { redirect: 'error' });
      const body = Buffer.from(await file.arrayBuffer());
      expect(file.status, body.toString('utf8').slice(0, 500)).toBe(200);
      expect(sha256(body)).toBe(sha256(bytes));
      expect(body.length).toBe(bytes.length);
      expect(file.headers.get('content-disposition')).toBe(
        `attachment; filename*=UTF-8''${encodeURIComponent(filename)}`,
      );
      expect(decodeURIComponent(file.headers.get('content-disposition')?.split("''")[1] ?? '')).toBe(filename);
      expect(file.headers.get('content-type')).toContain(contentType);

      // The signature covers the file name: a link altered to name another file is refused.
      const altered = new URL(location);
      altered.searchParams.set('response-content-disposition', "attachment; filename*=UTF-8''other.html");
      const refused = await fetch(loopbackUrl(altered.href), { redirect: 'error' });
      expect(refused.status).toBe(403);
      expect(await refused.text()).toContain('<Code>SignatureDoesNotMatch</Code>');
    }
  });

  it('answers 404 for an index the email has no attachment at, or one that is not a number', async () => {
    for (const index of ['2', '20', '01', '-1', 'x', '1.0']) {
      expectNotFound(await browser.get(`/dashboard/emails/${emailId}/attachments/${index}`));
    }
  });

  it('answers 404 to another organization’s member, and sends a visitor without a session to sign-in', async () => {
    const other = await dashboardMember();
    const path = `/dashboard/emails/${emailId}/attachments/0`;
    expectNotFound(await other.browser.get(path));
    expectNotFound(await other.browser.get(`/dashboard/emails/${emailId}`));

    const visitor = await new DashboardBrowser().get(path);
    expect(visitor.status).toBe(303);
    expect(visitor.location).toBe(`/dashboard/sign-in?next=${encodeURIComponent(path)}`);
  });
});
