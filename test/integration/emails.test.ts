import { describe, expect, it } from 'vitest';
import { enqueueEmail } from '#adapters/send-queue.ts';
import { createSender, createTestOrganization } from '../support/factories.ts';
import { expectError } from '../support/http.ts';
import { eventually, sesMessages } from '../support/ses-store.ts';

const uniqueSubject = () => `Subject ${Math.random().toString(36).slice(2)}`;

describe('POST /emails/send', () => {
  it('accepts an email, queues it and hands it to SES exactly once', async () => {
    const { api, domain } = await createSender();
    const subject = uniqueSubject();
    const response = await api.post('/api/v1/emails/send', {
      from: { email: `News@${domain}`, name: 'Acme News' },
      to: [{ email: 'Jane@Example.com', name: 'Jane' }],
      cc: [{ email: 'cc@example.com' }],
      subject,
      html: '<p>Hello <b>Jane</b></p>',
      text: 'Hello Jane',
      headers: { 'X-Campaign': 'launch' },
      tags: { campaign: 'launch' },
    });
    expect(response.status, response.text).toBe(201);
    expect(response.body.data).toEqual({
      message_id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      status: 'queued',
      queued_at: expect.any(String),
    });
    const id = response.body.data.message_id;

    const [message] = await eventually(async () => {
      const found = await sesMessages(subject);
      return found.length > 0 ? found : undefined;
    });
    expect(message?.destination).toEqual({ to: ['"Jane" <jane@example.com>'], cc: ['cc@example.com'], bcc: [] });
    expect(message?.from).toBe(`"Acme News" <news@${domain}>`);
    expect(message?.from).toContain(`news@${domain}`);
    expect(message?.body).toEqual({ html: '<p>Hello <b>Jane</b></p>', text: 'Hello Jane' });
    expect(message?.headers).toContainEqual({ name: 'X-Campaign', value: 'launch' });

    // The local stack simulates SES's delivery notifications right after the hand-over.
    const email = await eventually(async () => {
      const got = (await api.get(`/api/v1/emails/${id}`)).body.data;
      return got.status === 'delivered' && got.events.length >= 3 ? got : undefined;
    });
    expect(email).toMatchObject({
      id,
      message_id: id,
      from_address: `news@${domain}`,
      to_addresses: ['jane@example.com'],
      cc: ['cc@example.com'],
      subject,
      status: 'delivered',
      priority: 'normal',
      html: '<p>Hello <b>Jane</b></p>',
      text: 'Hello Jane',
      tags: { campaign: 'launch' },
      environment: 'test',
      scheduled_at: null,
    });
    // The Message-ID it went out with: SES's message id in SES's form (the local region is us-east-1).
    expect(email.internet_message_id).toBe(`<${message?.messageId}@email.amazonses.com>`);
    expect(email.events.map((event: { type: string }) => event.type)).toEqual(['sent', 'delivered', 'delivered']);
    const delivered = email.events.filter((event: { type: string }) => event.type === 'delivered');
    expect(delivered.map((event: { recipient: string }) => event.recipient).sort()).toEqual([
      'cc@example.com',
      'jane@example.com',
    ]);
    expect(delivered[0]).toMatchObject({ smtp_code: 250, smtp_message: expect.stringContaining('OK') });
    expect(await sesMessages(subject)).toHaveLength(1);
  });

  it('sends a duplicate queue message for an email only once', async () => {
    const { api, domain, organization } = await createSender();
    const subject = uniqueSubject();
    const id = (
      await api.post('/api/v1/emails/send', {
        from: { email: `a@${domain}` },
        to: [{ email: 'x@example.com' }],
        subject,
        text: 't',
      })
    ).body.data.message_id;
    await eventually(async () => ((await sesMessages(subject)).length === 1 ? true : undefined));
    for (let i = 0; i < 3; i += 1) await enqueueEmail({ organization_id: organization.id, email_id: id });
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(await sesMessages(subject)).toHaveLength(1);
    const events = (await api.get(`/api/v1/emails/${id}`)).body.data.events;
    expect(events.filter((event: { type: string }) => event.type === 'sent')).toHaveLength(1);
  });

  it('refuses a sender whose domain is not verified by the organization', async () => {
    const { api } = await createSender();
    const other = await createSender();
    for (const from of ['a@unverified.example', `a@${other.domain}`]) {
      const error = expectError(
        await api.post('/api/v1/emails/send', {
          from: { email: from },
          to: [{ email: 'x@example.com' }],
          subject: 's',
          text: 't',
        }),
        400,
        'DOMAIN_NOT_VERIFIED',
      );
      expect(error.details?.[0]?.field).toBe('from.email');
    }
    // A subdomain of a verified domain is fine.
    const sub = await api.post('/api/v1/emails/send', {
      from: { email: `a@mail.${(await api.get('/api/v1/domains')).body.data[0].domain}` },
      to: [{ email: 'x@example.com' }],
      subject: 's',
      text: 't',
    });
    expect(sub.status).toBe(201);
  });

  it('refuses suppressed recipients and names them', async () => {
    const { api, domain } = await createSender();
    await api.post('/api/v1/suppressions', { email: 'gone@example.com', reason: 'hard_bounce' });
    const error = expectError(
      await api.post('/api/v1/emails/send', {
        from: { email: `a@${domain}` },
        to: [{ email: 'ok@example.com' }],
        bcc: [{ email: 'GONE@example.com' }],
        subject: 's',
        text: 't',
      }),
      400,
      'RECIPIENTS_SUPPRESSED',
    );
    expect(error.details).toEqual([{ field: 'bcc[0].email', message: 'gone@example.com is on the suppression list' }]);
  });

  it('validates the request with one detail per problem', async () => {
    const { api, domain } = await createSender();
    const error = expectError(
      await api.post('/api/v1/emails/send', { from: { email: 'nope' }, to: [], subject: 'a\r\nBcc: x', extra: 1 }),
      400,
      'VALIDATION_ERROR',
    );
    const fields = error.details?.map((detail) => detail.field) ?? [];
    for (const field of ['from.email', 'to', 'subject', 'extra']) expect(fields).toContain(field);
    expectError(
      await api.post('/api/v1/emails/send', {
        from: { email: `a@${domain}` },
        to: [{ email: 'x@example.com' }],
        subject: 's',
      }),
      400,
      'VALIDATION_ERROR',
    );
    expectError(
      await api.post('/api/v1/emails/send', {
        from: { email: `a@${domain}` },
        to: [{ email: 'x@example.com' }],
        subject: 's',
        template_id: 'tmpl_missing',
      }),
      404,
      'NOT_FOUND',
    );
  });

  it('answers 404 for another organization’s email and for ids that cannot exist', async () => {
    const a = await createSender();
    const b = await createTestOrganization();
    const id = (
      await a.api.post('/api/v1/emails/send', {
        from: { email: `a@${a.domain}` },
        to: [{ email: 'x@example.com' }],
        subject: 's',
        text: 't',
      })
    ).body.data.message_id;
    expectError(await b.api.get(`/api/v1/emails/${id}`), 404, 'NOT_FOUND');
    expectError(await a.api.get('/api/v1/emails/not-a-uuid'), 404, 'NOT_FOUND');
    expect((await a.api.get(`/v1/emails/${id}`)).status).toBe(200);
  });
});

