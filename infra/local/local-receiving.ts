/**
 * SES receiving on the local stack: the SMTP server (inbound-smtp.ts) accepts what some organization
 * receives, writes the raw message where SES's S3 action would (`inbound/raw/<id>`) and sends SES's
 * `Received` notification to the inbound queue, so the same parser function stores it as in AWS.
 * Its reads and writes play SES's part: they run outside any function (no IAM check applies to them).
 */
import { randomUUID } from 'node:crypto';
import { SendMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { objectKeys } from '#platform/buckets.ts';
import { type InboundSmtp, startInboundSmtp } from './inbound-smtp.ts';

export interface LocalReceivingOptions {
  port: number;
  sqs: SQSClient;
  queueUrl: string;
  bucketName: string;
  log: (line: string) => void;
}

/** The value of the message's X-Postbox-Test-Verdicts header (its header section only, lines unfolded). */
export function testVerdictsHeader(raw: Buffer): string | undefined {
  const text = raw.subarray(0, Math.min(raw.length, 1024 * 1024)).toString('latin1');
  const end = text.search(/\r?\n\r?\n/);
  const headers = (end >= 0 ? text.slice(0, end) : text).replace(/\r?\n[ \t]+/g, ' ');
  return /^x-postbox-test-verdicts[ \t]*:(.*)$/im.exec(headers)?.[1]?.trim();
}

export async function startLocalReceiving(options: LocalReceivingOptions): Promise<InboundSmtp> {
  // Imported once the handlers' environment is set (the table's and the bucket's names, the endpoints).
  const { resolveRecipients } = await import('#inbound/recipients.service.ts');
  const { putObject } = await import('#adapters/attachment-storage.ts');
  const { localVerdicts, receivedNotificationFor } = await import('#inbound/receipt.ts');
  return startInboundSmtp({
    port: options.port,
    accepts: async (address) => (await resolveRecipients([address])).organizations.size > 0,
    deliver: async (raw, envelope) => {
      // SES's message ids are opaque; the local one is a UUID (the Message-ID form of sent email differs).
      const sesMessageId = `local-${randomUUID()}`;
      const objectKey = objectKeys.inboundRaw(sesMessageId);
      await putObject(objectKey, raw, 'message/rfc822');
      const body = receivedNotificationFor({
        sesMessageId,
        receivedAt: new Date().toISOString(),
        source: envelope.from,
        bucketName: options.bucketName,
        objectKey,
        recipients: envelope.recipients,
        verdicts: localVerdicts(testVerdictsHeader(raw)),
      });
      await options.sqs.send(new SendMessageCommand({ QueueUrl: options.queueUrl, MessageBody: body }));
      options.log(`[inbound-smtp] accepted ${raw.length} bytes for ${envelope.recipients.length} recipient(s)`);
    },
  });
}
