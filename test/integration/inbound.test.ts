/**
 * Inbound email end to end on the local stack: mail sent to the stack's SMTP server is stored by the
 * parser (through the inbound queue, as in AWS), listed, read with its files downloadable byte for byte,
 * linked to the sent email it answers, signed to webhooks as `email.received`, and deleted with its files.
 */

import { randomBytes } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { objectState } from '#adapters/attachment-storage.ts';
import { db, tableName } from '#dynamo/client.ts';
import { keys } from '#dynamo/keys.ts';
import { objectKeys } from '#platform/buckets.ts';
import { createTestOrganization, verifiedDomainFor } from '../support/factories.ts';
import { expectError } from '../support/http.ts';
import { receivingOrganization, sendRaw, waitForInbound } from '../support/inbound.ts';
import { composedMessage, PNG_1PX } from '../support/raw-messages.ts';
import { startWebhookReceiver } from '../support/webhook-receiver.ts';

async function handedOverEmail(api: Awaited<ReturnType<typeof receivingOrganization>>['api'], domain: string) {
  const sent = await api.post('/api/v1/emails/send', {
    from: { email: `support@${domain}` },
    to: [{ email: 'customer@example.com' }],
    subject: 'Your ticket',
    text: 'We are on it',
  });
  expect(sent.status, sent.text).toBe(201);
  const id = sent.body.data.message_id as string;
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const email = (await api.get(`/api/v1/emails/${id}`)).body.data;
    if (email.internet_message_id) return { id, internetMessageId: email.internet_message_id as string };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the email was never handed over');
}

