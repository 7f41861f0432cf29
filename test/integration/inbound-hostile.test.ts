/**
 * Received mail is hostile input: through the local stack's SMTP server, a message the parser refuses is
 * kept raw with a `parse_error` and still listed, a virus verdict withholds every file, an encoded
 * `../` name is made safe, bodies too big for the table are kept in S3 (the webhook says `truncated`),
 * and a notification delivered twice stores the message once.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { objectState, putObject } from '#adapters/attachment-storage.ts';
import { objectKeys } from '#platform/buckets.ts';
import { receivingOrganization, sendRaw, sesReceipt, waitForInbound } from '../support/inbound.ts';
import { composedMessage, encodedFilename, manyParts } from '../support/raw-messages.ts';
import { startWebhookReceiver } from '../support/webhook-receiver.ts';

const detailOf = async (api: Awaited<ReturnType<typeof receivingOrganization>>['api'], id: unknown) => {
  const response = await api.get(`/api/v1/inbound/${id}`);
  expect(response.status, response.text).toBe(200);
  return response.body.data;
};

describe('hostile received mail', () => {
  it('keeps a message the parser refuses (10,000 parts) raw, listed, with a parse_error and the envelope sender', async () => {
    const org = await receivingOrganization();
    const raw = manyParts(10_000);
    await sendRaw(raw, 'bulk@outside.test', [`in@${org.domain}`]);
    const [item] = (await waitForInbound(org.api, 1)).data;
    expect(item).toMatchObject({
      parse_error: expect.stringMatching(/parts/),
      from: { email: 'bulk@outside.test', name: null },
      size: raw.length,
    });
    const message = await detailOf(org.api, item?.id);
    expect(message).toMatchObject({ text: null, html: null, headers: [], attachments: [] });
    expect(Buffer.from(await (await fetch(message.raw_url)).arrayBuffer()).equals(raw)).toBe(true);
  });

  it('withholds the raw message and attachments of a message with a virus verdict, and stores none of them', async () => {
    const org = await receivingOrganization();
    const raw = await composedMessage({
      from: 'x@outside.test',
      to: [`in@${org.domain}`],
      subject: 'Invoice',
      text: 'see attached',
      html: '<p>see attached</p><script>alert(1)</script>',
      attachments: [{ filename: 'invoice.exe', content: randomBytes(2000) }],
      headers: { 'X-Postbox-Test-Verdicts': 'spam=fail, virus=fail' },
    });
    await sendRaw(raw, 'x@outside.test', [`in@${org.domain}`]);
    const [item] = (await waitForInbound(org.api, 1)).data;
    const message = await detailOf(org.api, item?.id);
    expect(message.verdicts).toMatchObject({ spam: 'fail', virus: 'fail' });
    expect(message).toMatchObject({ raw_url: null, raw_expires_at: null });
    expect(message.attachments).toEqual([
      expect.objectContaining({ filename: 'invoice.exe', download_url: null, expires_at: null }),
    ]);
    // Kept as received (shown only sandboxed): Postbox never runs it.
    expect(message.html).toContain('<script>');
    const organizationId = org.organization.id;
    expect(await objectState(objectKeys.inboundRawCopy(organizationId, message.id))).toBeUndefined();
    expect(
      await objectState(objectKeys.inboundAttachment(organizationId, message.id, message.attachments[0].sha256)),
    ).toBeUndefined();
  });

  it('names an attachment whose encoded name decodes to ../ safely, and serves its bytes', async () => {
    const org = await receivingOrganization();
    const content = randomBytes(300);
    await sendRaw(encodedFilename('../../etc/passwd', content), 'a@x.test', [`in@${org.domain}`]);
    const [item] = (await waitForInbound(org.api, 1)).data;
    const message = await detailOf(org.api, item?.id);
    expect(message.attachments).toEqual([expect.objectContaining({ filename: 'passwd', size: 300 })]);
    expect(Buffer.from(await (await fetch(message.attachments[0].download_url)).arrayBuffer()).equals(content)).toBe(
      true,
    );
  });

  it('keeps bodies too big for the table in S3, and leaves them out of the webhook (truncated)', async () => {
    const org = await receivingOrganization();
    const receiver = await startWebhookReceiver();
    const endpoint = await org.api.post('/api/v1/webhooks', { url: receiver.url, events: ['email.received'] });
    expect(endpoint.status, endpoint.text).toBe(201);
    // Random text does not compress: 600 KB of it cannot stay on an item.
    const html = `<p>${randomBytes(450_000).toString('base64')}</p>`;
    const raw = await composedMessage({
      from: 'a@x.test',
      to: [`in@${org.domain}`],
      subject: 'Big',
      text: 'short text',
      html,
    });
    await sendRaw(raw, 'a@x.test', [`in@${org.domain}`]);
    const [item] = (await waitForInbound(org.api, 1)).data;
    const message = await detailOf(org.api, item?.id);
    expect(message.html).toBe(html);
    expect(message.text.trim()).toBe('short text');
    expect(await objectState(objectKeys.inboundContent(org.organization.id, message.id))).toBeDefined();
    const [delivery] = await receiver.waitFor(1);
    const payload = JSON.parse(delivery?.body ?? '{}');
    expect(payload.data).toMatchObject({ inbound_id: message.id, html: null, truncated: true });
    expect(payload.data.text.trim()).toBe('short text');
    await receiver.close();
    expect((await org.api.delete(`/api/v1/inbound/${message.id}`)).status).toBe(200);
    expect(await objectState(objectKeys.inboundContent(org.organization.id, message.id))).toBeUndefined();
  });

  it('stores a message with 3,000 addressees and long fields, its record cut to fit an item, its headers whole', async () => {
    const org = await receivingOrganization();
    const to = Array.from({ length: 3000 }, (_, index) => `person${index}@elsewhere.test`);
    const raw = await composedMessage({
      from: `${'N'.repeat(5000)} <a@x.test>`,
      to: [`in@${org.domain}`, ...to],
      cc: to.slice(0, 2000),
      subject: 's'.repeat(12_000),
      text: 'many',
      html: '<p>many</p>',
      references: Array.from({ length: 200 }, (_, index) => `<ref${index}.${'r'.repeat(900)}@x.test>`),
    });
    await sendRaw(raw, 'a@x.test', [`in@${org.domain}`]);
    const [item] = (await waitForInbound(org.api, 1)).data;
    const message = await detailOf(org.api, item?.id);
    expect(message.to).toHaveLength(50);
    expect(message.cc).toHaveLength(50);
    expect(message.from).toEqual({ email: 'a@x.test', name: 'N'.repeat(100) });
    expect(message.subject).toHaveLength(998);
    expect(message.references).toHaveLength(50);
    expect(message.parse_error).toBeNull();
    // The header itself is there (cut at 16 KB), and the raw message is whole.
    expect(message.headers.find((header: { name: string }) => header.name === 'to').value.length).toBeGreaterThan(
      16_000,
    );
    expect(Buffer.from(await (await fetch(message.raw_url)).arrayBuffer()).equals(raw)).toBe(true);
  });

  it('stores a message once when SES’s notification arrives twice, and never again once deleted', async () => {
    const org = await receivingOrganization();
    const raw = await composedMessage({
      from: 'a@x.test',
      to: [`in@${org.domain}`],
      subject: 'Twice',
      text: 'once',
      html: '<p>once</p>',
    });
    const { objectKey, deliver } = await sesReceipt(raw, {
      from: 'a@x.test',
      to: [`in@${org.domain}`],
      idPrefix: 'twice',
      verdicts: { spam: 'pass', virus: 'pass', spf: 'pass', dkim: 'pass', dmarc: 'pass' },
    });
    for (let copy = 0; copy < 3; copy += 1) await deliver();
    await waitForInbound(org.api, 1);
    // The copies have been read once SES's copy of the message is gone (deleted after the last store).
    for (let attempt = 0; attempt < 100 && (await objectState(objectKey)); attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const list = await org.api.get('/api/v1/inbound');
    expect(list.body.pagination.total_count).toBe(1);
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0].verdicts).toEqual({
      spam: 'pass',
      virus: 'pass',
      spf: 'pass',
      dkim: 'pass',
      dmarc: 'pass',
    });

    // Deleted, then the notification again (a DLQ redrive): the message does not come back.
    const id = list.body.data[0].id;
    expect((await org.api.delete(`/api/v1/inbound/${id}`)).status).toBe(200);
    await putObject(objectKey, raw);
    await deliver();
    for (let attempt = 0; attempt < 100 && (await objectState(objectKey)); attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await objectState(objectKey)).toBeUndefined();
    expect((await org.api.get(`/api/v1/inbound/${id}`)).status).toBe(404);
    expect((await org.api.get('/api/v1/inbound')).body.pagination.total_count).toBe(0);
  });
});
