/**
 * The executable-attachment block through the HTTP API: a filename is judged as a
 * mail client reads it (RFC 2047 encoded words decoded), header syntax and NTFS streams are refused,
 * `.url` and `.scf` are blocked, and an executable content type is refused whatever the name — on
 * POST /emails/send, POST /emails/batch and POST /attachments alike, each a 400 naming the field.
 * Ordinary names still pass and reach SES as given.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSender } from '../support/factories.ts';
import { acceptedId, expectError } from '../support/http.ts';
import { eventually, sesMessages } from '../support/ses-store.ts';

const content = Buffer.from('hello').toString('base64');

/** The names the issue found accepted, and the neighbours of their tricks. */
const REFUSED_NAMES = [
  '=?utf-8?b?eC5leGU=?=',
  'a.pdf"; filename*=utf-8\'\'evil.exe; x="',
  'x.exe"',
  'x.exe::$DATA',
  'x.exe.',
  'x.exe ',
  '.url',
  'intranet.url',
  '.scf',
  'explorer.scf',
];

/** Executable content types, refused on a harmless name. */
const REFUSED_TYPES = [
  'application/x-msdownload',
  'application/x-msdos-program',
  'application/x-dosexec',
  'application/x-executable',
  'application/vnd.microsoft.portable-executable',
  'application/x-sh',
  'application/java-archive',
  'application/x-msi',
  'application/hta',
];

const ORDINARY_NAMES = ['report.pdf', 'Résumé 2024.docx', 'photo (1).jpg', 'README'];

type Sender = Awaited<ReturnType<typeof createSender>>;

/** The fields a 400 VALIDATION_ERROR names, and its messages. */
function refused(response: Awaited<ReturnType<Sender['send']>>) {
  const details = expectError(response, 400, 'VALIDATION_ERROR').details ?? [];
  return { fields: details.map((detail) => detail.field), messages: details.map((detail) => detail.message) };
}

describe('executable attachments are refused as a mail client would read them', () => {
  it.each(REFUSED_NAMES)('POST /emails/send refuses the filename %j', async (filename) => {
    const org = await createSender();
    const response = await org.send({ attachments: [{ filename, content }] });
    expect(refused(response).fields).toEqual(['attachments[0].filename']);
  });

  it('names what the client reads for an encoded word', async () => {
    const org = await createSender();
    const response = await org.send({ attachments: [{ filename: '=?utf-8?b?eC5leGU=?=', content }] });
    expect(refused(response).messages).toEqual([
      'Executable files (.exe) are not allowed (mail clients read this name as "x.exe")',
    ]);
  });

  it.each(REFUSED_TYPES)('POST /emails/send refuses x.zip sent as %s', async (contentType) => {
    const org = await createSender();
    const response = await org.send({ attachments: [{ filename: 'x.zip', content, content_type: contentType }] });
    expect(refused(response).fields).toEqual(['attachments[0].content_type']);
  });

  it('POST /emails/batch refuses them too', async () => {
    const org = await createSender();
    const template = await org.api.post('/api/v1/templates', { name: 'T', subject: 'T', text: 'T' });
    expect(template.status, template.text).toBe(201);
    const batch = (attachments: unknown[]) =>
      org.api.post('/api/v1/emails/batch', {
        template_id: template.body.data.id,
        from: { email: `hello@${org.domain}` },
        recipients: [{ to: { email: 'a@example.com' } }],
        attachments,
      });
    expect(refused(await batch([{ filename: '=?utf-8?b?eC5leGU=?=', content }])).fields).toEqual([
      'attachments[0].filename',
    ]);
    expect(refused(await batch([{ filename: 'x.exe::$DATA', content }])).fields).toEqual(['attachments[0].filename']);
    expect(
      refused(await batch([{ filename: 'x.zip', content, content_type: 'application/x-msdownload' }])).fields,
    ).toEqual(['attachments[0].content_type']);
  });

  it('POST /attachments refuses the same names and types, naming the field', async () => {
    const org = await createSender();
    for (const filename of REFUSED_NAMES) {
      const response = await org.api.post('/api/v1/attachments', { filename, size: 5 });
      expect(refused(response).fields, filename).toEqual(['filename']);
    }
    for (const contentType of REFUSED_TYPES) {
      const response = await org.api.post('/api/v1/attachments', {
        filename: 'x.zip',
        content_type: contentType,
        size: 5,
      });
      expect(refused(response).fields, contentType).toEqual(['content_type']);
    }
  });

  it('accepts ordinary names on send and upload, and SES gets them as given', async () => {
    const org = await createSender();
    const subject = `Ordinary names ${randomUUID()}`;
    const id = acceptedId(
      await org.send({ subject, attachments: ORDINARY_NAMES.map((filename) => ({ filename, content })) }),
    );
    const email = (await org.api.get(`/api/v1/emails/${id}`)).body.data;
    expect(email.attachments.map((attachment: { filename: string }) => attachment.filename)).toEqual(ORDINARY_NAMES);
    const [message] = await eventually(async () => {
      const messages = await sesMessages(subject);
      return messages.length > 0 ? messages : undefined;
    });
    expect(message?.attachments?.map((attachment) => attachment.filename)).toEqual(ORDINARY_NAMES);
    for (const filename of ORDINARY_NAMES) {
      const response = await org.api.post('/api/v1/attachments', { filename, size: 5 });
      expect(response.status, response.text).toBe(201);
      expect(response.body.data.filename).toBe(filename);
    }
  });
});
