/**
 * Attachment filenames as a mail client reads them: RFC 2047 encoded words decoded
 * (compared with libmime, what mailparser decodes with), header syntax and NTFS streams refused, the
 * blocked extensions (Gmail's list, Windows shortcuts) and executable content types whatever the name.
 */

import { createRequire } from 'node:module';
import fc from 'fast-check';
import mime from 'mime';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import {
  BLOCKED_CONTENT_TYPES,
  BLOCKED_EXTENSIONS,
  contentTypeProblem,
  decodeEncodedWords,
  filenameProblem,
} from '#attachments/attachment.ts';
import { attachmentsField } from '#attachments/attachment-request.ts';
import { createAttachmentBody } from '#attachments/attachments.contract.ts';
import { issuesToDetails } from '#http/zod-details.ts';

/** mailparser's decoder (a dependency of the SES emulator; untyped, hence required). */
const libmime = createRequire(import.meta.url)('libmime') as { decodeWords(value: string): string };

const request = z.strictObject({ attachments: attachmentsField });
const content = Buffer.from('hello').toString('base64');

function problems(attachment: Record<string, unknown>) {
  const parsed = request.safeParse({ attachments: [{ filename: 'a.pdf', content, ...attachment }] });
  return parsed.success ? [] : issuesToDetails(parsed.error.issues, 'body');
}

function uploadProblems(body: Record<string, unknown>) {
  const parsed = createAttachmentBody.safeParse({ filename: 'a.pdf', size: 5, ...body });
  return parsed.success ? [] : issuesToDetails(parsed.error.issues, 'body');
}

/** Gmail's list (support.google.com/mail/answer/6590), as the issue quotes it. */
const GMAIL =
  'ade adp apk appx appxbundle bat cab chm cmd com cpl diagcab diagcfg diagpack diagpkg dll dmg ex ex_ exe hta img ins iso isp jar jnlp js jse lib lnk mde mjs msc msi msix msixbundle msp mst nsh pif ps1 scr sct shb sys vb vbe vbs vhd vxd wsc wsf wsh xll';

