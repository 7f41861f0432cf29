import { enqueueEmail } from '../aws/send-queue.ts';
import { isConditionalCheckFailed } from '../data/dynamo.ts';
import { removeEmailIndexEntries, writeEmailIndexEntries } from '../data/email-index.ts';
import {
  BodiesTooLargeError,
  deleteUnsentEmail,
  type EmailRecord,
  getEmailState,
  newEmailId,
  newEmailItem,
  putEmailItem,
} from '../data/emails.ts';
import { type AutoValidationThreshold, getOrganization } from '../data/organizations.ts';
import { countTemplateSends, type TemplateRecord } from '../data/templates.ts';
import { addUsage, readUsage } from '../data/usage.ts';
import { ApiError, validationError } from '../errors.ts';
import type { Identity } from '../http/context.ts';
import { logger } from '../logger.ts';
import { canSendFrom } from './domains.ts';
import { type AcceptPlan, planAccept } from './due-times.ts';
import { nowIso } from './ids.ts';
import { MAX_BODY_BYTES, type SendEmailRequest } from './send-request.ts';
import { checkSendingLimit } from './sending-limit.ts';
import { findSuppressedAddresses } from './suppressions.ts';
import { parseTemplateForRequest } from './template-engine.ts';
import { renderForSingleSend, sendableTemplate } from './templates.ts';
import { refusalReason, refusedRecipients } from './validation.ts';

function recipientPaths(request: SendEmailRequest): Array<{ field: string; email: string }> {
  const lists = { to: request.to, cc: request.cc ?? [], bcc: request.bcc ?? [] };
  return Object.entries(lists).flatMap(([list, mailboxes]) =>
    mailboxes.map((mailbox, index) => ({ field: `${list}[${index}].email`, email: mailbox.email })),
  );
}

export interface AcceptedEmail {
  message_id: string;
  status: 'queued';
  queued_at: string;
}

/**
 * `admission`: the request's deferred rate-limit count, awaited with the first reads.
 * `emailId`: an id reserved by the Idempotency-Key (see withIdempotency). When the email already
 * exists under it, an earlier request with the same key and body died after writing it: that email
 * is the answer (queued again in case the earlier request died before queueing it; a duplicate
 * queue message is harmless, the consumer claims each email once).
 */
