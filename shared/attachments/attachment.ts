/**
 * An email attachment as a request gives it (docs/api.md, "Attachments"; api-decisions): the rules of
 * its fields, pure. `content` is base64 that must decode exactly (no silent truncation); a filename is
 * ≤ 255 characters without path separators or control characters, and no extension of it may be an
 * executable type (the list Gmail blocks), in any case, anywhere in the name (`invoice.pdf.exe`,
 * `x.EXE.pdf`); `content_id` (≤ 78 characters, no `<>`) makes the part inline; `content_type`
 * defaults from the extension (content-type.ts).
 */
/** Parts per email. */
export const MAX_ATTACHMENTS = 20;
/** Decoded bytes per email, every part together (SES's 40 MB message after MIME's base64). */
export const MAX_ATTACHMENT_BYTES = 25 * 1024 * 1024;
export const MAX_FILENAME_LENGTH = 255;
export const MAX_CONTENT_ID_LENGTH = 78;
export const ATTACHMENT_DISPOSITIONS = ['attachment', 'inline'] as const;
export type AttachmentDisposition = (typeof ATTACHMENT_DISPOSITIONS)[number];

/** Executable types mail providers refuse (Gmail's list and the like), without the dot. */
export const BLOCKED_EXTENSIONS: ReadonlySet<string> = new Set([
  'ade',
  'adp',
  'apk',
  'appx',
  'appxbundle',
  'bat',
  'cab',
  'chm',
  'cmd',
  'com',
  'cpl',
  'diagcab',
  'diagcfg',
  'diagpack',
  'dll',
  'dmg',
  'ex',
  'ex_',
  'exe',
  'hta',
  'img',
  'ins',
  'iso',
  'isp',
  'jar',
  'jnlp',
  'js',
  'jse',
  'lib',
  'lnk',
  'mde',
  'mjs',
  'msc',
  'msi',
  'msix',
  'msixbundle',
  'msp',
  'mst',
  'nsh',
  'pif',
  'ps1',
  'psc1',
  'reg',
  'scr',
  'sct',
  'shb',
  'sys',
  'vb',
  'vbe',
  'vbs',
  'vhd',
  'vxd',
  'wsc',
  'wsf',
  'wsh',
  'xll',
]);

/** Why a filename cannot be an attachment's, or undefined. */
export function filenameProblem(filename: string): string | undefined {
  if (filename.trim() === '') return 'Must not be empty';
  if (filename.length > MAX_FILENAME_LENGTH) return `Must be at most ${MAX_FILENAME_LENGTH} characters`;
  if (/[/\\]/.test(filename)) return 'Must not contain a path separator (/ or \\)';
  // C0 and C1 controls, DEL, and the bidi overrides that make `exe.pdf` read as `fdp.exe`.
  if (/[\p{Cc}\u202a-\u202e\u2066-\u2069]/u.test(filename)) {
    return 'Must not contain control or bidirectional-override characters';
  }
  if (filename === '.' || filename === '..') return 'Must name a file';
  const extensions = filename.toLowerCase().split('.').slice(1);
  const blocked = extensions.find((extension) => BLOCKED_EXTENSIONS.has(extension.trim()));
  if (blocked) return `Executable files (.${blocked}) are not allowed`;
  return undefined;
}

/** Why a content id cannot be an inline part's, or undefined. */
export function contentIdProblem(contentId: string): string | undefined {
  if (contentId === '') return 'Must not be empty';
  if (contentId.length > MAX_CONTENT_ID_LENGTH) return `Must be at most ${MAX_CONTENT_ID_LENGTH} characters`;
  if (/[<>]/.test(contentId)) return 'Must not contain < or > (give the id alone: logo, not <logo>)';
  if (/[^\x21-\x7e]/.test(contentId)) return 'Must be printable ASCII without spaces';
  return undefined;
}

/**
 * The bytes of standard base64 (RFC 4648; line breaks as MIME writes them are allowed), or undefined
 * when it is not base64 or has bits a decoder would drop (Node's decoder stops at the first bad
 * character instead of refusing: a truncated file would be sent silently).
 */
export function decodeBase64Exactly(value: string): Buffer | undefined {
  const compact = value.replace(/\r?\n/g, '');
  if (compact.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(compact)) return undefined;
  const bytes = Buffer.from(compact, 'base64');
  // Canonical: re-encoding gives the same text (unused bits of the last character are zero).
  return bytes.toString('base64') === compact ? bytes : undefined;
}

const CONTENT_TYPE = /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/i;

/** Why a value cannot be a content type, or undefined. */
export function contentTypeProblem(contentType: string): string | undefined {
  return CONTENT_TYPE.test(contentType) ? undefined : 'Must be a media type such as application/pdf';
}

/**
 * An attachment as an email carries it once accepted: what GET /emails/:id lists, and where its bytes
 * are (the organization's blob of `sha256`: shared/platform/buckets.ts objectKeys.blob).
 */
export interface StoredAttachment {
  filename: string;
  content_type: string;
  /** Decoded bytes. */
  size: number;
  /** Set for an inline part (`cid:` in the html). */
  content_id: string | null;
  disposition: AttachmentDisposition;
  /** SHA-256 of the bytes, hex. */
  sha256: string;
}

/** How an upload's id looks: `att_` and base62. */
export const UPLOAD_ID_PREFIX = 'att';
/** The presigned PUT of an upload works this long. */
export const UPLOAD_URL_SECONDS = 3600;
/** A dashboard download link works this long. */
export const DOWNLOAD_URL_SECONDS = 300;

/** A file uploaded for attachments (POST /attachments), as its item stores it. */
export interface AttachmentUpload {
  id: string;
  organization_id: string;
  filename: string;
  content_type: string;
  /** The exact bytes the presigned PUT accepts. */
  size: number;
  created_at: string;
  /** The end of the presigned PUT's hour. */
  upload_expires_at: string;
  /** Sends may name it until then (UPLOAD_USABLE_DAYS). */
  usable_until: string;
  /** Known once a send has read the uploaded bytes. */
  sha256?: string;
}
