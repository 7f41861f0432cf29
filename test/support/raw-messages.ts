/**
 * Raw RFC 5322 messages for the inbound tests and bench: an ordinary one built with nodemailer's
 * composer (text, html, cc, an attachment, an inline image), and hostile ones written byte by byte.
 */
// nodemailer's composer ships untyped; the shape used here is small.
import MailComposer from 'nodemailer/lib/mail-composer/index.js';

export const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

export async function composedMessage(fields: {
  from: string;
  to: string[];
  cc?: string[];
  subject: string;
  text: string;
  html: string;
  inReplyTo?: string;
  references?: string[];
  attachments?: Array<{ filename: string; content: Buffer; contentType?: string; cid?: string }>;
  headers?: Record<string, string>;
}): Promise<Buffer> {
  const composer = new (MailComposer as unknown as new (mail: unknown) => { compile(): { build(): Promise<Buffer> } })({
    ...fields,
    ...(fields.inReplyTo ? { inReplyTo: fields.inReplyTo } : {}),
  });
  return composer.compile().build();
}

const CRLF = '\r\n';

/** A multipart/mixed message of `parts` text parts. */
export function manyParts(parts: number): Buffer {
  const boundary = 'b0undary';
  const body = Array.from(
    { length: parts },
    (_, index) => `--${boundary}${CRLF}Content-Type: text/plain${CRLF}${CRLF}part ${index}${CRLF}`,
  ).join('');
  return Buffer.from(
    `From: a@x.test${CRLF}To: b@y.test${CRLF}Subject: parts${CRLF}MIME-Version: 1.0${CRLF}Content-Type: multipart/mixed; boundary="${boundary}"${CRLF}${CRLF}${body}--${boundary}--${CRLF}`,
  );
}

/** Multiparts nested `depth` deep, a text part at the bottom. */
export function nestedParts(depth: number): Buffer {
  let inner = `Content-Type: text/plain${CRLF}${CRLF}deep${CRLF}`;
  for (let level = depth; level > 0; level -= 1) {
    const boundary = `n${level}`;
    inner = `Content-Type: multipart/mixed; boundary="${boundary}"${CRLF}${CRLF}--${boundary}${CRLF}${inner}--${boundary}--${CRLF}`;
  }
  return Buffer.from(`From: a@x.test${CRLF}To: b@y.test${CRLF}Subject: nested${CRLF}MIME-Version: 1.0${CRLF}${inner}`);
}

/** A header section of about `bytes` bytes (one folded header), then a short body. */
export function hugeHeaders(bytes: number): Buffer {
  const line = `X-Filler: ${'a'.repeat(76)}${CRLF}`;
  const count = Math.ceil(bytes / line.length);
  return Buffer.concat([
    Buffer.from(`From: a@x.test${CRLF}To: b@y.test${CRLF}Subject: big${CRLF}`),
    Buffer.from(line.repeat(count)),
    Buffer.from(`${CRLF}body${CRLF}`),
  ]);
}

/** An attachment whose name is an encoded word (RFC 2047) decoding to `decoded`. */
export function encodedFilename(decoded: string, content: Buffer): Buffer {
  const word = `=?utf-8?b?${Buffer.from(decoded).toString('base64')}?=`;
  const boundary = 'att';
  return Buffer.from(
    [
      'From: a@x.test',
      'To: b@y.test',
      'Subject: file',
      'MIME-Version: 1.0',
      `Content-Type: multipart/mixed; boundary="${boundary}"`,
      '',
      `--${boundary}`,
      'Content-Type: text/plain',
      '',
      'see attached',
      `--${boundary}`,
      `Content-Type: application/octet-stream; name="${word}"`,
      `Content-Disposition: attachment; filename="${word}"`,
      'Content-Transfer-Encoding: base64',
      '',
      content.toString('base64'),
      `--${boundary}--`,
      '',
    ].join(CRLF),
  );
}