export async function acceptEmail(
  caller: Identity,
  request: SendEmailRequest,
  options: { emailId?: string; admission?: Promise<void> } = {},
): Promise<AcceptedEmail> {
  const organizationId = caller.organizationId;
  // With a template, the request's subject is rendered with template_data like the template's
  // bodies (the spec requires a subject on every send): it must compile too.
  if (request.template_id) parseTemplateForRequest({ subject: request.subject, html: null, text: null });
  // scheduled_at is already checked (future, ≤ 30 days: send-request.ts). Up to 15 minutes ahead
  // the queue's DelaySeconds holds the email; later, only the due index until the scheduler
  // releases it. Either way the due index keeps a deadline so a lost enqueue is swept.
  const plan = planAccept(request.scheduled_at, Date.now());
  const recipients = recipientPaths(request);
  const countedAt = Date.now();
  // The deferred rate-limit count (see api-handler `deferRateLimit`) runs alongside these reads:
  // nothing is written before it allows the request.
  const [, template, senderAllowed, suppressed, organization, usage] = await Promise.all([
    options.admission,
    request.template_id ? sendableTemplate(organizationId, request.template_id) : undefined,
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
  await checkAutoValidation(organizationId, organization?.autoValidationThreshold ?? 'off', recipients);
  const content = template
    ? renderTemplateContent(template, request.subject, request.template_data ?? {})
    : { subject: request.subject, html: request.html ?? null, text: request.text ?? null };

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
    subject: content.subject,
    html: content.html,
    text: content.text,
    headers: request.headers ?? {},
    tags: request.tags ?? {},
    template_id: template?.id ?? null,
    scheduled_at: request.scheduled_at ?? null,
    created_at: now,
    updated_at: now,
  };
  let item: Record<string, unknown>;
  try {
    item = newEmailItem(email, plan.deadline);
  } catch (error) {
    if (error instanceof BodiesTooLargeError) {
      throw new ApiError(
        'PAYLOAD_TOO_LARGE',
        'The email does not fit in 380 KB once stored (bodies compressed, plus addresses, headers and tags)',
      );
    }
    throw error;
  }
  const ids = { organization_id: organizationId, email_id: email.id };
  const message = { organization_id: organizationId, email_id: email.id };
  const enqueue = () => (plan.enqueue ? enqueueEmail(message, plan.delaySeconds) : Promise.resolve());

  if (options.emailId) {
    // An Idempotency-Key may name an email a dead request already wrote: store first, so that
    // one is found (and resumed) before anything is counted twice.
    try {
      await putEmailItem(item);
    } catch (error) {
      if (isConditionalCheckFailed(error)) return resumeAcceptedEmail(organizationId, options.emailId, plan);
      throw error;
    }
    const [queued] = await Promise.allSettled([enqueue(), bookkeeping(caller, email, recipients.length, countedAt)]);
    if (queued.status === 'rejected') await forgetUnqueuedEmail(email, queued.reason);
    return { message_id: email.id, status: 'queued', queued_at: now };
  }

  // Every write of the send in one round trip: the email, its message, the counts. The consumer
  // waits for an email its message arrived before (deliverEmail: MISSING_EMAIL_GRACE_MS).
  const [stored, queued] = await Promise.allSettled([
    putEmailItem(item),
    enqueue(),
    bookkeeping(caller, email, recipients.length, countedAt),
  ]);
  if (stored.status === 'rejected') {
    // A message already queued finds no email and is dropped; the recipients stay counted (the
    // sending limit errs on the safe side), the list entries are taken back.
    await removeEmailIndexEntries(email).catch(() => undefined);
    logger.error('the email could not be stored; the send failed', { ...ids, error: errorName(stored.reason) });
    throw stored.reason;
  }
  if (queued.status === 'rejected') await forgetUnqueuedEmail(email, queued.reason);
  return { message_id: email.id, status: 'queued', queued_at: now };
}

const errorName = (error: unknown) => (error instanceof Error ? error.name : String(error));

/**
 * The counts a send moves besides the email itself: the sending limit's usage, the list's to/tag
 * pointers and counters, the template's usage. Never throws: each failure is logged (a count
 * off by one, or an email missing from the to/tag filters), the email is sent all the same.
 */
async function bookkeeping(caller: Identity, email: EmailRecord, recipients: number, countedAt: number) {
  const ids = { organization_id: caller.organizationId, email_id: email.id };
  const logged = (what: string) => (error: unknown) => {
    logger.error(what, { ...ids, error: errorName(error) });
  };
  await Promise.all([
    email.template_id
      ? countTemplateSends(caller.organizationId, email.template_id, 1, new Date(countedAt)).catch(
          logged('a template send was not counted in the template usage'),
        )
      : undefined,
    addUsage(caller.organizationId, caller.environment, recipients, countedAt).catch(
      logged('the email was accepted but its recipients were not counted towards the sending limit'),
    ),
    writeEmailIndexEntries(email).catch(
      logged('the email was stored but not indexed for the to/tag filters and counts of GET /emails'),
    ),
  ]);
}

/**
 * The enqueue failed: the send fails and the email is deleted — unless a consumer already has it
 * (the message was queued after all, e.g. a timeout), in which case the caller gets its 201.
 */
async function forgetUnqueuedEmail(email: EmailRecord, error: unknown): Promise<void> {
  const deleted = await deleteUnsentEmail(email.organization_id, email.id);
  if (!deleted) {
    logger.warn('enqueue reported an error but the email is already being delivered', {
      organization_id: email.organization_id,
      email_id: email.id,
    });
    return;
  }
  await removeEmailIndexEntries(email).catch(() => undefined);
  throw error;
}

/**
 * The organization's auto-validation threshold, when not `off`: every recipient is validated (DNS
 * shared per domain, cached) and a refused one fails the send with 400 RECIPIENTS_INVALID, one
 * detail per refused recipient. One more round trip, only for organizations that turned it on.
 */
async function checkAutoValidation(
  organizationId: string,
  threshold: AutoValidationThreshold,
  recipients: Array<{ field: string; email: string }>,
): Promise<void> {
  const refused = await refusedRecipients(
    organizationId,
    threshold,
    recipients.map((recipient) => recipient.email),
  );
  if (refused.size === 0) return;
  throw new ApiError('RECIPIENTS_INVALID', 'One or more recipients failed auto-validation', {
    details: [...refused].map(([index, result]) => ({
      field: recipients[index]?.field ?? 'to',
      message: `${result.email}: ${refusalReason(result)}`,
    })),
  });
}

/**
 * The content of a template send: the template rendered with `data` (schema problems are a 400
 * on `template_data.<name>`), with the request's subject rendered in place of the template's.
 */
function renderTemplateContent(template: TemplateRecord, subject: string, data: Record<string, unknown>) {
  const rendered = renderForSingleSend({ ...template, subject, updated_at: `${template.updated_at}#${subject}` }, data);
  for (const part of ['html', 'text'] as const) {
    if (Buffer.byteLength(rendered[part] ?? '', 'utf8') > MAX_BODY_BYTES) {
      throw validationError([{ field: 'template_data', message: `The rendered ${part} is larger than 256 KB` }]);
    }
  }
  return rendered;
}

/** The email an earlier, dead request with the same Idempotency-Key wrote under `emailId`. */
async function resumeAcceptedEmail(organizationId: string, emailId: string, plan: AcceptPlan) {
  const existing = await getEmailState(organizationId, emailId);
  if (!existing) throw new Error('the reserved email id is taken but the email cannot be read');
  if (plan.enqueue && existing.status === 'queued' && !existing.ses_message_id) {
    await enqueueEmail({ organization_id: organizationId, email_id: emailId }, plan.delaySeconds);
  }
  logger.info('resumed an email written by an earlier request with the same Idempotency-Key', {
    organization_id: organizationId,
    email_id: emailId,
  });
  return { message_id: emailId, status: 'queued' as const, queued_at: existing.created_at };
}
