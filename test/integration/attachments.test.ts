/**
 * Attachments through the HTTP API on the local stack (S3 emulator, SES emulator): bytes reach SES
 * unchanged (compared by SHA-256), inline parts keep their Content-ID, a batch stores its files once,
 * large files go through a presigned upload, and every way a request can be wrong is a 400 naming the
 * field — the other organization's upload included, whose bytes are never sent.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import { db, tableName } from '#dynamo/client.ts';
import { keys } from '#dynamo/keys.ts';
import { createSender } from '../support/factories.ts';
import { acceptedId, expectError } from '../support/http.ts';
import { localBucketClient } from '../support/s3-bucket.ts';
import { eventually, type StoredMessage, sesMessages } from '../support/ses-store.ts';

const { env } = inject('localCloud');
const bucket = localBucketClient();

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
/** Every byte value, twice over: what a PDF or any binary file can hold. */
const BINARY = Buffer.from(Array.from({ length: 256 }, (_, index) => index));
/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const MB = 1024 * 1024;

/** The emulator's message with this subject, once there. */
async function delivered(subject: string, count = 1): Promise<StoredMessage[]> {
  return eventually(async () => {
    const messages = await sesMessages(subject);
    return messages.length >= count ? messages : undefined;
  }, 20_000);
}

const partsOf = (message: StoredMessage) =>
  (message.attachments ?? []).map((part) => ({
    filename: part.filename,
    contentType: part.contentType,
    contentId: part.contentId ?? null,
    contentDisposition: part.contentDisposition ?? null,
    sha256: sha256(Buffer.from(part.content, 'base64')),
  }));

/** The blobs the organization has in the bucket (a signed listing: the emulator, as S3, refuses an unsigned one). */
async function blobsOf(organizationId: string): Promise<string[]> {
  const listed = await bucket.send(
    new ListObjectsV2Command({ Bucket: env.ATTACHMENTS_BUCKET, Prefix: `blobs/${organizationId}/` }),
  );
  return (listed.Contents ?? []).map((object) => object.Key ?? '');
}

type Sender = Awaited<ReturnType<typeof createSender>>;

/** POST /attachments, then the PUT it presigned (with `bytes`, or none). */
async function upload(org: Sender, filename: string, bytes: Buffer | undefined, size = bytes?.length ?? 1) {
  const created = await org.api.post('/api/v1/attachments', { filename, size });
  expect(created.status, created.text).toBe(201);
  const data = created.body.data as { id: string; upload_url: string; upload_headers: Record<string, string> };
  if (bytes) {
    const put = await fetch(data.upload_url, { method: 'PUT', headers: data.upload_headers, body: bytes });
    expect(put.status, await put.text()).toBe(200);
  }
  return data;
}

const problemsOf = (response: Awaited<ReturnType<Sender['send']>>) =>
  expectError(response, 400, 'VALIDATION_ERROR').details?.map((detail) => detail.field) ?? [];

