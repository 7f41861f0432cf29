/**
 * The inbound parser against ordinary and hostile mail (anyone can send it): every case is stored or
 * refused deliberately, never a throw, within bounded time (the worst cases are timed by
 * `npm run bench -- inbound`).
 */
import { createHash, randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { MAX_MIME_PARTS, parseInboundMessage, safeFilename } from '#inbound/parse-message.ts';
import {
  composedMessage,
  encodedFilename,
  hugeHeaders,
  manyParts,
  nestedParts,
  PNG_1PX,
} from '../../support/raw-messages.ts';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function parsed(raw: Buffer) {
  const result = await parseInboundMessage(raw);
  if (!result.ok) throw new Error(`expected a parsed message, got ${result.error}`);
  return result.message;
}

describe('parseInboundMessage', () => {
  it('reads addresses, subject, both bodies, threading headers, an attachment and an inline image', async () => {
    const pdf = randomBytes(2048);
    const message = await parsed(
      await composedMessage({
        from: '"Jane Doe" <Jane@Example.test>',
        to: ['support@reply.acme.test', 'Sales <sales@reply.acme.test>'],
        cc: ['boss@example.test'],
        subject: 'Re: your order',
        text: 'Thanks!',
        html: '<p>Thanks! <img src="cid:logo@acme"></p>',
        inReplyTo: '<abc@us-east-1.amazonses.com>',
        references: ['<root@x.test>', '<abc@us-east-1.amazonses.com>'],
        attachments: [
          { filename: 'invoice.pdf', content: pdf, contentType: 'application/pdf' },
          { filename: 'logo.png', content: PNG_1PX, contentType: 'image/png', cid: 'logo@acme' },
        ],
      }),
    );
    expect(message.from).toEqual({ email: 'jane@example.test', name: 'Jane Doe' });
    expect(message.to).toEqual([
      { email: 'support@reply.acme.test', name: null },
      { email: 'sales@reply.acme.test', name: 'Sales' },
    ]);
    expect(message.cc).toEqual([{ email: 'boss@example.test', name: null }]);
    expect(message.subject).toBe('Re: your order');
    expect(message.text?.trim()).toBe('Thanks!');
    expect(message.html).toContain('cid:logo@acme');
    expect(message.inReplyTo).toBe('<abc@us-east-1.amazonses.com>');
    expect(message.references).toEqual(['<root@x.test>', '<abc@us-east-1.amazonses.com>']);
    expect(message.internetMessageId).toMatch(/^<.+@.+>$/);
    const file = message.attachments.find((attachment) => attachment.filename === 'invoice.pdf');
    const image = message.attachments.find((attachment) => attachment.filename === 'logo.png');
    expect(message.attachments).toHaveLength(2);
    expect(file).toMatchObject({
      filename: 'invoice.pdf',
      contentType: 'application/pdf',
      size: 2048,
      disposition: 'attachment',
    });
    expect(file?.sha256).toBe(sha256(pdf));
    expect(image).toMatchObject({ filename: 'logo.png', contentId: 'logo@acme', disposition: 'inline' });
    expect(image?.content.equals(PNG_1PX)).toBe(true);
  });

  it(`refuses more than ${MAX_MIME_PARTS} MIME parts before parsing, and reads ${MAX_MIME_PARTS}`, async () => {
    const tooMany = await parseInboundMessage(manyParts(10_000));
    expect(tooMany).toEqual({ ok: false, error: `The message has more than ${MAX_MIME_PARTS} MIME parts` });
    const most = await parsed(manyParts(MAX_MIME_PARTS - 1));
    expect(most.text).toContain(`part ${MAX_MIME_PARTS - 2}`);
  });

  it('reads multiparts nested 900 deep without overflowing the stack', async () => {
    const result = await parseInboundMessage(nestedParts(900));
    expect(result.ok ? result.message.text : result.error).toBeTruthy();
  });

  it('refuses a 25 MB header section before parsing it', async () => {
    expect(await parseInboundMessage(hugeHeaders(25 * 1024 * 1024))).toEqual({
      ok: false,
      error: 'The header section is larger than 1024 KB',
    });
  });

  it('keeps no NUL, bare CR or other control character in a header value', async () => {
    const raw = Buffer.from(
      'From: a@x.test\r\nTo: b@y.test\r\nSubject: nul\u0000here\rand\r\nX-Odd: one\u0000two\u0007\r\n\r\nbody\r\n',
    );
    const message = await parsed(raw);
    const hasControl = (text: string | null) => [...(text ?? '')].some((c) => c.charCodeAt(0) < 32 || c === '\u007f');
    for (const header of message.headers) expect(hasControl(header.value), header.name).toBe(false);
    expect(hasControl(message.subject)).toBe(false);
  });

  it('decodes a body in an unknown charset without failing', async () => {
    const raw = Buffer.from(
      'From: a@x.test\r\nTo: b@y.test\r\nSubject: charset\r\nContent-Type: text/plain; charset="x-no-such-charset"\r\n\r\nhello \xff\xfe\r\n',
      'latin1',
    );
    expect((await parsed(raw)).text).toContain('hello');
  });

  it('names files safely: an encoded ../ path keeps its last segment, .exe stays .exe, nothing left is attachment-1', async () => {
    const bytes = randomBytes(100);
    const traversal = await parsed(encodedFilename('../../etc/passwd', bytes));
    expect(traversal.attachments[0]?.filename).toBe('passwd');
    expect((await parsed(encodedFilename('invoice.pdf.exe', bytes))).attachments[0]?.filename).toBe('invoice.pdf.exe');
    expect((await parsed(encodedFilename('..', bytes))).attachments[0]?.filename).toBe('attachment-1');
    expect(safeFilename('C:\\Windows\\evil.bat', 0)).toBe('evil.bat');
    expect(safeFilename('a\u0000b<>.txt', 2)).toBe('ab__.txt');
    expect(safeFilename(undefined, 2)).toBe('attachment-3');
  });

  it('stores a compression bomb as the bytes it is, never unpacked', async () => {
    const bomb = gzipSync(Buffer.alloc(50 * 1024 * 1024));
    const message = await parsed(encodedFilename('bomb.gz', bomb));
    expect(message.attachments[0]).toMatchObject({ size: bomb.length, sha256: sha256(bomb) });
    expect(bomb.length).toBeLessThan(100 * 1024);
  });

  it('keeps html with scripts as sent (it is only ever shown sandboxed) and a spoofed From as written', async () => {
    const message = await parsed(
      await composedMessage({
        from: 'ceo@acme.test',
        to: ['support@reply.acme.test'],
        subject: 'urgent',
        text: 'pay',
        html: '<script>alert(1)</script><p>pay</p>',
      }),
    );
    expect(message.html).toContain('<script>');
    expect(message.from?.email).toBe('ceo@acme.test');
  });

  it('answers something for malformed MIME and for bytes that are not mail at all, never a throw', async () => {
    const broken = Buffer.from(
      'From: a@x.test\r\nContent-Type: multipart/mixed; boundary="never"\r\n\r\n--other\r\nno end\r\n',
    );
    for (const raw of [broken, randomBytes(4096), Buffer.alloc(0)]) {
      const result = await parseInboundMessage(raw);
      expect(typeof (result.ok ? result.message : result.error)).toBe(result.ok ? 'object' : 'string');
    }
  });
});
