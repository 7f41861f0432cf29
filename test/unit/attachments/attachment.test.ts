/**
 * The attachment rules and the `attachments` request field: every validation branch names its field
 * as the API reports it (`attachments[i].<field>`), and what passes is normalised.
 */

import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { decodeBase64Exactly, filenameProblem, MAX_ATTACHMENT_BYTES } from '#attachments/attachment.ts';
import { attachmentsField } from '#attachments/attachment-request.ts';
import { contentTypeFor } from '#attachments/content-type.ts';
import { issuesToDetails } from '#http/zod-details.ts';

const request = z.strictObject({ attachments: attachmentsField });
const everyByte = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
const pdf = { filename: 'invoice.pdf', content: everyByte.toString('base64') };

function problems(attachments: unknown[]) {
  const parsed = request.safeParse({ attachments });
  return parsed.success ? [] : issuesToDetails(parsed.error.issues, 'body');
}

describe('attachments', () => {
  it('decodes every byte value unchanged, defaults the disposition and leaves a missing content type to the storing', () => {
    const parsed = request.parse({
      attachments: [
        pdf,
        { filename: 'logo.PNG', content: 'iVBORw0KGgo=', content_id: 'logo', content_type: 'Image/PNG' },
      ],
    }).attachments;
    expect(parsed[0]).toMatchObject({ content_type: null, content_id: null, disposition: 'attachment' });
    expect(parsed[0]?.source).toEqual({ kind: 'content', bytes: everyByte });
    expect(parsed[1]).toMatchObject({ content_type: 'image/png', content_id: 'logo', disposition: 'inline' });
    expect(contentTypeFor('calendar.ics')).toBe('text/calendar');
    expect(contentTypeFor('no-extension')).toBe('application/octet-stream');
  });

  it.each([
    ['invoice.pdf.exe', /\.exe/],
    ['invoice.EXE', /\.exe/],
    ['x.js.pdf', /\.js/],
    ['setup.msi', /\.msi/],
    ['../x.pdf', /path separator/],
    ['a\\b.pdf', /path separator/],
    ['tab\there.pdf', /control/],
    ['gpj\u202Eexe.pdf', /bidirectional/],
    ['x'.repeat(256), /255/],
    ['', /empty/],
  ])('refuses the filename %j', (filename, message) => {
    expect(filenameProblem(filename)).toMatch(message);
    expect(problems([{ ...pdf, filename }])).toEqual([
      { field: 'attachments[0].filename', message: expect.stringMatching(message) },
    ]);
  });

  it('refuses base64 that does not decode exactly, naming the content', () => {
    for (const content of ['not base64!', 'QUJD=', 'QUJDRA', 'QR==']) {
      expect(decodeBase64Exactly(content), content).toBeUndefined();
      expect(problems([{ ...pdf, content }])).toEqual([
        { field: 'attachments[0].content', message: expect.any(String) },
      ]);
    }
    // MIME-style line breaks are fine.
    expect(decodeBase64Exactly('QUJD\r\nREVG')).toEqual(Buffer.from('ABCDEF'));
  });

  it('wants exactly one of content and attachment_id', () => {
    expect(problems([{ filename: 'a.pdf' }])).toEqual([
      { field: 'attachments[0].content', message: expect.stringMatching(/exactly one/) },
    ]);
    expect(problems([{ ...pdf, attachment_id: 'att_1' }])).toEqual([
      { field: 'attachments[0].attachment_id', message: expect.stringMatching(/exactly one/) },
    ]);
    expect(
      request.parse({ attachments: [{ filename: 'big.zip', attachment_id: 'att_1' }] }).attachments[0]?.source,
    ).toEqual({
      kind: 'upload',
      attachment_id: 'att_1',
    });
  });

  it('checks content ids, content types, the count and the decoded total', () => {
    expect(problems([{ ...pdf, content_id: 'x'.repeat(79) }])[0]?.field).toBe('attachments[0].content_id');
    expect(problems([{ ...pdf, content_id: '<logo>' }])[0]?.message).toMatch(/< or >/);
    expect(problems([{ ...pdf, content_type: 'pdf' }])[0]?.field).toBe('attachments[0].content_type');
    expect(problems(Array.from({ length: 21 }, () => pdf))[0]).toEqual({
      field: 'attachments',
      message: 'At most 20 attachments per email',
    });
    const half = Buffer.alloc(MAX_ATTACHMENT_BYTES / 2 + 1).toString('base64');
    expect(
      problems([
        { filename: 'a.bin', content: half },
        { filename: 'b.bin', content: half },
      ]),
    ).toEqual([{ field: 'attachments', message: 'Attachments may total at most 25 MB decoded per email' }]);
    expect(problems([{ ...pdf, secret: 1 }])[0]?.field).toMatch(/^attachments\[0\]/);
  });
});
