/**
 * The local SMTP server that plays SES receiving, against the local stack's table and S3: recipients no
 * organization receives for are refused at RCPT TO (550), a message over SIZE with 552, and an accepted
 * message is stored byte for byte where SES receiving stores it (the attachments bucket, `inbound/raw/`).
 */
import { randomBytes, randomUUID } from 'node:crypto';
// nodemailer ships untyped; the transport's shape used here is small.
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createObject, readObject } from '#adapters/attachment-storage.ts';
import { addDomain, addVerifiedDomainForDevelopment, updateDomain } from '#domains/domains.service.ts';
import { resolveRecipients } from '#inbound/recipients.service.ts';
import { objectKeys } from '#platform/buckets.ts';
import { type InboundSmtp, startInboundSmtp } from '../../infra/local/inbound-smtp.ts';
import { createTestOrganization } from '../support/factories.ts';

interface SendResult {
  accepted: string[];
  rejected: string[];
}
type Transport = { sendMail(mail: Record<string, unknown>): Promise<SendResult> };

const delivered: Array<{ key: string; raw: Buffer; recipients: string[] }> = [];
let smtp: InboundSmtp;
let transport: Transport;

beforeAll(async () => {
  smtp = await startInboundSmtp({
    accepts: async (address) => (await resolveRecipients([address])).organizations.size > 0,
    deliver: async (raw, envelope) => {
      const key = objectKeys.inboundRaw(randomUUID());
      await createObject(key, raw);
      delivered.push({ key, raw, recipients: envelope.recipients });
    },
  });
  transport = (nodemailer as unknown as { createTransport(options: unknown): Transport }).createTransport({
    host: '127.0.0.1',
    port: smtp.port,
    secure: false,
    ignoreTLS: true,
  });
});
afterAll(() => smtp.stop());

async function receivingDomain(options: { receiving: boolean } = { receiving: true }) {
  const { organization } = await createTestOrganization();
  const name = `reply.in${randomBytes(5).toString('hex')}.test`;
  const domainId = await addVerifiedDomainForDevelopment(organization.id, name);
  if (options.receiving) await updateDomain(organization.id, domainId, { receiving: true });
  return { organizationId: organization.id, name, domainId };
}

const mail = (to: string[], fields: Record<string, unknown> = {}) => ({
  from: 'sender@outside.test',
  to,
  subject: 'Hello',
  text: 'Hi there',
  ...fields,
});

describe('the local inbound SMTP server', () => {
  it('stores an accepted message byte for byte, refusing at RCPT TO the recipients nobody receives for', async () => {
    const ours = await receivingDomain();
    const notReceiving = await receivingDomain({ receiving: false });
    const before = delivered.length;
    const result = await transport.sendMail(
      mail([`help@${ours.name}`, `who@${notReceiving.name}`, 'someone@unknown-domain.test']),
    );
    expect(result.accepted).toEqual([`help@${ours.name}`]);
    expect(result.rejected.sort()).toEqual([`who@${notReceiving.name}`, 'someone@unknown-domain.test'].sort());
    const stored = delivered.slice(before);
    expect(stored).toHaveLength(1);
    expect(stored[0]?.recipients).toEqual([`help@${ours.name}`]);
    const object = await readObject(stored[0]?.key ?? '');
    expect(object?.equals(stored[0]?.raw as Buffer)).toBe(true);
    expect(object?.toString()).toContain('Subject: Hello');
  });

  it('refuses a domain once receiving is off, an unverified one, and a message with no recipient accepted', async () => {
    const ours = await receivingDomain();
    expect((await transport.sendMail(mail([`a@${ours.name}`]))).accepted).toEqual([`a@${ours.name}`]);
    await updateDomain(ours.organizationId, ours.domainId, { receiving: false });
    const { organization } = await createTestOrganization();
    const unverified = `reply.un${randomBytes(5).toString('hex')}.test`;
    const added = await addDomain(organization.id, unverified);
    await updateDomain(organization.id, added.id, { receiving: true });
    const before = delivered.length;
    for (const to of [`a@${ours.name}`, `a@${unverified}`, 'nobody@unknown-domain.test']) {
      await expect(transport.sendMail(mail([to]))).rejects.toThrow(/550/);
    }
    expect(delivered.length).toBe(before);
  });

  it('refuses a message over 30 MB with 552 and stores nothing', async () => {
    const ours = await receivingDomain();
    const before = delivered.length;
    const big = randomBytes(23 * 1024 * 1024); // ~31 MB once base64-encoded
    await expect(
      transport.sendMail(mail([`big@${ours.name}`], { attachments: [{ filename: 'big.bin', content: big }] })),
    ).rejects.toThrow(/552/);
    expect(delivered.length).toBe(before);
  });
});