describe('hostile bodies', () => {
  it('refuses a "__proto__" field anywhere instead of dropping it', async () => {
    const { api, domain } = await createSender();
    const response = await api.post('/api/v1/emails/send', undefined, {
      raw: `{"from":{"email":"a@${domain}"},"to":[{"email":"x@example.com"}],"subject":"s","text":"t","tags":{"__proto__":"x"}}`,
      headers: { 'content-type': 'application/json' },
    });
    const error = expectError(response, 400, 'VALIDATION_ERROR');
    expect(error.details?.[0]?.message).toContain('__proto__');
  });

  it('stores tags whatever their names (constructor, toString, hasOwnProperty, valueOf)', async () => {
    const { api, domain } = await createSender();
    const tags = { constructor: 'a', toString: 'b', hasOwnProperty: 'c', valueOf: 'd', __defineGetter__: 'e' };
    const response = await api.post('/api/v1/emails/send', {
      from: { email: `tags@${domain}` },
      to: [{ email: 'tags@example.com' }],
      subject: uniqueSubject(),
      text: 'x',
      tags,
    });
    expect(response.status, response.text).toBe(201);
    const id = response.body.data.message_id;
    expect((await api.get(`/api/v1/emails/${id}`)).body.data.tags).toEqual(tags);
    // The tag's pointer follows from the table's stream (≤ 2 s).
    const byTag = await eventually(async () => {
      const listed = await api.get('/api/v1/emails?tag=constructor:a');
      return listed.body.data.length > 0 ? listed : undefined;
    });
    expect(byTag.body.data.map((email: { id: string }) => email.id)).toEqual([id]);
    expect(byTag.body.data[0].tags).toEqual(tags);
    // The quota and the list counted it once.
    expect((await api.get('/api/v1/emails')).body.pagination.total_count).toBe(1);
  });

  it('answers 413 for an email too large to store, instead of accepting it', async () => {
    const { api, domain } = await createSender();
    const { randomBytes } = await import('node:crypto');
    // Bodies just under the 256 KB limit each, of random base64 (gzip gets them only to ~75%):
    // together ~390 KB compressed, more than one DynamoDB item can hold with the rest.
    const noise = () => randomBytes(195_000).toString('base64');
    expectError(
      await api.post('/api/v1/emails/send', {
        from: { email: `a@${domain}` },
        to: [{ email: 'x@example.com' }],
        subject: 's',
        html: noise(),
        text: noise(),
      }),
      413,
      'PAYLOAD_TOO_LARGE',
    );
  });
});
