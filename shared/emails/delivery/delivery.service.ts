import { randomUUID } from 'node:crypto';

/**
 * Delivery of one queued email: the send queue consumer calls this once per SQS record.
 *
 * SQS delivers at least once, so the email is first claimed with a conditional update (see
 * claimForDelivery): a duplicate record, or one for an email that was already sent, cancelled
 * or failed, changes nothing. Suppressions are checked again at send time, because an address
 * can be suppressed (a bounce, a complaint) between the API call and the delivery.
 */

import { classifySesError, sendWithSes, sesOutcomeUnknown } from '#adapters/ses-sender.ts';
import { readAttachmentBytes } from '#attachments/attachment-reads.service.ts';
import { WeightedBudget } from '#core/concurrency.ts';
import { nowIso } from '#core/ids.ts';
import { errorLogFields } from '#core/log-fields.ts';
import { logger } from '#core/logger.ts';
import { countEmails } from '#core/metrics.ts';
import { failedCondition } from '#dynamo/writes.ts';
import { claimForDelivery, recordFailed, recordSent, releaseLease } from '#emails/delivery/delivery-state.store.ts';
import { simulateOutcomes } from '#emails/delivery/outcome-simulator.service.ts';
import { type SendPacer, SendRateWaitExceeded, sendPacer } from '#emails/delivery/send-pacer.service.ts';
import type { SendQueueMessage } from '#emails/delivery/send-queue-message.ts';
import { shouldSimulateOutcomes } from '#emails/delivery/simulated-notifications.ts';
import { type EmailEvent, type EmailRecord, type Mailbox, newEvent, suppressedEvent } from '#emails/email.ts';
import { listUnsubscribeHeaders } from '#emails/list-unsubscribe.ts';
import { trackingOfEmail } from '#emails/tracking.ts';
import { configurationSetFor } from '#platform/ses-configuration-sets.ts';
import { findSuppressedAddresses } from '#suppressions/suppressions.service.ts';
import { unsubscribeLink } from '#unsubscribe/unsubscribe-link.service.ts';

/**
 * How long a claim keeps other consumers off the email. Longer than the consumer's 30 s
 * timeout (SEND_CONSUMER_TIMEOUT_SECONDS), so a consumer still at work — it cannot outlive its
 * timeout — never loses its lease to a second one that would send the email again. Shorter than
 * the queue's 180 s visibility timeout, so when a consumer dies mid-delivery its own message,
 * visible again only after that timeout, finds the lease expired and can claim the email.
 */
export const LEASE_MS = 60_000;

/**
 * What deliverEmail works with, each defaulting to the real one. Only tests pass others: to scale
 * time down (a shorter lease) or to inject faults at the points where a consumer can really fail.
 */
export interface DeliveryDependencies {
  /** The SES hand-over (for emails that reach SES). */
  send?: typeof sendWithSes;
  /** Keeps SES calls under the account's send rate (send-pacer.service.ts); the configured one by default. */
  pacer?: SendPacer;
  leaseMs?: number;
  /**
   * Called around the SES call. A hook that throws acts as a consumer dying at that point: the
   * error propagates (the record is not acknowledged) and the lease is kept until it expires.
   */
  hooks?: {
    /** The email is claimed and about to be handed over. */
    beforeSend?: (email: EmailRecord) => void | Promise<void>;
    /** SES accepted the email; nothing is recorded yet. */
    afterSesAccepted?: (email: EmailRecord, sesMessageId: string) => void | Promise<void>;
    /** The hand-over is recorded; a simulated outcome (shouldSimulateOutcomes) has not run yet. */
    afterRecorded?: (email: EmailRecord, sesMessageId: string) => void | Promise<void>;
  };
}

/** Longest `detail` stored on a failed event. */
const MAX_DETAIL_LENGTH = 500;

/**
 * `sent`, `skipped` (nothing to do: a duplicate record, an email already sent, cancelled,
 * failed, or held by another consumer) and `failed` are final: the SQS message is done.
 * `retry`: the message must come back (SES throttled us or failed in a way that may pass).
 */
