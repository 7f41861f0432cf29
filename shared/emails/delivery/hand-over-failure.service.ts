/**
 * What a delivery that did not get its email to SES comes to: the email failed (with the reason its
 * customer sees), deferred, or retried through the queue — its lease given back, or kept while SES
 * may have the email after all.
 */
import { classifySesError, sesOutcomeUnknown } from '#adapters/ses-sender.ts';
import { errorLogFields } from '#core/log-fields.ts';
import { logger } from '#core/logger.ts';
import { failedCondition } from '#dynamo/writes.ts';
import type { DeliveryOutcome } from '#emails/delivery/delivery-outcome.ts';
import { recordFailed, releaseLease } from '#emails/delivery/delivery-state.store.ts';
import { SendRateWaitExceeded } from '#emails/delivery/send-pacer.service.ts';
import { AttachmentGoneError } from '#emails/delivery/ses-hand-over.service.ts';
import { type EmailEvent, newEvent } from '#emails/email.ts';

/** Longest `detail` stored on a failed event. */
const MAX_DETAIL_LENGTH = 500;

/** Records the email failed with `events`; `skipped` if another delivery got it to SES after all. */
export async function failEmail(
  organizationId: string,
  emailId: string,
  events: EmailEvent[],
): Promise<DeliveryOutcome> {
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

export interface FailedHandOver {
  organizationId: string;
  emailId: string;
  /** The suppressed recipients' events, recorded with the failure should the email fail. */
  suppressedEvents: EmailEvent[];
  /** The queue's last delivery of the message (see deliverEmail). */
  finalAttempt?: boolean;
}

/** The outcome of a hand-over that threw `error` (handOverToSes). */
export async function outcomeOfFailedHandOver(
  error: unknown,
  { organizationId, emailId, suppressedEvents, finalAttempt }: FailedHandOver,
): Promise<DeliveryOutcome> {
  const ids = { organization_id: organizationId, email_id: emailId };
  if (error instanceof AttachmentGoneError) {
    logger.error('an attachment of the email is no longer stored', ids);
    return failEmail(organizationId, emailId, [
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
    return failEmail(organizationId, emailId, [
      ...suppressedEvents,
      newEvent('failed', { detail: failureDetail(error) }),
    ]);
  }
  // Throttling and outages outlast any backoff of the queue's few receives: on the last one the
  // message goes to the DLQ and the email stays queued, still in the due index, for the sweeper
  // to queue again later (and fail only after its sweeps: shared/emails/schedule/due-times.ts). An error
  // nobody knows is given up on at the last receive.
  if (finalAttempt && classification === 'unknown') {
    logger.error('SES send kept failing; the email is failed', { ...ids, classification, ...errorLogFields(error) });
    return failEmail(organizationId, emailId, [
      ...suppressedEvents,
      newEvent('failed', { detail: `Gave up after repeated attempts: ${failureDetail(error)}` }),
    ]);
  }
  if (sesOutcomeUnknown(error)) {
    // No answer after the request may have gone out (a timeout, a dropped connection): SES may
    // have the email. The lease is kept, so no delivery claims it again before it expires (LEASE_MS;
    // the queue's backoff puts the message's last receive after that); meanwhile SES's Send event
    // records the hand-over (ses-events.service.ts), and the next claim finds the email sent.
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
