import type { Caller } from '#accounts/caller.ts';
import { organizationAmong } from '#accounts/organization.store.ts';
import { type AutoValidationThreshold, DEFAULT_TRACKING } from '#accounts/organization.ts';
import { checkSendingLimit } from '#accounts/sending-limit.ts';
import { enqueueEmail } from '#adapters/send-queue.ts';
import { storeAttachments } from '#attachments/store-on-demand.service.ts';
import { ApiError } from '#core/errors.ts';
import { nowIso } from '#core/ids.ts';
import { logger } from '#core/logger.ts';
import { countEmails } from '#core/metrics.ts';
import { checkNotPaused } from '#deliverability/sending-guard.service.ts';
import { claimsAmong } from '#domains/domain.store.ts';
import { requireSender, senderClaimNames } from '#domains/domain.ts';
import { batchGetAll } from '#dynamo/batch.ts';
import { BodiesTooLargeError } from '#dynamo/item-size.ts';
import { keys } from '#dynamo/keys.ts';
import { isConditionalCheckFailed } from '#dynamo/writes.ts';
import {
  type AcceptWrite,
  AcceptWritesFailedError,
  usageWrites,
  writeAllOrNothing,
} from '#emails/accept-writes.service.ts';
import { getEmailState, type NewEmailItems, newEmailItems, putNewEmail, takeBackEmail } from '#emails/email.store.ts';
import { type EmailRecord, newEmailId } from '#emails/email.ts';
import { markActiveSender } from '#emails/schedule/active-senders.store.ts';
import { type AcceptPlan, planAccept } from '#emails/schedule/due-times.ts';
import type { SendEmailRequest } from '#emails/send-request.ts';
import { readUsage } from '#emails/usage.store.ts';
import { suppressionLookup } from '#suppressions/suppressions.service.ts';
import { parseTemplateForRequest, renderForSingleSend } from '#templates/render-on-demand.service.ts';
import {
  countTemplateSends,
  type TemplateRecord,
  type TemplateSendsCount,
  uncountTemplateSends,
} from '#templates/template.store.ts';
import { sendableTemplateFrom, sendableTemplateKeys } from '#templates/templates.service.ts';
import { resolveTracking } from '#unsubscribe/tracking.ts';
import { refusalReason, refusedRecipients } from '#validation/validate-on-demand.service.ts';

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
  caller: Caller,
  request: SendEmailRequest,
  options: { emailId?: string; admission?: Promise<void> } = {},
): Promise<AcceptedEmail> {
  const organizationId = caller.organizationId;
  // With a template, the request's subject is rendered with template_data like the template's
  // bodies (every send has a subject, template or not): it must compile too.
  if (request.template_id) await parseTemplateForRequest({ subject: request.subject, html: null, text: null });
  // scheduled_at is already checked (future, ≤ 30 days: send-request.ts). Up to 15 minutes ahead
  // the queue's DelaySeconds holds the email; later, only the due index until the scheduler
  // releases it. Either way the due index keeps a deadline so a lost enqueue is swept.
  const plan = planAccept(request.scheduled_at, Date.now());
  const recipients = recipientPaths(request);
  const countedAt = Date.now();
  // The deferred rate-limit count (see api-handler `deferRateLimit`) runs alongside these reads:
  // nothing is written before it allows the request.
  // The attachments are checked and stored alongside the reads: before the email is written, so a
  // queued email never names bytes that are not there (a refused send leaves only blobs that expire).
  // The organization (guard, limits, auto-validation, tracking defaults), the template, the claims on
  // the sender's domain names and the recipients' suppression entries: one consistent BatchGetItem,
  // alongside the usage counters.
  const claimNames = senderClaimNames(request.from.email);
  const suppressions = suppressionLookup(
    organizationId,
    recipients.map((recipient) => recipient.email),
  );
  const templateKeys = request.template_id ? sendableTemplateKeys(organizationId, request.template_id) : [];
  const admitted = options.admission ?? Promise.resolve();
  const [attachments, , context, usage] = await Promise.all([
    // Written once the rate limit admits the request, like everything else.
    admitted.then(() => storeAttachments(organizationId, request.attachments ?? [])),
    // The sender registry, before the email is stored: the scheduler finds an unsent one through it.
    admitted.then(() => markActiveSender(organizationId, caller.environment, countedAt)),
    batchGetAll(
      [
        keys.organization(organizationId),
        ...templateKeys,
        ...claimNames.map((name) => keys.domainClaim(name)),
        ...suppressions.keys,
      ],
      { consistent: true },
    ),
    readUsage(organizationId, caller.environment, countedAt),
  ]);
  const template = request.template_id ? sendableTemplateFrom(organizationId, request.template_id, context) : undefined;
  const organization = organizationAmong(organizationId, context);
  const claims = claimsAmong(claimNames, context);
  const suppressed = suppressions.suppressedIn(context);
  // A paused environment sends nothing new (the guard stored the pause on the organization just read).
  checkNotPaused(organization, caller.environment);
  requireSender(organizationId, caller.domainIds, request.from.email, claims);
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
    ? await renderTemplateContent(template, request.subject, request.template_data ?? {})
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
    ...(attachments.length > 0 ? { attachments } : {}),
    ...(request.list_unsubscribe !== undefined ? { list_unsubscribe: request.list_unsubscribe } : {}),
    tracking: resolveTracking(request.tracking, organization?.trackingDefaults ?? DEFAULT_TRACKING),
    ...(organization?.receivesEmail ? { threaded: true as const } : {}),
    scheduled_at: request.scheduled_at ?? null,
    created_at: now,
    updated_at: now,
  };
  let items: NewEmailItems;
  try {
    // A scheduled email has a due entry (its release, or its sweep deadline); one sent now has none: the
    // scheduler finds it through its `queued` status entry and the sender registry (unindexed-sweep).
    items = newEmailItems(email, request.scheduled_at ? plan.deadline : undefined);
  } catch (error) {
    if (error instanceof BodiesTooLargeError) {
      throw new ApiError(
        'PAYLOAD_TOO_LARGE',
        'The email does not fit in 380 KB once stored (bodies compressed, plus addresses, headers and tags)',
      );
    }
    throw error;
  }
  const message = { organization_id: organizationId, email_id: email.id };
  const writes = sendWrites(caller, email, recipients.length, countedAt);
  const enqueueWrite: AcceptWrite = {
    name: 'enqueue',
    run: () => (plan.enqueue ? enqueueEmail(message, plan.delaySeconds) : Promise.resolve()),
    // A message whose email is taken back finds nothing and is dropped (deliverEmail).
    once: true,
  };
  const emailWrite: AcceptWrite = { name: 'email', run: () => putNewEmail(items) };
  const takeBack = () => takeBackEmail(organizationId, email.id, items.content !== undefined);
  const logFields = { organization_id: organizationId, email_id: email.id };

  if (options.emailId) {
    // An Idempotency-Key may name an email a dead request already wrote: store first, so that
    // one is found (and resumed) before anything is counted twice.
    try {
      await putNewEmail(items);
    } catch (error) {
      if (isConditionalCheckFailed(error)) return resumeAcceptedEmail(organizationId, options.emailId, plan);
      throw error;
    }
    await writeOrFail([enqueueWrite, ...writes], takeBack, logFields);
  } else {
    // Every write of the send in one round trip: the email, its message, the counts. The consumer
    // waits for an email its message arrived before (deliverEmail: MISSING_EMAIL_GRACE_MS).
    await writeOrFail([emailWrite, enqueueWrite, ...writes], takeBack, logFields);
  }
  countEmails('EmailsAccepted');
  return { message_id: email.id, status: 'queued', queued_at: now };
}

