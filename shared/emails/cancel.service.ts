/**
 * POST /emails/:id/cancel. An email can be cancelled while Postbox still holds it: queued, not
 * handed to SES (no ses_message_id) and not held by a consumer right now (no unexpired lease).
 * That covers scheduled emails and also immediate ones still waiting in the queue. The email
 * becomes `failed` (the statuses are a closed list) with a `cancelled` event and leaves the due
 * index, in one conditional write (recordFailed with `idleAt`); a queue message that is still
 * on its way then finds it not deliverable and is dropped by the consumer's claim.
 */

import { ApiError, notFound } from '#core/errors.ts';
import { isUuid } from '#core/ids.ts';
import { failedCondition } from '#dynamo/writes.ts';
import { recordFailed } from '#emails/delivery/delivery-state.store.ts';
import { getEmailWithEvents } from '#emails/email.store.ts';
import { type EmailEvent, type EmailRecord, newEvent } from '#emails/email.ts';
import { getEmail } from '#emails/get.service.ts';

export const CANCELLED_DETAIL = 'Cancelled through the API';

/** Why the email cannot be cancelled (the 409 message), or undefined when it can. */
export function whyNotCancellable(email: EmailRecord, events: EmailEvent[], now: number): string | undefined {
  if (email.ses_message_id || (email.status !== 'queued' && email.status !== 'failed')) {
    return 'The email has already been handed over for delivery and can no longer be cancelled';
  }
  if (email.status === 'failed') {
    return events.some((event) => event.type === 'cancelled')
      ? 'The email is already cancelled'
      : 'The email has already failed; there is nothing to cancel';
  }
  if (email.lease_until !== undefined && email.lease_until >= now) {
    return 'The email is being handed over for delivery right now and can no longer be cancelled';
  }
  return undefined;
}

/** Cancels the email; answers it as GET /emails/:id would (status failed, the cancelled event last). */
export async function cancelEmail(organizationId: string, emailId: string, now = Date.now()) {
  const found = isUuid(emailId) ? await getEmailWithEvents(organizationId, emailId) : undefined;
  if (!found) throw notFound('Email');
  const refused = whyNotCancellable(found.email, found.events, now);
  if (refused) throw new ApiError('CONFLICT', refused);
  try {
    await recordFailed(organizationId, emailId, [newEvent('cancelled', { detail: CANCELLED_DETAIL })], {
      idleAt: now,
      environment: found.email.environment,
    });
  } catch (error) {
    if (!failedCondition(error, 0)) throw error;
    // A consumer claimed it (or another cancel won) between the read and the write.
    throw new ApiError('CONFLICT', 'The email changed while it was being cancelled and can no longer be cancelled');
  }
  return getEmail(organizationId, emailId);
}