describe('attachment filenames', () => {
  it.each([
    ['=?utf-8?b?eC5leGU=?=', /\.exe.*"x\.exe"/],
    ['=?UTF-8?Q?x=2Eexe?=', /\.exe.*"x\.exe"/],
    ['invoice =?iso-8859-1?q?=2Eexe?=', /\.exe/],
    ['=?utf-8?b?cmVwb3J0LnBkZg==?=', /encoded-word/],
    ['report=?.pdf', /encoded-word/],
    ['a.pdf"; filename*=utf-8\'\'evil.exe; x="', /header syntax/],
    ['x.exe"', /header syntax/],
    ['x.exe::$DATA', /header syntax/],
    ['report.pdf:Zone.Identifier', /header syntax/],
    ['a;b.pdf', /header syntax/],
    ['a*.pdf', /header syntax/],
    ['x.exe.', /\.exe/],
    ['x.exe . .', /\.exe/],
    ['x.e\u200bxe', /\.exe/],
    ['x\uff0e\uff45\uff58\uff45', /\.exe/],
    ['.url', /\.url/],
    ['Intranet.URL', /\.url/],
    ['.scf', /\.scf/],
    ['Explorer.scf', /\.scf/],
    ['setup.application', /\.application/],
    ['profile.ps1xml', /\.ps1xml/],
    ['home.website', /\.website/],
    ['docs.library-ms', /\.library-ms/],
    ['run.sh', /\.sh/],
    ['app.war', /\.war/],
    ['x.settingcontent-ms', /\.settingcontent-ms/],
  ])('refuses %j naming attachments[0].filename', (filename, message) => {
    expect(filenameProblem(filename)).toMatch(message);
    expect(problems({ filename })).toEqual([
      { field: 'attachments[0].filename', message: expect.stringMatching(message) },
    ]);
    expect(uploadProblems({ filename })).toEqual([{ field: 'filename', message: expect.stringMatching(message) }]);
  });

  it('blocks every extension of Gmail’s list, in any case', () => {
    for (const extension of GMAIL.split(' ')) {
      expect(BLOCKED_EXTENSIONS.has(extension), extension).toBe(true);
      expect(filenameProblem(`file.${extension.toUpperCase()}`), extension).toMatch(/Executable files/);
    }
  });

  it.each([
    'report.pdf',
    'Résumé 2024.docx',
    'photo (1).jpg',
    'README',
    'O’Brien & Sons, Q3 — final v2.xlsx',
    "O'Brien.pdf",
    '日本語の資料.txt',
    'a=b?c.txt',
    'archive.tar.gz',
  ])('accepts %j, which a mail client reads unchanged', (filename) => {
    expect(filenameProblem(filename)).toBeUndefined();
    expect(problems({ filename })).toEqual([]);
    expect(uploadProblems({ filename })).toEqual([]);
    expect(libmime.decodeWords(filename)).toBe(filename);
  });

  it('decodes encoded words as libmime (mailparser) does', () => {
    for (const value of [
      '=?utf-8?b?eC5leGU=?=',
      '=?UTF-8?Q?R=C3=A9sum=C3=A9_2024.docx?=',
      '=?iso-8859-1?q?caf=E9.pdf?=',
      '=?utf-8?b?cmVw?= =?utf-8?b?b3J0LmV4ZQ==?=',
      'invoice =?utf-8?q?=2Eexe?=',
      '=?utf-8*en?q?x.exe?=',
      '=?shift_jis?b?k/qWe4zqLnR4dA==?=',
      'plain.pdf',
    ]) {
      expect(decodeEncodedWords(value), value).toBe(libmime.decodeWords(value));
    }
    // An unknown charset is left as it is (and the markers refuse the name).
    expect(decodeEncodedWords('=?x-unknown?q?a?=')).toBe('=?x-unknown?q?a?=');
  });

  it('accepts only names that a mail client reads as given', () => {
    const unit = fc.constantFrom(...'=?bBqQuUtTfF8-_ .exe"\';*:aé'.split(''));
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 30 }), (filename) => {
        if (filenameProblem(filename) !== undefined) return;
        expect(libmime.decodeWords(filename)).toBe(filename);
        expect(filename).not.toMatch(/["*:;]|=\?|\?=/);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('attachment content types', () => {
  it.each([
    'application/x-msdownload',
    'APPLICATION/X-MSDOWNLOAD',
    'application/x-msdos-program',
    'application/x-dosexec',
    'application/x-executable',
    'application/vnd.microsoft.portable-executable',
    'application/x-sh',
    'application/java-archive',
    'application/x-ms-installer',
    'application/x-msi',
    'application/hta',
    'application/x-ms-application',
    'application/x-powershell',
    'text/x-vbscript',
    'application/x-msdos-batch',
  ])('refuses %s whatever the filename, naming the content type', (contentType) => {
    expect(contentTypeProblem(contentType)).toMatch(/Executable content types/);
    expect(problems({ filename: 'x.zip', content_type: contentType })).toEqual([
      { field: 'attachments[0].content_type', message: expect.stringMatching(/Executable content types/) },
    ]);
    expect(uploadProblems({ filename: 'x.zip', content_type: contentType })).toEqual([
      { field: 'content_type', message: expect.stringMatching(/Executable content types/) },
    ]);
  });

  it('never defaults an accepted name to a refused type: each extension of a refused type is blocked', () => {
    for (const contentType of BLOCKED_CONTENT_TYPES) {
      for (const extension of mime.getAllExtensions(contentType) ?? []) {
        expect(BLOCKED_EXTENSIONS.has(extension), `${contentType} .${extension}`).toBe(true);
      }
    }
  });

  it('accepts ordinary types', () => {
    for (const contentType of [
      'application/pdf',
      'application/zip',
      'image/png',
      'text/csv',
      'application/octet-stream',
    ]) {
      expect(contentTypeProblem(contentType), contentType).toBeUndefined();
    }
  });
});
