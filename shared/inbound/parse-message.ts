/**
 * A received message's MIME, parsed with mailparser (never by hand) within bounds that hold for any
 * input: at most 30 MB, a header section of at most 1 MB, at most 1,000 MIME parts (counted before
 * parsing), header values cleaned of control characters, attachments named safely. A message it cannot
 * read is a `parse_error`, never a throw: the caller keeps it raw. Rules: docs/api.md, "Inbound email".
 */
import { createHash } from 'node:crypto';
import { type AddressObject, type Attachment, simpleParser } from 'mailparser';

export const MAX_INBOUND_MESSAGE_BYTES = 30 * 1024 * 1024;
export const MAX_HEADER_SECTION_BYTES = 1024 * 1024;
export const MAX_MIME_PARTS = 1000;
/** Header values longer than this are cut (a Received chain can be long; nothing needs more). */
const MAX_HEADER_VALUE_CHARS = 16 * 1024;

export interface InboundAddress {
  email: string;
  name: string | null;
}

export interface ParsedAttachment {
  filename: string;
  contentType: string;
  size: number;
  contentId: string | null;
  disposition: 'attachment' | 'inline';
  sha256: string;
  content: Buffer;
}

export interface ParsedMessage {
  from: InboundAddress | null;
  to: InboundAddress[];
  cc: InboundAddress[];
  replyTo: InboundAddress[];
  subject: string | null;
  text: string | null;
  html: string | null;
  headers: Array<{ name: string; value: string }>;
  internetMessageId: string | null;
  inReplyTo: string | null;
  references: string[];
  attachments: ParsedAttachment[];
}

export type ParseResult = { ok: true; message: ParsedMessage } | { ok: false; error: string };

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes.
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/g;
const clean = (value: string): string => value.replace(CONTROL, '').replace(/\s+/g, ' ').trim();

/** Where the header section ends (the first empty line), or the message's length. */
function headerSectionLength(raw: Buffer): number {
  const crlf = raw.indexOf('\r\n\r\n');
  const lf = raw.indexOf('\n\n');
  const ends = [crlf, lf].filter((index) => index >= 0);
  return ends.length > 0 ? Math.min(...ends) : raw.length;
}

/** MIME part headers at the start of a line: an upper bound on the parts mailparser would build. */
function mimePartCount(raw: Buffer): number {
  const text = raw.toString('latin1');
  return text.match(/(?:^|\n)content-type[ \t]*:/gi)?.length ?? 0;
}

function addresses(objects: AddressObject | AddressObject[] | undefined): InboundAddress[] {
  const flat = [objects ?? []].flat().flatMap((object) => object.value);
  const all = flat.flatMap((entry) => (entry.group ? entry.group : [entry]));
  return all
    .filter((entry) => typeof entry.address === 'string' && entry.address.includes('@'))
    .map((entry) => ({ email: clean(entry.address as string).toLowerCase(), name: clean(entry.name) || null }));
}

/**
 * A file name safe to show and to offer for download: the last path segment, no control characters,
 * no leading dots, at most 200 characters; `attachment-<n>` when nothing is left. The extension is kept
 * (a `.exe` stays a `.exe`: Postbox stores files, it never runs or unpacks them).
 */
export function safeFilename(name: string | undefined, index: number): string {
  const segment =
    clean(name ?? '')
      .split(/[/\\]/)
      .pop() ?? '';
  const trimmed = segment
    .replace(/^[.\s]+/, '')
    .replace(/[<>:"|?*]/g, '_')
    .slice(-200);
  return trimmed === '' ? `attachment-${index + 1}` : trimmed;
}

function attachmentOf(attachment: Attachment, index: number): ParsedAttachment {
  return {
    filename: safeFilename(attachment.filename, index),
    contentType: clean(attachment.contentType || 'application/octet-stream')
      .toLowerCase()
      .slice(0, 200),
    size: attachment.content.length,
    contentId: attachment.cid ? clean(attachment.cid).slice(0, 500) : null,
    disposition: attachment.contentDisposition === 'inline' ? 'inline' : 'attachment',
    sha256: createHash('sha256').update(attachment.content).digest('hex'),
    content: attachment.content,
  };
}

const messageIds = (value: string | string[] | undefined): string[] =>
  [value ?? []]
    .flat()
    .flatMap((entry) => clean(entry).split(' '))
    .filter((entry) => entry !== '')
    .slice(0, 100);

export async function parseInboundMessage(raw: Buffer): Promise<ParseResult> {
  if (raw.length > MAX_INBOUND_MESSAGE_BYTES) {
    return { ok: false, error: `The message is larger than ${MAX_INBOUND_MESSAGE_BYTES / 1024 / 1024} MB` };
  }
  if (headerSectionLength(raw) > MAX_HEADER_SECTION_BYTES) {
    return { ok: false, error: `The header section is larger than ${MAX_HEADER_SECTION_BYTES / 1024} KB` };
  }
  if (mimePartCount(raw) > MAX_MIME_PARTS) {
    return { ok: false, error: `The message has more than ${MAX_MIME_PARTS} MIME parts` };
  }
  try {
    const parsed = await simpleParser(raw, {
      skipHtmlToText: true,
      skipTextToHtml: true,
      skipTextLinks: true,
      skipImageLinks: true,
      keepCidLinks: true,
    });
    const inReplyTo = messageIds(parsed.inReplyTo)[0] ?? null;
    return {
      ok: true,
      message: {
        from: addresses(parsed.from)[0] ?? null,
        to: addresses(parsed.to),
        cc: addresses(parsed.cc),
        replyTo: addresses(parsed.replyTo),
        subject: parsed.subject === undefined ? null : clean(parsed.subject).slice(0, 2000),
        text: parsed.text ?? null,
        html: typeof parsed.html === 'string' ? parsed.html : null,
        headers: parsed.headerLines.map((line) => ({
          name: clean(line.key).slice(0, 200),
          value: clean(line.line.slice(line.line.indexOf(':') + 1)).slice(0, MAX_HEADER_VALUE_CHARS),
        })),
        internetMessageId: parsed.messageId ? clean(parsed.messageId).slice(0, 1000) : null,
        inReplyTo,
        references: messageIds(parsed.references),
        attachments: parsed.attachments.map(attachmentOf),
      },
    };
  } catch (error) {
    // Malformed beyond what mailparser reads (or a nesting it refuses): kept raw by the caller.
    return { ok: false, error: `The message could not be parsed: ${(error as Error).name}` };
  }
}