/**
 * `deferred`: not sent because no slot of the account's SES send rate came in time (send-pacer.service.ts);
 * the consumer queues the message afresh rather than retrying it, so waiting out a long backlog
 * never uses up its receives.
 */
/**
 * Attachment bytes one instance holds at once. A 10 MB attachment costs ~35 MB of memory on its way
 * to SES (the bytes, their base64 in the request; `npm run bench -- attachments`): 60 MB keeps a
 * batch of 25 MB emails within the function's 512 MB by sending them a couple at a time.
 */
export const ATTACHMENT_BYTES_IN_FLIGHT = 60 * 1024 * 1024;
const attachmentMemory = new WeightedBudget(ATTACHMENT_BYTES_IN_FLIGHT);

/** A blob the email names is gone (never within STORED_ATTACHMENT_DAYS). */
class AttachmentGoneError extends Error {}

export type DeliveryOutcome = 'sent' | 'skipped' | 'failed' | 'retry' | 'deferred';

/**
 * Test keys (docs/api.md, "API keys"): an email sent with a pb_test_ key never reaches SES in AWS; its
 * outcome is simulated. The local stack sets DELIVER_TEST_EMAILS_TO_SES so that test emails
 * still show up in the SES emulator's inbox.
 */
function reachesSes(email: EmailRecord): boolean {
  return email.environment === 'live' || process.env.DELIVER_TEST_EMAILS_TO_SES === 'true';
}

/** Writing the hand-over is retried: if it is lost, a later duplicate message would resend. */
async function withRetries<T>(work: () => Promise<T>, attempts = 4): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * 2 ** attempt));
    }
  }
}

/**
 * The send path writes the email and queues its message at the same time (one round trip), so a
 * consumer can see the message a few milliseconds before the email exists. A message younger than
 * this whose email is missing is retried; an older one can no longer be followed by its email (the
 * accepting function gives up after ROUTE_TIMEOUT_SECONDS = 10 s, and then nothing writes it): it
 * belonged to a request that failed, and is dropped.
 */
export const MISSING_EMAIL_GRACE_MS = 60_000;
/** In-process waits for an email not written yet, before handing the message back to the queue. */
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

const MISSING_EMAIL_WAITS_MS = [20, 50, 100, 200, 400, 800, 1600];

async function claimWhenWritten(message: SendQueueMessage, leaseMs: number, sentAt: number | undefined) {
  const claim = () => claimForDelivery(message.organization_id, message.email_id, leaseMs);
  let result = await claim();
  for (const wait of MISSING_EMAIL_WAITS_MS) {
    if (result.outcome !== 'missing' || sentAt === undefined || Date.now() - sentAt > MISSING_EMAIL_GRACE_MS) break;
    await new Promise((resolve) => setTimeout(resolve, wait));
    result = await claim();
  }
  return result;
}

/**
 * `sentAt`: when the message was queued (SQS SentTimestamp), for an email not found (see
 * MISSING_EMAIL_GRACE_MS); without it a missing email is dropped at once.
 * `finalAttempt`: this is the queue's last delivery of the message (the next failure would
 * move it to the dead-letter queue). A retryable SES failure then fails the email with the
 * reason instead, so its fate is visible rather than resting in the DLQ as `queued`.
 */