describe('attachments on POST /emails/send', () => {
  it('delivers a binary file and an inline image byte for byte, and lists them on the email', async () => {
    const org = await createSender();
    const subject = `Invoice ${randomUUID()}`;
    const id = acceptedId(
      await org.send({
        subject,
        html: '<p>Your invoice</p><img src="cid:logo" alt="Acme">',
        attachments: [
          { filename: 'invoice.pdf', content: BINARY.toString('base64') },
          { filename: 'logo.png', content: PNG.toString('base64'), content_id: 'logo' },
        ],
      }),
    );
    const [message] = await delivered(subject);
    expect(message && partsOf(message)).toEqual([
      {
        filename: 'invoice.pdf',
        contentType: 'application/pdf',
        contentId: null,
        contentDisposition: 'ATTACHMENT',
        sha256: sha256(BINARY),
      },
      {
        filename: 'logo.png',
        contentType: 'image/png',
        contentId: 'logo',
        contentDisposition: 'INLINE',
        sha256: sha256(PNG),
      },
    ]);
    expect(message?.body.html).toContain('cid:logo');

    const email = (await org.api.get(`/api/v1/emails/${id}`)).body.data;
    expect(email.attachments).toEqual([
      {
        filename: 'invoice.pdf',
        content_type: 'application/pdf',
        size: 256,
        content_id: null,
        disposition: 'attachment',
        sha256: sha256(BINARY),
      },
      {
        filename: 'logo.png',
        content_type: 'image/png',
        size: PNG.length,
        content_id: 'logo',
        disposition: 'inline',
        sha256: sha256(PNG),
      },
    ]);
    // Never the content, and an email without attachments lists none.
    expect(JSON.stringify(email)).not.toContain(BINARY.toString('base64'));
    const plain = acceptedId(await org.send({ subject: `Plain ${randomUUID()}` }));
    expect((await org.api.get(`/api/v1/emails/${plain}`)).body.data.attachments).toEqual([]);
  });

  it('stores the same bytes once per organization, and a live key sends them like a test key', async () => {
    const org = await createSender({ environment: 'live' });
    const file = randomBytes(4096);
    const subjects = [`Live A ${randomUUID()}`, `Live B ${randomUUID()}`];
    for (const subject of subjects) {
      acceptedId(
        await org.send({ subject, attachments: [{ filename: 'report.csv', content: file.toString('base64') }] }),
      );
    }
    for (const subject of subjects) {
      const [message] = await delivered(subject);
      expect(message && partsOf(message)).toMatchObject([
        { filename: 'report.csv', contentType: 'text/csv', sha256: sha256(file) },
      ]);
    }
    expect(await blobsOf(org.organization.id)).toEqual([`blobs/${org.organization.id}/${sha256(file)}`]);
  });

  it('sends an 8 MB file uploaded beforehand by attachment_id', async () => {
    const org = await createSender();
    const file = randomBytes(8 * MB);
    const uploaded = await upload(org, 'scan.tiff', file);
    expect(uploaded.upload_headers).toEqual({ 'Content-Type': 'image/tiff', 'Content-Length': String(8 * MB) });
    const subject = `Scan ${randomUUID()}`;
    const id = acceptedId(
      await org.send({ subject, attachments: [{ filename: 'scan.tiff', attachment_id: uploaded.id }] }),
    );
    const [message] = await delivered(subject);
    expect(message && partsOf(message)).toMatchObject([
      { filename: 'scan.tiff', contentType: 'image/tiff', sha256: sha256(file) },
    ]);
    const email = (await org.api.get(`/api/v1/emails/${id}`)).body.data;
    expect(email.attachments).toMatchObject([{ filename: 'scan.tiff', size: 8 * MB, sha256: sha256(file) }]);
    // The email item carries a reference, never the bytes.
    const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: keys.email(org.organization.id, id) }));
    expect(Item?.attachments).toEqual(email.attachments);
    expect(JSON.stringify(Item).length).toBeLessThan(4_000);
    // The same upload again: its hash was kept, so the send reads nothing from S3 and lists the same bytes.
    const again = acceptedId(await org.send({ attachments: [{ filename: 'copy.tiff', attachment_id: uploaded.id }] }));
    const copy = (await org.api.get(`/api/v1/emails/${again}`)).body.data;
    expect(copy.attachments).toMatchObject([{ filename: 'copy.tiff', size: 8 * MB, sha256: sha256(file) }]);
  });

  it('takes an upload of exactly the declared size only', async () => {
    const org = await createSender();
    const uploaded = await upload(org, 'data.bin', undefined, 1000);
    const short = await fetch(uploaded.upload_url, {
      method: 'PUT',
      headers: { 'Content-Type': uploaded.upload_headers['Content-Type'] ?? '' },
      body: randomBytes(999),
    });
    expect(short.status).toBe(403);
    await short.arrayBuffer();
    const wrongType = await fetch(uploaded.upload_url, {
      method: 'PUT',
      headers: { ...uploaded.upload_headers, 'Content-Type': 'text/html' },
      body: randomBytes(1000),
    });
    expect(wrongType.status).toBe(403);
    await wrongType.arrayBuffer();
  });

  it('names each problem of an attachment in a 400', async () => {
    const org = await createSender();
    const pdf = { filename: 'a.pdf', content: BINARY.toString('base64') };
    const cases: Array<[unknown, string]> = [
      [Array.from({ length: 21 }, () => pdf), 'attachments'],
      [[{ filename: 'a.pdf', content: 'not base64!' }], 'attachments[0].content'],
      [[{ filename: 'a.pdf', content: 'QUJD' + 'R' }], 'attachments[0].content'],
      [[pdf, { ...pdf, filename: 'invoice.pdf.exe' }], 'attachments[1].filename'],
      [[{ ...pdf, filename: 'Setup.EXE' }], 'attachments[0].filename'],
      [[{ ...pdf, filename: '../x' }], 'attachments[0].filename'],
      [[{ ...pdf, filename: 'a\u0007.pdf' }], 'attachments[0].filename'],
      [[{ ...pdf, content_id: 'x'.repeat(79) }], 'attachments[0].content_id'],
      [[{ ...pdf, attachment_id: 'att_abc' }], 'attachments[0].attachment_id'],
      [[{ filename: 'a.pdf' }], 'attachments[0].content'],
    ];
    for (const [attachments, field] of cases) {
      const response = await org.send({ attachments });
      expect(problemsOf(response), JSON.stringify(attachments).slice(0, 120)).toContain(field);
    }
  });

  it('refuses an unknown, foreign, expired or not yet uploaded file, and more than 25 MB in all', async () => {
    const org = await createSender();
    const other = await createSender();
    const secret = randomBytes(2048);
    const foreign = await upload(other, 'secret.pdf', secret);
    const pending = await upload(org, 'later.pdf', undefined, 100);
    const expired = await upload(org, 'old.pdf', randomBytes(100));
    await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.attachmentUpload(org.organization.id, expired.id),
        UpdateExpression: 'SET usable_until = :past',
        ExpressionAttributeValues: { ':past': new Date(Date.now() - 1000).toISOString() },
      }),
    );
    const byId = (id: string) => [{ filename: 'f.pdf', attachment_id: id }];
    for (const id of ['att_unknown000000000000', foreign.id, pending.id, expired.id, 'not-an-id']) {
      const subject = `Refused ${randomUUID()}`;
      const response = await org.send({ subject, attachments: byId(id) });
      expect(problemsOf(response)).toEqual(['attachments[0].attachment_id']);
    }
    const messages = expect(
      expectError(await org.send({ attachments: byId(pending.id) }), 400, 'VALIDATION_ERROR').details?.[0]?.message,
    );
    messages.toMatch(/not been uploaded/);
    // The other organization's file was never copied to this one's blobs.
    expect(await blobsOf(org.organization.id)).not.toContain(`blobs/${org.organization.id}/${sha256(secret)}`);

    const large = await upload(org, 'large.bin', randomBytes(25 * MB));
    const over = await org.send({
      attachments: [
        { filename: 'large.bin', attachment_id: large.id },
        { filename: 'small.txt', content: Buffer.from('one byte too many').toString('base64') },
      ],
    });
    expect(problemsOf(over)).toEqual(['attachments']);
  });

  it('answers 413 for a body over 5 MB: in the envelope up to the platform’s limit, the platform’s beyond', async () => {
    const org = await createSender();
    const response = await org.send({
      attachments: [{ filename: 'big.bin', content: randomBytes(4 * MB).toString('base64') }],
    });
    expectError(response, 413, 'PAYLOAD_TOO_LARGE');
    // Beyond Lambda's 6 MB invocation payload the platform answers 413 itself (never a 500).
    const beyond = await org.send({
      attachments: [{ filename: 'bigger.bin', content: randomBytes(5 * MB).toString('base64') }],
    });
    expect(beyond.status).toBe(413);
  });

  it('covers the attachments with the Idempotency-Key', async () => {
    const org = await createSender();
    const key = { headers: { 'Idempotency-Key': randomUUID() } };
    const body = (content: Buffer) => ({
      from: { email: `hello@${org.domain}` },
      to: [{ email: 'jane@example.com' }],
      subject: `Idempotent ${randomUUID()}`,
      text: 'Hi',
      attachments: [{ filename: 'a.txt', content: content.toString('base64') }],
    });
    const first = body(Buffer.from('first'));
    const sent = await org.api.post('/api/v1/emails/send', first, key);
    const replayed = await org.api.post('/api/v1/emails/send', first, key);
    expect(acceptedId(replayed)).toBe(acceptedId(sent));
    const changed = await org.api.post(
      '/api/v1/emails/send',
      { ...first, ...{ attachments: body(Buffer.from('second')).attachments } },
      key,
    );
    expectError(changed, 409, 'IDEMPOTENCY_CONFLICT');
  });
});

