/**
 * Building the SES message of one claimed email and handing it over: the recipients left after
 * suppressions, the List-Unsubscribe headers, the configuration set of its tracking switches, the
 * attachments' bytes and Postbox's tags. Emails that do not reach SES get a simulated message id.
 */
import { randomUUID } from 'node:crypto';
import type { SendQueueMessage } from '#adapters/send-queue-message.ts';
import type { sendWithSes } from '#adapters/ses-sender.ts';
import { readAttachmentBytes } from '#attachments/attachment-reads.service.ts';
import { WeightedBudget } from '#core/concurrency.ts';
import type { Mailbox } from '#core/email-address.ts';
import type { SendPacer } from '#emails/delivery/send-pacer.service.ts';
import type { EmailRecord } from '#emails/email.ts';
import { configurationSetFor } from '#platform/ses-configuration-sets.ts';
import { listUnsubscribeHeaders } from '#unsubscribe/list-unsubscribe.ts';
import { trackingOfEmail } from '#unsubscribe/tracking.ts';
import { unsubscribeLink } from '#unsubscribe/unsubscribe-link.service.ts';

/**
 * Attachment bytes one instance holds at once. A 10 MB attachment costs ~35 MB of memory on its way
 * to SES (the bytes, their base64 in the request; `npm run bench -- attachments`): 60 MB keeps a
 * batch of 25 MB emails within the function's 512 MB by sending them a couple at a time.
 */
export const ATTACHMENT_BYTES_IN_FLIGHT = 60 * 1024 * 1024;
const attachmentMemory = new WeightedBudget(ATTACHMENT_BYTES_IN_FLIGHT);

/** A blob the email names is gone (never within STORED_ATTACHMENT_DAYS). */
export class AttachmentGoneError extends Error {}

/**
 * Test keys (docs/api.md, "API keys"): an email sent with a pb_test_ key never reaches SES in AWS; its
 * outcome is simulated. The local stack sets DELIVER_TEST_EMAILS_TO_SES so that test emails
 * still show up in the SES emulator's inbox.
 */
function reachesSes(email: EmailRecord): boolean {
  return email.environment === 'live' || process.env.DELIVER_TEST_EMAILS_TO_SES === 'true';
}

/**
 * The base SES configuration set (SES_CONFIGURATION_SET; unset in unit tests): each email goes
 * through the set of its tracking switches (shared/platform/ses-configuration-sets.ts).
 */
const configurationSetBase = process.env.SES_CONFIGURATION_SET || undefined;

/**
 * The List-Unsubscribe headers of the email's `list_unsubscribe`: Postbox's link (made for its one
 * recipient: send-request.ts allows `true` only then) or the customer's own URIs.
 */
async function listUnsubscribeHeadersOf(email: EmailRecord, recipients: readonly Mailbox[]) {
  if (email.list_unsubscribe !== true) return listUnsubscribeHeaders(email.list_unsubscribe, undefined);
  const recipient = recipients[0];
  if (!recipient) return {};
  const link = await unsubscribeLink({
    organizationId: email.organization_id,
    emailId: email.id,
    recipient: recipient.email,
  });
  return listUnsubscribeHeaders(true, link);
}

/** The recipients the email goes to: its own, less the suppressed ones. */
export interface SesRecipients {
  to: Mailbox[];
  cc: Mailbox[];
  bcc: Mailbox[];
}

export interface SesHandOverDependencies {
  send: typeof sendWithSes;
  /** Keeps SES calls under the account's send rate (send-pacer.service.ts); none when unset. */
  pacer: SendPacer | undefined;
}

/**
 * Hands the message's claimed email over for `recipients` and returns SES's message id. Throws
 * AttachmentGoneError, SendRateWaitExceeded (no send slot in time: SES was not called) or SES's error.
 */
export async function handOverToSes(
  message: SendQueueMessage,
  email: EmailRecord,
  { to, cc, bcc }: SesRecipients,
  { send, pacer }: SesHandOverDependencies,
): Promise<string> {
  const { organization_id: organizationId, email_id: emailId } = message;
  const handOver: typeof sendWithSes = reachesSes(email)
    ? async (input) => {
        // A slot of the account's send rate first; without one (SendRateWaitExceeded) SES is not
        // called and the email is deferred (hand-over-failure.service.ts).
        await pacer?.acquire();
        return send(input);
      }
    : async () => ({ messageId: `simulated-${randomUUID()}` });
  // The attachments' bytes, from their blobs (kept STORED_ATTACHMENT_DAYS after the send that wrote
  // them, longer than any email waits): one that is gone fails the email rather than send it without.
  // They are held only while SES takes the email, within the instance's budget of attachment bytes.
  // (Emails that do not reach SES — test keys in AWS — need none.)
  const stored = reachesSes(email) ? (email.attachments ?? []) : [];
  const storedBytes = stored.reduce((sum, attachment) => sum + attachment.size, 0);
  return attachmentMemory.use(storedBytes, async () => {
    const attachments = await readAttachmentBytes(organizationId, stored);
    if (!attachments) throw new AttachmentGoneError();
    const { messageId } = await handOver({
      from: email.from,
      to,
      cc,
      bcc,
      replyTo: email.reply_to,
      subject: email.subject,
      html: email.html,
      text: email.text,
      headers: { ...email.headers, ...(await listUnsubscribeHeadersOf(email, [...to, ...cc, ...bcc])) },
      ...(configurationSetBase
        ? { configurationSetName: configurationSetFor(configurationSetBase, trackingOfEmail(email)) }
        : {}),
      attachments: stored.map((attachment, index) => ({
        filename: attachment.filename,
        contentType: attachment.content_type,
        contentId: attachment.content_id,
        disposition: attachment.disposition,
        bytes: attachments[index] ?? new Uint8Array(),
      })),
      // Postbox's own tags last: the SES event handler trusts them to find the email.
      tags: { ...email.tags, organization_id: organizationId, email_id: emailId },
    });
    return messageId;
  });
}
