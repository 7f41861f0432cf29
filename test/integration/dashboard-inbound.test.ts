/**
 * The dashboard's Inbound pages over HTTP on the local stack, as a signed-in member sees them. Messages
 * arrive as in use: sent to the stack's SMTP server for a receiving domain of the member's organization,
 * stored by the inbound parser (a virus verdict through the local stack's X-Postbox-Test-Verdicts header).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { readObject } from '#adapters/attachment-storage.ts';
import { objectKeys } from '#platform/buckets.ts';
import { dashboardMember, type PageResponse } from '../support/dashboard.ts';
import { verifiedDomainFor } from '../support/factories.ts';
import { sendRaw, waitForInbound } from '../support/inbound.ts';
import { composedMessage, PNG_1PX } from '../support/raw-messages.ts';

type Member = Awaited<ReturnType<typeof dashboardMember>>;

const SANDBOX_CSP =
  "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:; frame-ancestors 'self'";

const HOSTILE_NAME = '"><script>alert("from")</script>';
const HOSTILE_SUBJECT = '<img src=x onerror=alert(1)> & <b>bold</b>';
/** What the parser keeps of a file name (it replaces `<>:"|?*`): a quote and an ampersand still break out unescaped. */
const HOSTILE_FILE = "x' onmouseover='alert(2)&.txt";
const HOSTILE_HTML = '<script>alert(3)</script><p id="hostile-body">Hostile body</p>';
const HOSTILE_TEXT = '</pre><script>alert(4)</script>';

function expectPage(response: PageResponse, status = 200) {
  expect(response.status, response.text.slice(0, 2000)).toBe(status);
  expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
}

/** The inbound ids the list's rows link to, in order. */
const linkedIds = (page: PageResponse) =>
  [...page.text.matchAll(/href="\/dashboard\/inbound\/(inb_[0-9A-Za-z]+)"/g)].map((m) => m[1]);

/** The href of the first link whose text is `text` (decoded). */
function hrefOf(page: PageResponse, text: string): string | undefined {
  const match = new RegExp(`<a href="([^"]+)">${text}`).exec(page.text);
  return match?.[1]?.replaceAll('&amp;', '&');
}

/** A receiving domain of the member's organization (a fresh subdomain, verified and switched on through the API). */
async function receivingDomain(member: Member): Promise<string> {
  const domain = await verifiedDomainFor(member.api, `reply.in${randomBytes(5).toString('hex')}.test`);
  const listed = (await member.api.get('/api/v1/domains')).body.data as Array<{ id: string; domain: string }>;
  const id = listed.find((entry) => entry.domain === domain)?.id;
  const switched = await member.api.patch(`/api/v1/domains/${id}`, { receiving: true });
  expect(switched.status, switched.text).toBe(200);
  return domain;
}

const CRLF = '\r\n';
const word = (text: string) => `=?utf-8?b?${Buffer.from(text).toString('base64')}?=`;

/** The hostile message, byte by byte: the name, subject and file name as encoded words, both bodies. */
function hostileMessage(to: string): Buffer {
  return Buffer.from(
    [
      `From: ${word(HOSTILE_NAME)} <jane@outside.test>`,
      `To: ${to}`,
      'Cc: copy@outside.test',
      `Subject: ${word(HOSTILE_SUBJECT)}`,
      `Message-ID: <${randomUUID()}@outside.test>`,
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="mix"',
      '',
      '--mix',
      'Content-Type: multipart/alternative; boundary="alt"',
      '',
      '--alt',
      'Content-Type: text/plain; charset=utf-8',
      '',
      HOSTILE_TEXT,
      '--alt',
      'Content-Type: text/html; charset=utf-8',
      '',
      HOSTILE_HTML,
      '--alt--',
      '--mix',
      `Content-Type: text/plain; name="${word(HOSTILE_FILE)}"`,
      `Content-Disposition: attachment; filename="${word(HOSTILE_FILE)}"`,
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.from('file bytes').toString('base64'),
      '--mix--',
      '',
    ].join(CRLF),
  );
}