describe('attachments on POST /emails/batch', () => {
  it('stores a shared file once for 100 recipients, and every email carries it', async () => {
    const org = await createSender();
    const tag = randomUUID().slice(0, 8);
    const template = await org.api.post('/api/v1/templates', {
      name: 'Ticket',
      subject: `Ticket ${tag}`,
      text: 'Hi {{name}}',
    });
    expect(template.status, template.text).toBe(201);
    const ticket = randomBytes(30_000);
    const response = await org.api.post('/api/v1/emails/batch', {
      template_id: template.body.data.id,
      from: { email: `hello@${org.domain}` },
      recipients: Array.from({ length: 100 }, (_, index) => ({
        to: { email: `guest${index}@example.com` },
        data: { name: `Guest ${index}` },
      })),
      attachments: [{ filename: 'ticket.ics', content: ticket.toString('base64') }],
    });
    expect(response.status, response.text).toBe(201);
    expect(response.body.data).toMatchObject({ total: 100, accepted: 100, rejected: [] });
    const messages = await delivered(`Ticket ${tag}`, 100);
    expect(messages).toHaveLength(100);
    for (const message of messages) {
      expect(partsOf(message)).toEqual([
        {
          filename: 'ticket.ics',
          contentType: 'text/calendar',
          contentId: null,
          contentDisposition: 'ATTACHMENT',
          sha256: sha256(ticket),
        },
      ]);
    }
    expect(await blobsOf(org.organization.id)).toEqual([`blobs/${org.organization.id}/${sha256(ticket)}`]);
  });

  it('refuses the whole batch when an attachment is invalid', async () => {
    const org = await createSender();
    const template = await org.api.post('/api/v1/templates', { name: 'T', subject: 'T', text: 'T' });
    const response = await org.api.post('/api/v1/emails/batch', {
      template_id: template.body.data.id,
      from: { email: `hello@${org.domain}` },
      recipients: [{ to: { email: 'a@example.com' } }],
      attachments: [{ filename: 'run.bat', content: 'QUJD' }],
    });
    expect(problemsOf(response)).toEqual(['attachments[0].filename']);
  });
});
