import { enqueueEmail } from '../aws/send-queue.ts';
import { isConditionalCheckFailed } from '../data/dynamo.ts';
import { removeEmailIndexEntries, writeEmailIndexEntries } from '../data/email-index.ts';
import {
  BodiesTooLargeError,
  deleteUnsentEmail,
  type EmailRecord,
  getEmailState,
  newEmailId,
  putEmail,
} from '../data/emails.ts';
import { getOrganization } from '../data/organizations.ts';
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
  try {
    await putEmail(email, plan.deadline);
  } catch (error) {
    if (options.emailId && isConditionalCheckFailed(error)) {
      return resumeAcceptedEmail(organizationId, options.emailId, plan);
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
  const counting = Promise.all([
    template
      ? countTemplateSends(organizationId, template.id, 1, new Date(countedAt)).catch((error: unknown) => {
          logger.error('a template send was not counted in the template usage', {
            organization_id: organizationId,
            email_id: email.id,
            error: error instanceof Error ? error.name : String(error),
          });
        })
      : undefined,
    addUsage(organizationId, caller.environment, recipients.length, countedAt).catch((error: unknown) => {
      logger.error('the email was queued but its recipients were not counted towards the sending limit', {
        organization_id: organizationId,
        email_id: email.id,
        recipients: recipients.length,
        error: error instanceof Error ? error.name : String(error),
      });
    }),
    // The list's to/tag pointers and counts (GET /emails); a failure leaves the email out of them.
    writeEmailIndexEntries(email).catch((error: unknown) => {
      logger.error('the email was stored but not indexed for the to/tag filters and counts of GET /emails', {
        organization_id: organizationId,
        email_id: email.id,
        error: error instanceof Error ? error.name : String(error),
      });
    }),
  ]);
  try {
    if (plan.enqueue) await enqueueEmail({ organization_id: organizationId, email_id: email.id }, plan.delaySeconds);
  } catch (error) {
    // The message may have been queued after all (a timeout): a consumer that already took
    // the email keeps it, and the caller gets its 201.
    const deleted = await deleteUnsentEmail(organizationId, email.id);
    await counting;
    if (deleted) await removeEmailIndexEntries(email).catch(() => undefined);
    if (deleted) throw error;
    logger.warn('enqueue reported an error but the email is already being delivered', {
      organization_id: organizationId,
      email_id: email.id,
    });
  }
  await counting;
  return { message_id: email.id, status: 'queued', queued_at: now };
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
