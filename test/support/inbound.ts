/**
 * Receiving for the integration tests: an organization with a domain that receives (added, verified
 * and switched on through the API), raw messages sent to the local stack's SMTP server, and waiting
 * for what the parser stored.
 */
import { randomBytes } from 'node:crypto';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import nodemailer from 'nodemailer';
import { expect, inject } from 'vitest';
import { putObject } from '#adapters/attachment-storage.ts';
import { receivedNotificationFor, type Verdicts } from '#inbound/receipt.ts';
import { objectKeys } from '#platform/buckets.ts';
import { createTestOrganization, verifiedDomainFor } from './factories.ts';

type Transport = {
  sendMail(mail: Record<string, unknown>): Promise<{ accepted: string[]; rejected: string[] }>;
};

/** A transport to the stack's SMTP server (plain, loopback: as SES receiving's stand-in it has no TLS). */
export function smtpTransport(): Transport {
  return (nodemailer as unknown as { createTransport(options: unknown): Transport }).createTransport({
    host: '127.0.0.1',
    port: inject('localCloud').smtpPort,
    secure: false,
    ignoreTLS: true,
  });
}

/** Sends `raw` as it is, with this envelope. */
export const sendRaw = (raw: Buffer, from: string, to: string[]) =>
  smtpTransport().sendMail({ envelope: { from, to }, raw });

/** An organization whose new domain (`reply.<random>.test`) is verified and receives. */
export async function receivingOrganization() {
  const org = await createTestOrganization();
  const domain = await verifiedDomainFor(org.api, `reply.r${randomBytes(5).toString('hex')}.test`);
  const { body } = await org.api.get('/api/v1/domains');
  const id = (body.data as Array<{ id: string; domain: string }>).find((entry) => entry.domain === domain)?.id;
  const switched = await org.api.patch(`/api/v1/domains/${id}`, { receiving: true });
  expect(switched.status, switched.text).toBe(200);
  return { ...org, domain, domainId: id as string };
}

type Api = Awaited<ReturnType<typeof createTestOrganization>>['api'];

/** Polls GET /inbound?query until it lists `count` messages; returns the page. */
export async function waitForInbound(api: Api, count: number, query = '', timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await api.get(`/api/v1/inbound${query ? `?${query}` : ''}`);
    expect(response.status, response.text).toBe(200);
    if (response.body.pagination.total_count >= count && response.body.data.length >= Math.min(count, 20))
      return response.body as { data: Array<Record<string, unknown>>; pagination: { total_count: number } };
    if (Date.now() > deadline)
      throw new Error(`GET /inbound listed ${response.body.pagination.total_count}, not ${count}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * What SES receiving does, without SMTP (for what SMTP cannot make: a past receipt time, chosen verdicts,
 * the same notification twice): `raw` stored under `inbound/raw/`, and its notification, which
 * `deliver()` sends to the inbound queue (as often as called).
 */
export async function sesReceipt(
  raw: Buffer,
  envelope: { from: string; to: string[]; receivedAt?: string; verdicts: Verdicts; idPrefix?: string },
) {
  const sesMessageId = `${envelope.idPrefix ?? 'ses'}-${randomBytes(6).toString('hex')}`;
  const objectKey = objectKeys.inboundRaw(sesMessageId);
  await putObject(objectKey, raw);
  const notification = receivedNotificationFor({
    sesMessageId,
    receivedAt: envelope.receivedAt ?? new Date().toISOString(),
    source: envelope.from,
    bucketName: process.env.ATTACHMENTS_BUCKET ?? '',
    objectKey,
    recipients: envelope.to,
    verdicts: envelope.verdicts,
  });
  const sqs = new SQSClient({ endpoint: process.env.SQS_ENDPOINT, region: process.env.AWS_REGION });
  const deliver = async () => {
    await sqs.send(new SendMessageCommand({ QueueUrl: process.env.INBOUND_QUEUE_URL, MessageBody: notification }));
  };
  return { objectKey, deliver };
}