describe('threading', () => {
  it('indexes sent emails by SES id only once the organization receives email', async () => {
    const org = await createTestOrganization();
    const domain = await verifiedDomainFor(org.api, `send.s${randomBytes(5).toString('hex')}.test`);
    const threadingKey = async (emailId: string) => {
      const { Item } = await db.send(
        new GetCommand({ TableName: tableName, Key: keys.email(org.organization.id, emailId), ConsistentRead: true }),
      );
      return Item?.GSI5PK;
    };
    // No domain receives: no reply can arrive, so the hand-over writes no index entry.
    const before = await handedOverEmail(org.api, domain);
    expect(await threadingKey(before.id)).toBeUndefined();
    const { body } = await org.api.get('/api/v1/domains');
    const id = (body.data as Array<{ id: string; domain: string }>).find((entry) => entry.domain === domain)?.id;
    expect((await org.api.patch(`/api/v1/domains/${id}`, { receiving: true })).status).toBe(200);
    const after = await handedOverEmail(org.api, domain);
    expect(await threadingKey(after.id)).toMatch(/^SESMSG#/);
    // Switched off again, its emails stay threaded (the organization's flag stays).
    expect((await org.api.patch(`/api/v1/domains/${id}`, { receiving: false })).status).toBe(200);
    expect(await threadingKey((await handedOverEmail(org.api, domain)).id)).toMatch(/^SESMSG#/);
  });
});

describe('a received message', () => {
  it('is listed, readable, downloadable byte for byte, threaded, signed to webhooks and deleted with its files', async () => {
    const org = await receivingOrganization();
    const receiver = await startWebhookReceiver();
    const endpoint = await org.api.post('/api/v1/webhooks', { url: receiver.url, events: ['email.received'] });
    expect(endpoint.status, endpoint.text).toBe(201);
    const replied = await handedOverEmail(org.api, org.domain);
    const pdf = Buffer.concat([
      Buffer.from('%PDF-1.4\n'),
      Buffer.from(Array.from({ length: 5000 }, (_, i) => i % 256)),
    ]);
    const raw = await composedMessage({
      from: 'Customer <customer@example.com>',
      to: [`support@${org.domain}`],
      cc: ['Other <other@example.com>'],
      subject: 'Re: Your ticket',
      text: 'Thanks, it works now.',
      html: '<p>Thanks, <b>it works</b> now.</p><img src="cid:logo@x">',
      inReplyTo: replied.internetMessageId,
      references: [replied.internetMessageId],
      attachments: [
        { filename: 'invoice.pdf', content: pdf, contentType: 'application/pdf' },
        { filename: 'logo.png', content: PNG_1PX, contentType: 'image/png', cid: 'logo@x' },
      ],
    });
    const hidden = `archive@${org.domain}`;
    const result = await sendRaw(raw, 'customer@example.com', [`support@${org.domain}`, hidden]);
    expect(result.accepted.sort()).toEqual([`support@${org.domain}`, hidden].sort());

    const list = await waitForInbound(org.api, 1);
    const item = list.data[0] as Record<string, unknown>;
    expect(item).toMatchObject({
      from: { email: 'customer@example.com', name: 'Customer' },
      to: [{ email: `support@${org.domain}`, name: null }],
      cc: [{ email: 'other@example.com', name: 'Other' }],
      subject: 'Re: Your ticket',
      in_reply_to_email_id: replied.id,
      verdicts: { spam: 'pass', virus: 'pass', spf: 'gray', dkim: 'gray', dmarc: 'gray' },
      size: raw.length,
      parse_error: null,
    });
    expect((item.recipients as string[]).sort()).toEqual([`support@${org.domain}`, hidden].sort());
    expect(item).not.toHaveProperty('text');
    // The Bcc'd envelope recipient finds it too.
    expect((await waitForInbound(org.api, 1, `to=${encodeURIComponent(hidden.toUpperCase())}`)).data[0]?.id).toBe(
      item.id,
    );

    const detail = await org.api.get(`/api/v1/inbound/${item.id}`);
    expect(detail.status, detail.text).toBe(200);
    const message = detail.body.data;
    expect(message.text.trim()).toBe('Thanks, it works now.');
    expect(message.html).toContain('<b>it works</b>');
    expect(message.in_reply_to).toBe(replied.internetMessageId);
    expect(message.references).toEqual([replied.internetMessageId]);
    expect(message.headers).toContainEqual({ name: 'subject', value: 'Re: Your ticket' });
    expect(message.attachments).toHaveLength(2);
    type Attachment = Record<string, string> & { download_url: string; sha256: string };
    const named = (name: string) => (message.attachments as Attachment[]).find((entry) => entry.filename === name);
    const [invoice, logo] = [named('invoice.pdf'), named('logo.png')] as [Attachment, Attachment];
    expect(invoice).toMatchObject({
      filename: 'invoice.pdf',
      content_type: 'application/pdf',
      size: pdf.length,
      disposition: 'attachment',
    });
    expect(logo).toMatchObject({ filename: 'logo.png', content_id: 'logo@x', disposition: 'inline' });
    expect(Buffer.from(await (await fetch(invoice.download_url)).arrayBuffer()).equals(pdf)).toBe(true);
    expect(Buffer.from(await (await fetch(logo.download_url)).arrayBuffer()).equals(PNG_1PX)).toBe(true);
    expect(Buffer.from(await (await fetch(message.raw_url)).arrayBuffer()).equals(raw)).toBe(true);

    await receiver.waitFor(1);
    const request = receiver.received[0];
    const verified = new Webhook(endpoint.body.data.secret).verify(
      request?.body ?? '',
      (request?.headers ?? {}) as Record<string, string>,
    ) as { type: string; data: Record<string, unknown> };
    expect(verified.type).toBe('email.received');
    expect(verified.data).toMatchObject({
      inbound_id: item.id,
      subject: 'Re: Your ticket',
      in_reply_to_email_id: replied.id,
      text: message.text,
      html: message.html,
      truncated: false,
    });
    await receiver.close();

    const files = [
      objectKeys.inboundRawCopy(org.organization.id, item.id as string),
      objectKeys.inboundAttachment(org.organization.id, item.id as string, invoice.sha256),
      objectKeys.inboundAttachment(org.organization.id, item.id as string, logo.sha256),
    ];
    for (const key of files) expect(await objectState(key)).toBeDefined();
    const removed = await org.api.delete(`/api/v1/inbound/${item.id}`);
    expect(removed.status, removed.text).toBe(200);
    expect(removed.body.data).toEqual({ id: item.id, deleted: true });
    for (const key of files) expect(await objectState(key)).toBeUndefined();
    expectError(await org.api.get(`/api/v1/inbound/${item.id}`), 404, 'NOT_FOUND');
    expectError(await org.api.delete(`/api/v1/inbound/${item.id}`), 404, 'NOT_FOUND');
    expect((await org.api.get('/api/v1/inbound')).body.pagination.total_count).toBe(0);
  });

  it('refuses unknown recipients at RCPT TO and oversized messages, and stores one record per organization', async () => {
    const [first, second] = await Promise.all([receivingOrganization(), receivingOrganization()]);
    const raw = await composedMessage({
      from: 'sender@example.com',
      to: [`a@${first.domain}`, `b@${second.domain}`],
      subject: 'To both',
      text: 'Hello both',
      html: '<p>Hello both</p>',
    });
    const result = await sendRaw(raw, 'sender@example.com', [
      `a@${first.domain}`,
      `b@${second.domain}`,
      'x@nobody.test',
    ]);
    expect(result.accepted.sort()).toEqual([`a@${first.domain}`, `b@${second.domain}`].sort());
    expect(result.rejected).toEqual(['x@nobody.test']);
    const [one, two] = await Promise.all([waitForInbound(first.api, 1), waitForInbound(second.api, 1)]);
    expect(one.data[0]?.recipients).toEqual([`a@${first.domain}`]);
    expect(two.data[0]?.recipients).toEqual([`b@${second.domain}`]);
    expect(one.data[0]?.id).not.toBe(two.data[0]?.id);
    expectError(await first.api.get(`/api/v1/inbound/${two.data[0]?.id}`), 404, 'NOT_FOUND');

    await expect(sendRaw(raw, 'sender@example.com', ['x@nobody.test'])).rejects.toThrow(/550/);
    const oversized = Buffer.concat([raw, Buffer.alloc(31 * 1024 * 1024, 'a')]);
    await expect(sendRaw(oversized, 'sender@example.com', [`a@${first.domain}`])).rejects.toThrow(/552/);
  });
});
