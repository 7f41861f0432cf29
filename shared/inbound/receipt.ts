/**
 * SES receiving's `Received` notification (the S3 action's, published to SNS): what the parser needs
 * from it — the stored object, the envelope recipients and SES's verdicts — validated, since anything
 * on the queue is input. The local SMTP server publishes the same shape, with the local verdicts.
 */
import * as z from 'zod';

export const VERDICTS = ['pass', 'fail', 'gray', 'processing_failed', 'disabled'] as const;
export type Verdict = (typeof VERDICTS)[number];
export interface Verdicts {
  spam: Verdict;
  virus: Verdict;
  spf: Verdict;
  dkim: Verdict;
  dmarc: Verdict;
}

const verdict = z
  .object({ status: z.string() })
  .optional()
  .transform((value): Verdict => {
    const status = value?.status.toLowerCase() ?? 'disabled';
    return (VERDICTS as readonly string[]).includes(status) ? (status as Verdict) : 'processing_failed';
  });

const receivedNotification = z.object({
  notificationType: z.literal('Received'),
  mail: z.object({
    messageId: z.string().min(1).max(200),
    timestamp: z.string().refine((value) => !Number.isNaN(Date.parse(value))),
    source: z.string().max(320).optional(),
  }),
  receipt: z.object({
    recipients: z.array(z.string().max(320)).max(1000),
    spamVerdict: verdict,
    virusVerdict: verdict,
    spfVerdict: verdict,
    dkimVerdict: verdict,
    dmarcVerdict: verdict,
    action: z.object({ type: z.literal('S3'), bucketName: z.string(), objectKey: z.string().min(1).max(1024) }),
  }),
});

export interface Receipt {
  /** SES's id of the received message: the same on every redelivery (what makes storing it idempotent). */
  sesMessageId: string;
  receivedAt: string;
  /** The envelope sender (MAIL FROM; empty for a bounce): the record's `from` when the MIME cannot be read. */
  source: string;
  objectKey: string;
  recipients: string[];
  verdicts: Verdicts;
}

/** The receipt in an SNS message's `Message`, or why it is not one. */
export function parseReceipt(message: string): Receipt | { error: string } {
  let json: unknown;
  try {
    json = JSON.parse(message);
  } catch {
    return { error: 'not JSON' };
  }
  const parsed = receivedNotification.safeParse(json);
  if (!parsed.success) return { error: 'not an SES Received notification with an S3 action' };
  const { mail, receipt } = parsed.data;
  return {
    sesMessageId: mail.messageId,
    receivedAt: new Date(mail.timestamp).toISOString(),
    source: mail.source ?? '',
    objectKey: receipt.action.objectKey,
    recipients: receipt.recipients,
    verdicts: {
      spam: receipt.spamVerdict,
      virus: receipt.virusVerdict,
      spf: receipt.spfVerdict,
      dkim: receipt.dkimVerdict,
      dmarc: receipt.dmarcVerdict,
    },
  };
}

/** What the local stack reports: spam and virus pass, SPF/DKIM/DMARC gray (nothing checks them locally). */
export const LOCAL_VERDICTS: Verdicts = { spam: 'pass', virus: 'pass', spf: 'gray', dkim: 'gray', dmarc: 'gray' };

/**
 * The local verdicts, changed by a message's `X-Postbox-Test-Verdicts: spam=fail, virus=fail` header
 * (the local stack only: in AWS the verdicts are SES's).
 */
export function localVerdicts(testHeader: string | undefined): Verdicts {
  const verdicts = { ...LOCAL_VERDICTS };
  for (const pair of (testHeader ?? '').split(',').slice(0, 10)) {
    const [name, value] = pair.split('=').map((part) => part.trim().toLowerCase());
    if ((name === 'spam' || name === 'virus') && (VERDICTS as readonly string[]).includes(value ?? '')) {
      verdicts[name] = value as Verdict;
    }
  }
  return verdicts;
}

/** The notification SES would publish for a message stored at `objectKey` (the local SMTP server's). */
export function receivedNotificationFor(input: {
  sesMessageId: string;
  receivedAt: string;
  source: string;
  bucketName: string;
  objectKey: string;
  recipients: string[];
  verdicts: Verdicts;
}): string {
  const status = (value: Verdict) => ({ status: value.toUpperCase() });
  return JSON.stringify({
    notificationType: 'Received',
    mail: { messageId: input.sesMessageId, timestamp: input.receivedAt, source: input.source },
    receipt: {
      recipients: input.recipients,
      spamVerdict: status(input.verdicts.spam),
      virusVerdict: status(input.verdicts.virus),
      spfVerdict: status(input.verdicts.spf),
      dkimVerdict: status(input.verdicts.dkim),
      dmarcVerdict: status(input.verdicts.dmarc),
      action: { type: 'S3', bucketName: input.bucketName, objectKey: input.objectKey },
    },
  });
}