describe('dashboard inbound', () => {
  let member: Member;
  let other: Member;

  beforeAll(async () => {
    [member, other] = await Promise.all([dashboardMember(), dashboardMember()]);
  });

  it('shows the nav entry and an empty list with no messages', async () => {
    const page = await member.browser.get('/dashboard/inbound');
    expectPage(page);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(page.text).toContain('<a href="/dashboard/inbound" aria-current="page">Inbound</a>');
    expect(page.text).toContain('No messages received yet');
  });

  it('answers 404 for an unknown id, its body and its delete', async () => {
    const unknown = 'inb_0000000000000000000000000000000';
    expectPage(await member.browser.get(`/dashboard/inbound/${unknown}`), 404);
    expectPage(await member.browser.get('/dashboard/inbound/not-an-id'), 404);
    expect((await member.browser.get(`/dashboard/inbound/${unknown}/body`)).status).toBe(404);
    expectPage(await member.browser.post(`/dashboard/inbound/${unknown}/delete`), 404);
  });

  it.each([
    ['to=not-an-address', 'to'],
    ['from_date=yesterday', 'from_date'],
    ['from_date=2026-01-03&to_date=2026-01-02', 'to_date'],
    ['page=0', 'page'],
  ])('shows the form with the problem of %s (400)', async (query, field) => {
    const page = await member.browser.get(`/dashboard/inbound?${query}`);
    expectPage(page, 400);
    expect(page.text).toContain('These filters cannot be used');
    expect(page.text).toContain(`<strong>${field}</strong>`);
  });

  describe('with received messages', () => {
    let domain: string;
    let hostileId: string;
    let virusId: string;

    beforeAll(async () => {
      domain = await receivingDomain(member);
      // One after the other: the list is newest first.
      await sendRaw(hostileMessage(`support@${domain}`), 'jane@outside.test', [`support@${domain}`]);
      await waitForInbound(member.api, 1);
      await sendRaw(
        await composedMessage({
          from: 'mallory@outside.test',
          to: [`sales@${domain}`],
          subject: 'Infected',
          text: 'see attached',
          html: '<p>see attached</p>',
          attachments: [{ filename: 'pixel.png', content: PNG_1PX, contentType: 'image/png' }],
          headers: { 'X-Postbox-Test-Verdicts': 'spam=fail, virus=fail' },
        }),
        'mallory@outside.test',
        [`sales@${domain}`],
      );
      await waitForInbound(member.api, 2);
      const list = await member.browser.get('/dashboard/inbound');
      [virusId = '', hostileId = ''] = linkedIds(list);
    });

    it('lists them newest first, escaped, with their flags and attachment counts', async () => {
      const page = await member.browser.get('/dashboard/inbound');
      expectPage(page);
      expect(linkedIds(page)).toHaveLength(2);
      expect(page.text).toContain('2 messages.');
      expect(page.text).toContain('Infected</a>');
      expect(page.text).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; &lt;b&gt;bold&lt;/b&gt;');
      expect(page.text).toContain('&quot;&gt;&lt;script&gt;alert(&quot;from&quot;)&lt;/script&gt;');
      expect(page.text).not.toMatch(/<script>alert|<img src=x/);
      expect(page.text).toContain('<span class="badge bad">Spam</span> <span class="badge bad">Virus</span>');
      expect(page.text.match(/<td class="num">1<\/td>/g)).toHaveLength(2);
    });

    it('filters by recipient and sender', async () => {
      const to = await member.browser.get(`/dashboard/inbound?to=SALES%40${domain}`);
      expectPage(to);
      expect(linkedIds(to)).toEqual([virusId]);
      expect(to.text).toContain('1 message matches these filters.');
      const from = await member.browser.get('/dashboard/inbound?from=jane%40outside.test');
      expect(linkedIds(from)).toEqual([hostileId]);
      const none = await member.browser.get('/dashboard/inbound?from=nobody%40outside.test');
      expect(none.text).toContain('No received messages match these filters');
    });

    it('shows a message: headers, verdicts, the text escaped, the HTML framed, the files downloadable', async () => {
      const page = await member.browser.get(`/dashboard/inbound/${hostileId}`);
      expectPage(page);
      expect(page.text).not.toMatch(/<script>alert|<img src=x|x' onmouseover|hostile-body/);
      expect(page.text).toContain('&lt;/pre&gt;&lt;script&gt;alert(4)&lt;/script&gt;');
      expect(page.text).toContain('<td>x&#39; onmouseover=&#39;alert(2)&amp;.txt</td>');
      expect(page.text).toContain(`support@${domain}`);
      expect(page.text).toContain('copy@outside.test');
      expect(page.text).toContain(`<iframe class="body" sandbox src="/dashboard/inbound/${hostileId}/body"`);
      const download = hrefOf(page, 'Download<span');
      expect(download).toBeDefined();
      const file = await fetch(download ?? '');
      expect(file.status).toBe(200);
      expect(await file.text()).toBe('file bytes');
      const raw = await fetch(hrefOf(page, 'Download the message as received') ?? '');
      expect(await raw.text()).toContain('Subject:');

      const frame = await member.browser.get(`/dashboard/inbound/${hostileId}/body`);
      expect(frame.status).toBe(200);
      expect(frame.text.trim()).toBe(HOSTILE_HTML);
      expect(frame.headers.get('content-security-policy')).toBe(SANDBOX_CSP);
      expect(frame.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(frame.headers.get('referrer-policy')).toBe('no-referrer');
      expect(frame.headers.get('cache-control')).toBe('no-store');
    });

    it('withholds the files of a message with a virus', async () => {
      const page = await member.browser.get(`/dashboard/inbound/${virusId}`);
      expectPage(page);
      expect(page.text.match(/withheld \(virus\)/g)).toHaveLength(2);
      expect(page.text).toContain('SES found a virus');
      expect(page.text).not.toContain('X-Amz-Signature');
    });

    it("never shows them to another organization's member", async () => {
      expect(linkedIds(await other.browser.get('/dashboard/inbound'))).toEqual([]);
      expectPage(await other.browser.get(`/dashboard/inbound/${hostileId}`), 404);
      expect((await other.browser.get(`/dashboard/inbound/${hostileId}/body`)).status).toBe(404);
      await other.browser.get('/dashboard/inbound');
      expectPage(await other.browser.post(`/dashboard/inbound/${hostileId}/delete`), 404);
    });

    it('deletes one only with the CSRF token, then goes back to the list', async () => {
      await member.browser.get(`/dashboard/inbound/${virusId}`);
      expectPage(await member.browser.post(`/dashboard/inbound/${virusId}/delete`, {}, { csrf: false }), 403);
      expectPage(await member.browser.get(`/dashboard/inbound/${virusId}`));

      const deleted = await member.browser.post(`/dashboard/inbound/${virusId}/delete`);
      expect(deleted.status, deleted.text).toBe(303);
      expect(deleted.location).toBe('/dashboard/inbound?notice=deleted');
      const list = await member.browser.get(deleted.location ?? '');
      expect(list.text).toContain('are deleted');
      expect(linkedIds(list)).toEqual([hostileId]);
      expectPage(await member.browser.get(`/dashboard/inbound/${virusId}`), 404);
      expect(await readObject(objectKeys.inboundRawCopy(member.organization.id, virusId))).toBeUndefined();
    });
  });
});
