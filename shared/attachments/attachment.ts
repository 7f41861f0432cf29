/**
 * An email attachment as a request gives it, pure: the rules of its fields (`content` base64 that must
 * decode exactly, a safe `filename` judged as a mail client reads it, `content_id`, `content_type`) and
 * the executable extensions and content types refused whatever the name's case or position.
 * The rules in full: docs/api.md, "Attachments".
 */
/** Parts per email. */
export const MAX_ATTACHMENTS = 20;
/** Decoded bytes per email, every part together (SES's 40 MB message after MIME's base64). */
export const MAX_ATTACHMENT_BYTES = 25 * 1024 * 1024;
export const MAX_FILENAME_LENGTH = 255;
export const MAX_CONTENT_ID_LENGTH = 78;
export const ATTACHMENT_DISPOSITIONS = ['attachment', 'inline'] as const;
export type AttachmentDisposition = (typeof ATTACHMENT_DISPOSITIONS)[number];

/**
 * Executable types mail providers refuse, without the dot: Gmail's list (support.google.com/mail/answer/6590);
 * shortcuts, PowerShell and ClickOnce files Windows runs on a double-click, which Outlook blocks too
 * (url, scf, settingcontent-ms, appref-ms, application, xbap, msh*, ps1xml, website, library-ms…); and every extension the `mime` table gives a BLOCKED_CONTENT_TYPES type (sh, csh, war,
 * ear), so that a type defaulted from an accepted name is never a refused one (a unit test checks).
 */
export const BLOCKED_EXTENSIONS: ReadonlySet<string> = new Set([
  'ade',
  'adp',
  'apk',
  'application',
  'appref-ms',
  'appx',
  'appxbundle',
  'bat',
  'cab',
  'chm',
  'cmd',
  'com',
  'cpl',
  'csh',
  'diagcab',
  'diagcfg',
  'diagpack',
  'diagpkg',
  'dll',
  'dmg',
  'ear',
  'ex',
  'ex_',
  'exe',
  'gadget',
  'hlp',
  'hta',
  'img',
  'inf',
  'ins',
  'iso',
  'isp',
  'jar',
  'jnlp',
  'js',
  'jse',
  'lib',
  'library-ms',
  'lnk',
  'mde',
  'mjs',
  'msc',
  'msh',
  'msh1',
  'msh1xml',
  'msh2',
  'msh2xml',
  'mshxml',
  'msi',
  'msix',
  'msixbundle',
  'msp',
  'mst',
  'nsh',
  'pif',
  'ps1',
  'ps1xml',
  'ps2',
  'ps2xml',
  'psc1',
  'psc2',
  'psd1',
  'psm1',
  'reg',
  'scf',
  'scr',
  'sct',
  'search-ms',
  'searchconnector-ms',
  'settingcontent-ms',
  'sh',
  'shb',
  'sys',
  'url',
  'vb',
  'vbe',
  'vbs',
  'vhd',
  'vhdx',
  'vxd',
  'war',
  'website',
  'wsb',
  'wsc',
  'wsf',
  'wsh',
  'xbap',
  'xll',
]);

/**
 * Content types of executables, refused whatever the filename says (a client may pick the program, or
 * the saved name's extension, from the type): Windows and Unix binaries, installers and packages,
 * shortcuts, scripts, Java archives.
 */
export const BLOCKED_CONTENT_TYPES: ReadonlySet<string> = new Set([
  'application/x-msdownload',
  'application/x-msdos-program',
  'application/x-ms-dos-executable',
  'application/x-dosexec',
  'application/x-winexe',
  'application/x-exe',
  'application/exe',
  'application/vnd.microsoft.portable-executable',
  'application/x-executable',
  'application/x-elf',
  'application/x-sharedlib',
  'application/x-mach-binary',
  'application/x-msi',
  'application/x-ms-installer',
  'application/appx',
  'application/appxbundle',
  'application/msix',
  'application/msixbundle',
  'application/vnd.android.package-archive',
  'application/x-apple-diskimage',
  'application/x-iso9660-image',
  'application/x-virtualbox-vhd',
  'application/vnd.ms-cab-compressed',
  'application/vnd.ms-htmlhelp',
  'application/x-ms-shortcut',
  'application/x-mswinurl',
  'application/hta',
  'application/x-bat',
  'application/x-sh',
  'application/x-csh',
  'application/x-shellscript',
  'text/x-shellscript',
  'text/vbscript',
  'text/javascript',
  'application/javascript',
  'application/x-javascript',
  'application/java-archive',
  'application/x-java-archive',
  'application/x-jar',
  'application/x-java-jnlp-file',
  'application/x-ms-application',
  'application/x-ms-xbap',
  'application/x-powershell',
  'application/x-vbscript',
  'text/x-vbscript',
  'text/x-sh',
  'application/bat',
  'application/x-msdos-batch',
]);

