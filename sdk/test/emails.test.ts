/**
 * The SDK's emails resource against the local stack: send → delivered, batch, list and every page,
 * cancel, validate, and errors thrown as PostboxError.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { apiUrl } from '../../test/support/http.ts';
import { type EmailListItem, Postbox, PostboxError, type SendEmailRequest } from '../src/index.ts';
import { eventually, sdkSender, uniqueSubject } from './support/stack.ts';

async function thrown(promise: Promise<unknown>): Promise<PostboxError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof PostboxError) return error;
    throw error;
  }
  throw new Error('expected a PostboxError');
}

describe('postbox.emails', () => {
  it('sends an email, reads it back and sees it delivered', async () => {
    const { postbox, from } = await sdkSender();
    const subject = uniqueSubject('SDK send');
    const accepted = await postbox.emails.send({
      from: { email: from, name: 'SDK' },
      to: [{ email: 'jane@example.com', name: 'Jane' }],
      subject,
      html: '<p>Hi</p>',
      text: 'Hi',
      tags: { source: 'sdk' },
    });
    expect(accepted).toEqual({ message_id: expect.any(String), status: 'queued', queued_at: expect.any(String) });

    const email = await eventually(async () => {
      const got = await postbox.emails.get(accepted.message_id);
      return got.status === 'delivered' ? got : undefined;
    });
    expect(email).toMatchObject({
      id: accepted.message_id,
      from_address: from,
      to_addresses: ['jane@example.com'],
      subject,
      html: '<p>Hi</p>',
      text: 'Hi',
      tags: { source: 'sdk' },
      environment: 'test',
    });
    expect(email.events.map((event) => event.type)).toEqual(['sent', 'delivered']);
  });

  it('sends a batch from a template', async () => {
    const { postbox, from } = await sdkSender();
    const template = await postbox.templates.create({
      name: 'Welcome',
      subject: 'Hi {{name}}',
      text: 'Hello {{name}}',
    });
    const batch = await postbox.emails.batch({
      template_id: template.id,
      from: { email: from },
      recipients: [
        { to: { email: 'ann@example.com' }, data: { name: 'Ann' } },
        { to: { email: 'not an address' }, data: { name: 'X' } },
        { to: { email: 'bob@example.com' }, data: { name: 'Bob' } },
      ],
    });
    expect(batch).toMatchObject({ batch_id: expect.any(String), total: 3, accepted: 2 });
    expect(batch.rejected).toEqual([{ index: 1, error: expect.stringMatching(/^Invalid address/) }]);
    const listed = await eventually(async () => {
      const page = await postbox.emails.list();
      return page.pagination.total_count === 2 && page.data.length === 2 ? page.data : undefined;
    });
    expect(listed.map((email) => email.subject).sort()).toEqual(['Hi Ann', 'Hi Bob']);
    expect(new Set(listed.map((email) => email.batch_id))).toEqual(new Set([batch.batch_id]));
  });

  it('lists one page with filters, and iterates every page', async () => {
    const { postbox, from } = await sdkSender();
    const sent: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const to = i === 0 ? 'bounced@example.com' : `r${i}@example.com`;
      sent.push(
        (await postbox.emails.send({ from: { email: from }, to: [{ email: to }], subject: `n${i}`, text: 't' }))
          .message_id,
      );
    }
    const first = await eventually(async () => {
      const page = await postbox.emails.list({ limit: 2 });
      return page.pagination.total_count === 5 && page.data.length === 2 ? page : undefined;
    });
    expect(first.pagination).toEqual({ page: 1, limit: 2, total_count: 5, total_pages: 3 });
    // Newest first.
    expect(first.data.map((email) => email.subject)).toEqual(['n4', 'n3']);

    await eventually(async () => ((await postbox.emails.list({ limit: 100 })).data.length === 5 ? true : undefined));
    const all: EmailListItem[] = [];
    for await (const email of postbox.emails.listAll({ limit: 2 })) all.push(email);
    expect(all.map((email) => email.id)).toEqual([...sent].reverse());

    const today = new Date();
    const byRecipient = await postbox.emails.list({
      to: 'R2@Example.com',
      from_date: new Date(today.getTime() - 60_000),
    });
    expect(byRecipient.data.map((email) => email.id)).toEqual([sent[2]]);
    const bounced = await eventually(async () => {
      const page = await postbox.emails.list({ status: 'bounced' });
      return page.data.length === 1 ? page : undefined;
    });
    expect(bounced.data[0]?.id).toBe(sent[0]);
  });

  it('cancels a scheduled email, and a second cancel is a CONFLICT', async () => {
    const { postbox, from } = await sdkSender();
    const scheduledAt = new Date(Date.now() + 60 * 60_000).toISOString();
    const { message_id } = await postbox.emails.send({
      from: { email: from },
      to: [{ email: 'later@example.com' }],
      subject: 'Later',
      text: 't',
      scheduled_at: scheduledAt,
    });
    const cancelled = await postbox.emails.cancel(message_id);
    expect(cancelled).toMatchObject({ id: message_id, status: 'failed', scheduled_at: scheduledAt });
    expect(cancelled.events.at(-1)).toMatchObject({ type: 'cancelled' });
    const again = await thrown(postbox.emails.cancel(message_id));
    expect(again).toMatchObject({ status: 409, code: 'CONFLICT' });
  });

  it('validates one address and a batch', async () => {
    const { postbox } = await sdkSender();
    await postbox.suppressions.add({ email: 'gone@example.com', reason: 'manual' });
    expect(await postbox.emails.validate('not an address')).toMatchObject({
      email: 'not an address',
      verdict: 'undeliverable',
      reason: ['invalid_syntax'],
    });
    const results = await postbox.emails.validateBatch(['jane@gmial.com', 'gone@example.com', 'bad']);
    expect(results.map((result) => result.email)).toEqual(['jane@gmial.com', 'gone@example.com', 'bad']);
    expect(results[0]).toMatchObject({
      reason: expect.arrayContaining(['possible_typo']),
      did_you_mean: 'jane@gmail.com',
    });
    expect(results[1]).toMatchObject({ verdict: 'undeliverable', reason: expect.arrayContaining(['suppressed']) });
  });
});

describe('errors', () => {
  it('throws a VALIDATION_ERROR as a PostboxError with every detail and the request id', async () => {
    const { postbox } = await sdkSender();
    const invalid = {
      from: { email: 'nope' },
      to: [],
      subject: 'a\r\nBcc: x',
      extra: 1,
    } as unknown as SendEmailRequest;
    const error = await thrown(postbox.emails.send(invalid, { idempotencyKey: 'sdk-validation' }));
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      name: 'PostboxError',
      status: 400,
      code: 'VALIDATION_ERROR',
      message: expect.any(String),
      requestId: expect.stringMatching(/\S/),
      idempotencyKey: 'sdk-validation',
    });
    const fields = error.details.map((detail) => detail.field);
    for (const field of ['from.email', 'to', 'subject', 'extra']) expect(fields).toContain(field);

    const sender = await thrown(
      postbox.emails.send({
        from: { email: 'a@unverified.example' },
        to: [{ email: 'x@example.com' }],
        subject: 's',
        text: 't',
      }),
    );
    expect(sender).toMatchObject({ status: 400, code: 'DOMAIN_NOT_VERIFIED', details: [{ field: 'from.email' }] });
  });

  it('throws NOT_FOUND for an unknown email, template or suppression', async () => {
    const { postbox } = await sdkSender();
    // One at a time: a call started before the loop awaits it would reject unhandled meanwhile.
    for (const call of [
      () => postbox.emails.get(randomUUID()),
      () => postbox.templates.get('tmpl_unknown'),
      () => postbox.suppressions.remove('sup_unknown'),
    ]) {
      const error = await thrown(call());
      expect(error).toMatchObject({ status: 404, code: 'NOT_FOUND', requestId: expect.stringMatching(/\S/) });
    }
  });

  it('throws AUTH_INVALID for a wrong key', async () => {
    const postbox = new Postbox({ apiKey: 'pb_test_wrong', baseUrl: apiUrl() });
    expect(await thrown(postbox.settings.getAutoValidation())).toMatchObject({ status: 401, code: 'AUTH_INVALID' });
  });
});

describe('postbox.attachments', () => {
  it('uploads a file once and sends it by attachment_id, and sends one inline', async () => {
    const { postbox, from } = await sdkSender();
    const file = new Uint8Array(300_000).map((_, index) => (index * 7) % 256);
    const upload = await postbox.attachments.upload(file, { filename: 'statement.pdf' });
    expect(upload).toMatchObject({ filename: 'statement.pdf', content_type: 'application/pdf', size: 300_000 });
    const accepted = await postbox.emails.send({
      from: { email: from },
      to: [{ email: 'jane@example.com' }],
      subject: uniqueSubject('SDK attachments'),
      html: '<img src="cid:dot">',
      attachments: [
        { filename: 'statement.pdf', attachment_id: upload.id },
        { filename: 'dot.gif', content: 'R0lGODlhAQABAAAAACw=', content_id: 'dot' },
      ],
    });
    const email = await postbox.emails.get(accepted.message_id);
    const { createHash } = await import('node:crypto');
    expect(email.attachments).toEqual([
      {
        filename: 'statement.pdf',
        content_type: 'application/pdf',
        size: 300_000,
        content_id: null,
        disposition: 'attachment',
        sha256: createHash('sha256').update(file).digest('hex'),
      },
      {
        filename: 'dot.gif',
        content_type: 'image/gif',
        size: 14,
        content_id: 'dot',
        disposition: 'inline',
        sha256: createHash('sha256').update(Buffer.from('R0lGODlhAQABAAAAACw=', 'base64')).digest('hex'),
      },
    ]);
    const refused = await thrown(
      postbox.emails.send({
        from: { email: from },
        to: [{ email: 'jane@example.com' }],
        subject: 'x',
        text: 'x',
        attachments: [{ filename: 'x.exe', content: 'QUJD' }],
      }),
    );
    expect(refused).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    expect(refused.details.map((detail) => detail.field)).toEqual(['attachments[0].filename']);
  });
});
