import { enqueueEmail } from '../aws/send-queue.ts';
import { isConditionalCheckFailed } from '../data/dynamo.ts';
import {
  BodiesTooLargeError,
  deleteUnsentEmail,
  type EmailRecord,
  getEmailState,
  newEmailId,
  putEmail,
} from '../data/emails.ts';
import { getOrganization } from '../data/organizations.ts';
import { addUsage, readUsage } from '../data/usage.ts';
import { ApiError, notFound } from '../errors.ts';
import type { Identity } from '../http/context.ts';
import { logger } from '../logger.ts';
import { canSendFrom } from './domains.ts';
import { nowIso } from './ids.ts';
import type { SendEmailRequest } from './send-request.ts';
import { checkSendingLimit } from './sending-limit.ts';
import { findSuppressedAddresses } from './suppressions.ts';

/** SQS DelaySeconds covers at most 15 minutes. */
export const MAX_QUEUE_DELAY_SECONDS = 900;

function recipientPaths(request: SendEmailRequest): Array<{ field: string; email: string }> {
  const lists = { to: request.to, cc: request.cc ?? [], bcc: request.bcc ?? [] };
  return Object.entries(lists).flatMap(([list, mailboxes]) =>
    mailboxes.map((mailbox, index) => ({ field: `${list}[${index}].email`, email: mailbox.email })),
  );
}

function delayFor(scheduledAt: string | undefined, now: number): number {
  if (!scheduledAt) return 0;
  const seconds = Math.ceil((Date.parse(scheduledAt) - now) / 1000);
  if (seconds > MAX_QUEUE_DELAY_SECONDS) {
    throw new ApiError('VALIDATION_ERROR', 'The request is invalid', {
      details: [
        {
          field: 'scheduled_at',
          message: 'Scheduling more than 15 minutes ahead is not available yet in this version of Postbox',
        },
      ],
    });
  }
  return Math.max(0, seconds);
}

export interface AcceptedEmail {
  message_id: string;
  status: 'queued';
  queued_at: string;
}

/**
 * `emailId`: an id reserved by the Idempotency-Key (see withIdempotency). When the email already
 * exists under it, an earlier request with the same key and body died after writing it: that email
 * is the answer (queued again in case the earlier request died before queueing it; a duplicate
 * queue message is harmless, the consumer claims each email once).
 */
export async function acceptEmail(
  caller: Identity,
  request: SendEmailRequest,
  options: { emailId?: string } = {},
): Promise<AcceptedEmail> {
  const organizationId = caller.organizationId;
  if (request.template_id) throw notFound('Template');
  const delaySeconds = delayFor(request.scheduled_at, Date.now());
  const recipients = recipientPaths(request);
  const countedAt = Date.now();
  const [senderAllowed, suppressed, organization, usage] = await Promise.all([
    canSendFrom(organizationId, request.from.email),
    findSuppressedAddresses(
      organizationId,
      recipients.map((recipient) => recipient.email),
    ),
    getOrganization(organizationId),
    readUsage(organizationId, caller.environment, countedAt),
  ]);
  if (!senderAllowed) {
    throw new ApiError(
      'DOMAIN_NOT_VERIFIED',
      `${request.from.email.split('@')[1]} is not a verified sending domain of this organization`,
      { details: [{ field: 'from.email', message: 'Verify the domain (or a parent domain) first' }] },
    );
  }
  if (suppressed.length > 0) {
    const blocked = new Set(suppressed);
    throw new ApiError('RECIPIENTS_SUPPRESSED', 'One or more recipients are on the suppression list', {
      details: recipients
        .filter((recipient) => blocked.has(recipient.email))
        .map((recipient) => ({ field: recipient.field, message: `${recipient.email} is on the suppression list` })),
    });
  }
  checkSendingLimit(organization ?? {}, caller.environment, recipients.length, usage, countedAt);

  const now = nowIso();
  const email: EmailRecord = {
    id: options.emailId ?? newEmailId(),
    organization_id: organizationId,
    environment: caller.environment,
    status: 'queued',
    priority: request.priority,
    from: request.from,
    to: request.to,
    cc: request.cc ?? [],
    bcc: request.bcc ?? [],
    reply_to: request.reply_to ?? [],
    subject: request.subject,
    html: request.html ?? null,
    text: request.text ?? null,
    headers: request.headers ?? {},
    tags: request.tags ?? {},
    template_id: null,
    scheduled_at: request.scheduled_at ?? null,
    created_at: now,
    updated_at: now,
  };
  try {
    await putEmail(email);
  } catch (error) {
    if (options.emailId && isConditionalCheckFailed(error)) {
      return resumeAcceptedEmail(organizationId, options.emailId, delaySeconds);
    }
    if (error instanceof BodiesTooLargeError) {
      throw new ApiError(
        'PAYLOAD_TOO_LARGE',
        'The email does not fit in 380 KB once stored (bodies compressed, plus addresses, headers and tags)',
      );
    }
    throw error;
  }
  // The usage count runs alongside the enqueue (one round trip instead of two). If the
  // enqueue fails the recipients stay counted: the limit errs on the safe side.
  const counting = addUsage(organizationId, caller.environment, recipients.length, countedAt).catch(
    (error: unknown) => {
      logger.error('the email was queued but its recipients were not counted towards the sending limit', {
        organization_id: organizationId,
        email_id: email.id,
        recipients: recipients.length,
        error: error instanceof Error ? error.name : String(error),
      });
    },
  );
  try {
    await enqueueEmail({ organization_id: organizationId, email_id: email.id }, delaySeconds);
  } catch (error) {
    // The message may have been queued after all (a timeout): a consumer that already took
    // the email keeps it, and the caller gets its 201.
    const deleted = await deleteUnsentEmail(organizationId, email.id);
    await counting;
    if (deleted) throw error;
    logger.warn('enqueue reported an error but the email is already being delivered', {
      organization_id: organizationId,
      email_id: email.id,
    });
  }
  await counting;
  return { message_id: email.id, status: 'queued', queued_at: now };
}

/** The email an earlier, dead request with the same Idempotency-Key wrote under `emailId`. */
async function resumeAcceptedEmail(organizationId: string, emailId: string, delaySeconds: number) {
  const existing = await getEmailState(organizationId, emailId);
  if (!existing) throw new Error('the reserved email id is taken but the email cannot be read');
  if (existing.status === 'queued' && !existing.ses_message_id) {
    await enqueueEmail({ organization_id: organizationId, email_id: emailId }, delaySeconds);
  }
  logger.info('resumed an email written by an earlier request with the same Idempotency-Key', {
    organization_id: organizationId,
    email_id: emailId,
  });
  return { message_id: emailId, status: 'queued' as const, queued_at: existing.created_at };
}