/**
 * RFC 2047 encoded words (`=?utf-8?b?eC5leGU=?=`, `=?iso-8859-1?q?caf=E9?=`) decoded, as mail clients
 * display and save a filename; a word of an unknown charset is left as it is. Hand-written rather than
 * libmime's decodeWords (mailparser's, which the tests compare it with): libmime's charset tables would
 * double the send bundle, and Node's TextDecoder knows the charsets.
 */
export function decodeEncodedWords(value: string): string {
  return (
    value
      // Whitespace between two encoded words is not part of the text (RFC 2047 §6.2).
      .replace(/(\?=)\s+(?==\?)/g, '$1')
      // The charset may carry an RFC 2231 language (`utf-8*en`).
      .replace(
        /=\?([^?*\s]+)(?:\*[^?\s]*)?\?([bq])\?([^?\s]*)\?=/gi,
        (word, charset: string, encoding: string, text: string) => {
          const bytes =
            encoding.toLowerCase() === 'b'
              ? Buffer.from(text, 'base64')
              : Buffer.from(
                  text
                    .replace(/_/g, ' ')
                    .replace(/=([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
                  'latin1',
                );
          try {
            return new TextDecoder(charset).decode(bytes);
          } catch {
            return word;
          }
        },
      )
  );
}

/** The first blocked extension of a name, as Windows and mail clients read it; or undefined. */
function blockedExtension(name: string): string | undefined {
  const extensions = name
    // Fullwidth and other compatibility forms (`ｅｘｅ`) read as their plain letters; invisible
    // characters (zero-width spaces, soft hyphens) as nothing.
    .normalize('NFKC')
    .replace(/\p{Default_Ignorable_Code_Point}/gu, '')
    .toLowerCase()
    // Windows drops trailing dots and spaces: `x.exe.` and `x.exe ` are saved as `x.exe`.
    .replace(/[. ]+$/, '')
    .split('.')
    .slice(1);
  return extensions.find((extension) => BLOCKED_EXTENSIONS.has(extension.trim()))?.trim();
}

/** The filename rules in a sentence, for the API reference. */
export const FILENAME_RULES =
  'At most 255 characters; no path separators, control characters, `"` `;` `*` `:` or RFC 2047 encoded words (`=?…?=`: give the name as it should read); no executable extension anywhere in the name (Gmail’s list, `.url`, `.scf`…)';
/** The content type rules in a sentence, for the API reference. */
export const CONTENT_TYPE_RULES =
  'Default: from the filename’s extension. Executable types (`application/x-msdownload`, `application/x-sh`, `application/java-archive`…) are refused whatever the filename';

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
  const decoded = decodeEncodedWords(filename);
  const blocked = blockedExtension(decoded);
  if (blocked) {
    const read = decoded === filename ? '' : ` (mail clients read this name as ${JSON.stringify(decoded)})`;
    return `Executable files (.${blocked}) are not allowed${read}`;
  }
  // Postbox encodes the name for the message itself: encoded words given here would be decoded by
  // the recipient's client into a name this check never saw.
  if (/=\?|\?=/.test(filename)) {
    return 'Must not contain RFC 2047 encoded-word markers (=? or ?=): give the name as it should read';
  }
  // Header syntax: a quote ends the parameter, `;` starts another (`filename*=` with `*`), and `:` names
  // an NTFS stream (`x.exe::$DATA`).
  if (/["*:;]/.test(filename)) return 'Must not contain ", ;, * or : (header syntax, or an NTFS stream)';
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

/** Why a value cannot be an attachment's content type, or undefined. */
export function contentTypeProblem(contentType: string): string | undefined {
  if (!CONTENT_TYPE.test(contentType)) return 'Must be a media type such as application/pdf';
  if (BLOCKED_CONTENT_TYPES.has(contentType.toLowerCase())) {
    return `Executable content types (${contentType.toLowerCase()}) are not allowed, whatever the filename`;
  }
  return undefined;
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
  /** S3's ETag of the bytes `sha256` hashes (set with it): the upload is sealed to them. */
  etag?: string;
}
