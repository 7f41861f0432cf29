/**
 * Delivery of one queued email: the send queue consumer calls this once per SQS record. SQS
 * delivers at least once, so the email is first claimed with a conditional update (claimForDelivery):
 * a duplicate record, or one for an email already sent, cancelled or failed, changes nothing.
 * Suppressions are checked again here: an address can be suppressed between the API call and now.
 * The SES message: ses-hand-over.service.ts; what a failed hand-over comes to: hand-over-failure.service.ts.
 */
import type { SendQueueMessage } from '#adapters/send-queue-message.ts';
import { sendWithSes } from '#adapters/ses-sender.ts';
import type { Mailbox } from '#core/email-address.ts';
import { nowIso } from '#core/ids.ts';
import { errorLogFields } from '#core/log-fields.ts';
import { logger } from '#core/logger.ts';
import { countEmails } from '#core/metrics.ts';
import type { DeliveryOutcome } from '#emails/delivery/delivery-outcome.ts';
import { claimForDelivery, recordSent } from '#emails/delivery/delivery-state.store.ts';
import { failEmail, outcomeOfFailedHandOver } from '#emails/delivery/hand-over-failure.service.ts';
import { simulateOutcomes } from '#emails/delivery/outcome-simulator.service.ts';
import { type SendPacer, sendPacer } from '#emails/delivery/send-pacer.service.ts';
import { handOverToSes } from '#emails/delivery/ses-hand-over.service.ts';
import { shouldSimulateOutcomes } from '#emails/delivery/simulated-notifications.ts';
import { type EmailRecord, newEvent, suppressedEvent } from '#emails/email.ts';
import { findSuppressedAddresses } from '#suppressions/suppressions.service.ts';

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
  if (to.length + cc.length + bcc.length === 0) {
    logger.info('every recipient is suppressed', { ...ids, suppressed_count: suppressed.size });
    return failEmail(organizationId, emailId, [
      ...suppressedEvents,
      newEvent('failed', { detail: 'every recipient is suppressed' }),
    ]);
  }

  await hooks.beforeSend?.(email);
  let sesMessageId: string;
  try {
    sesMessageId = await handOverToSes(message, email, { to, cc, bcc }, { send, pacer });
  } catch (error) {
    return outcomeOfFailedHandOver(error, {
      organizationId,
      emailId,
      suppressedEvents,
      finalAttempt: options.finalAttempt,
    });
  }
  await hooks.afterSesAccepted?.(email, sesMessageId);

  // One UpdateItem: the SES id, the time and the suppressed recipients (the `sent` and `suppressed`
  // events derive from them). The same values on every retry.
  const sentAt = Date.now();
  const simulated = shouldSimulateOutcomes(email);
  const handOverRecord = {
    sentAt: new Date(sentAt).toISOString(),
    suppressedRecipients: [...suppressed],
    threaded: email.threaded === true,
  };
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