/** writeAllOrNothing, failing with the write's own error (a 500 for the caller). */
async function writeOrFail(...args: Parameters<typeof writeAllOrNothing>): Promise<void> {
  try {
    await writeAllOrNothing(...args);
  } catch (error) {
    throw error instanceof AcceptWritesFailedError ? error.failure : error;
  }
}

/**
 * The counts a send moves besides the email itself, each with its undo: the sending limit's usage and
 * the template's usage (the list's pointers and counts follow from the table's stream).
 */
function sendWrites(caller: Caller, email: EmailRecord, recipients: number, countedAt: number): AcceptWrite[] {
  const { organizationId, environment } = caller;
  let templateCount: TemplateSendsCount | undefined;
  const templateId = email.template_id;
  return [
    ...usageWrites(organizationId, environment, { recipients, emails: 1 }, email.created_at),
    ...(templateId
      ? [
          {
            name: 'template usage',
            run: async () => {
              templateCount = await countTemplateSends(organizationId, templateId, 1, new Date(countedAt));
            },
            undo: async () => {
              if (templateCount) await uncountTemplateSends(templateCount);
            },
          },
        ]
      : []),
  ];
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
 * The content of a template send: the template rendered with `data`, with the request's subject
 * rendered in place of the template's; a 400 when it cannot be sent (renderForSend).
 */
function renderTemplateContent(template: TemplateRecord, subject: string, data: Record<string, unknown>) {
  return renderForSingleSend(template, data, subject);
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