export async function deliverEmail(
  message: SendQueueMessage,
  options: { finalAttempt?: boolean; sentAt?: number } = {},
  dependencies: DeliveryDependencies = {},
): Promise<DeliveryOutcome> {
  const { organization_id: organizationId, email_id: emailId } = message;
  const ids = { organization_id: organizationId, email_id: emailId };
  const { send = sendWithSes, leaseMs = LEASE_MS, hooks = {}, pacer = sendPacer } = dependencies;

  const claim = await claimWhenWritten(message, leaseMs, options.sentAt);
  if (claim.outcome === 'missing') {
    const young = options.sentAt !== undefined && Date.now() - options.sentAt < MISSING_EMAIL_GRACE_MS;
    logger.warn(young ? 'email not written yet; the message will come back' : 'no such email; message dropped', ids);
    return young ? 'retry' : 'skipped';
  }
  if (claim.outcome === 'leased') {
    // Another consumer holds it (or held it and died, or could not give the lease back): this
    // message comes back after its backoff, then finds the email sent, or the lease expired.
    logger.info('email held by another delivery; the message will come back', ids);
    return 'retry';
  }
  if (claim.outcome !== 'claimed' || !claim.email) {
    // already_sent / not_deliverable: nothing to do, the message is acknowledged.
    logger.info('email not claimed for delivery', { ...ids, claim: claim.outcome });
    return 'skipped';
  }
  const email = claim.email;

  const recipients = [...email.to, ...email.cc, ...email.bcc];
  const suppressed = new Set(
    await findSuppressedAddresses(
      organizationId,
      recipients.map((mailbox) => mailbox.email),
    ),
  );
  // The ids the hand-over's derived events have (emails.ts handOverEvents), should the email fail instead.
  const suppressedEvents = [...suppressed].map((address) => suppressedEvent(emailId, address, nowIso()));
  const keep = (mailboxes: Mailbox[]) => mailboxes.filter((mailbox) => !suppressed.has(mailbox.email));
  const to = keep(email.to);
  const cc = keep(email.cc);
  const bcc = keep(email.bcc);
  const handOver: typeof sendWithSes = reachesSes(email)
    ? async (input) => {
        // A slot of the account's send rate first; without one (SendRateWaitExceeded) SES is not
        // called and the email is deferred (below).
        await pacer?.acquire();
        return send(input);
      }
    : async () => ({ messageId: `simulated-${randomUUID()}` });
  if (to.length + cc.length + bcc.length === 0) {
    logger.info('every recipient is suppressed', { ...ids, suppressed_count: suppressed.size });
    return fail(organizationId, emailId, [
      ...suppressedEvents,
      newEvent('failed', { detail: 'every recipient is suppressed' }),
    ]);
  }

  await hooks.beforeSend?.(email);
  // The attachments' bytes, from their blobs (kept STORED_ATTACHMENT_DAYS after the send that wrote
  // them, longer than any email waits): one that is gone fails the email rather than send it without.
  // They are held only while SES takes the email, within the instance's budget of attachment bytes.
  // (Emails that do not reach SES — test keys in AWS — need none.)
  const stored = reachesSes(email) ? (email.attachments ?? []) : [];
  const storedBytes = stored.reduce((sum, attachment) => sum + attachment.size, 0);
  let sesMessageId: string;
  try {
    sesMessageId = await attachmentMemory.use(storedBytes, async () => {
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
  } catch (error) {
    if (error instanceof AttachmentGoneError) {
      logger.error('an attachment of the email is no longer stored', ids);
      return fail(organizationId, emailId, [
        ...suppressedEvents,
        newEvent('failed', { detail: 'An attachment of the email is no longer stored' }),
      ]);
    }
    if (error instanceof SendRateWaitExceeded) {
      // SES was not called. The lease is given back, so the next pass claims the email at once.
      logger.info('no SES send slot in time; the email is deferred', ids);
      await releaseLease(organizationId, emailId).catch((releaseError: unknown) => {
        logger.warn('could not release the delivery lease', { ...ids, ...errorLogFields(releaseError) });
      });
      return 'deferred';
    }
    const classification = classifySesError(error);
    if (classification === 'permanent') {
      logger.warn('SES refused the email', { ...ids, ...errorLogFields(error) });
      return fail(organizationId, emailId, [...suppressedEvents, newEvent('failed', { detail: failureDetail(error) })]);
    }
    // Throttling and outages outlast any backoff of the queue's few receives: on the last one the
    // message goes to the DLQ and the email stays queued, still in the due index, for the sweeper
    // to queue again later (and fail only after its sweeps: shared/emails/schedule/due-times.ts). An error
    // nobody knows is given up on at the last receive.
    if (options.finalAttempt && classification === 'unknown') {
      logger.error('SES send kept failing; the email is failed', { ...ids, classification, ...errorLogFields(error) });
      return fail(organizationId, emailId, [
        ...suppressedEvents,
        newEvent('failed', { detail: `Gave up after repeated attempts: ${failureDetail(error)}` }),
      ]);
    }
    if (sesOutcomeUnknown(error)) {
      // No answer after the request may have gone out (a timeout, a dropped connection): SES may
      // have the email. The lease is kept, so no delivery claims it again before it expires (LEASE_MS;
      // the queue's backoff puts the message's last receive after that); meanwhile SES's Send event
      // records the hand-over (ses-events.ts), and the next claim finds the email sent.
      logger.warn('SES send outcome unknown; the lease is kept and the email will be retried', {
        ...ids,
        classification,
        ...errorLogFields(error),
      });
      return 'retry';
    }
    // 'unknown' is retried too, until the queue's last attempt (see finalAttempt).
    logger.warn('SES send failed; the email will be retried', { ...ids, classification, ...errorLogFields(error) });
    await releaseLease(organizationId, emailId).catch((releaseError: unknown) => {
      // The message may come back before the lease expires: it then finds the email leased and
      // is retried again (see the `leased` claim), never dropped.
      logger.warn('could not release the delivery lease', { ...ids, ...errorLogFields(releaseError) });
    });
    return 'retry';
  }
  await hooks.afterSesAccepted?.(email, sesMessageId);

  // One UpdateItem: the SES id, the time and the suppressed recipients (the `sent` and `suppressed`
  // events derive from them). The same values on every retry.
  const sentAt = Date.now();
  const simulated = shouldSimulateOutcomes(email);
  const handOverRecord = { sentAt: new Date(sentAt).toISOString(), suppressedRecipients: [...suppressed] };
  try {
    await withRetries(() => recordSent(organizationId, emailId, sesMessageId, handOverRecord));
    countEmails('EmailsSent');
  } catch (error) {
    // SES has the email: asking SQS for the message again would send it a second time. The
    // message is acknowledged; the email keeps status queued until SES events arrive (they
    // carry the organization_id and email_id tags; the first one records the hand-over).
    logger.error('SES accepted the email but recording it failed', {
      ...ids,
      ses_message_id: sesMessageId,
      ...errorLogFields(error),
    });
    return 'sent';
  }
  await hooks.afterRecorded?.(email, sesMessageId);
  // Test keys (and every email on the local stack) get their delivery outcome simulated, written
  // back through the SES event path, timed from the hand-over (so the scheduler, running it again
  // for an email whose outcome never came, writes the same events). Never fails the delivery.
  if (simulated) {
    await simulateOutcomes({ ...email, to, cc, bcc }, sesMessageId, sentAt).catch((simulatorError: unknown) => {
      logger.warn('simulating the delivery outcome failed', { ...ids, ...errorLogFields(simulatorError) });
    });
  }
  return 'sent';
}

async function fail(organizationId: string, emailId: string, events: EmailEvent[]): Promise<DeliveryOutcome> {
  try {
    await recordFailed(organizationId, emailId, events);
    return 'failed';
  } catch (error) {
    // The condition is "not sent yet": another delivery got it to SES after all, nothing to do.
    if (failedCondition(error, 0)) return 'skipped';
    throw error;
  }
}

/** `<error name>: <message>`, as stored on the failed event the customer sees. */
function failureDetail(error: unknown): string {
  const detail =
    error instanceof Error ? `${error.name}: ${error.message}` : `UnknownError: ${String(error).slice(0, 200)}`;
  return detail.length > MAX_DETAIL_LENGTH ? `${detail.slice(0, MAX_DETAIL_LENGTH - 1)}…` : detail;
}
