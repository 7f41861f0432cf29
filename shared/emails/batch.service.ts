/**
 * POST /api/v1/emails/batch: one template to up to 1,000 recipients, each with its own data. Whole-batch
 * errors stop everything, an entry's problem rejects only that entry, and every accepted entry becomes a
 * normal email carrying the batch's id. The work is batched end to end (99 DynamoDB and 4 SQS requests for
 * 1,000 recipients, `npm run bench -- batch`). The rules: docs/api.md, "Batch send"; the access pattern:
 * docs/data-model.md, B1.
 */

import { createHash } from 'node:crypto';
import type { Caller } from '#accounts/caller.ts';
import { organizationAmong } from '#accounts/organization.store.ts';
import { DEFAULT_TRACKING } from '#accounts/organization.ts';
import { checkSendingLimit } from '#accounts/sending-limit.ts';
import { enqueueEmailBatches } from '#adapters/send-queue.ts';
import { storeAttachments } from '#attachments/store-on-demand.service.ts';
import { normalizeEmailAddress } from '#core/email-address.ts';
import { ApiError } from '#core/errors.ts';
import { nowIso } from '#core/ids.ts';
import { errorLogFields } from '#core/log-fields.ts';
import { logger } from '#core/logger.ts';
import { countEmails } from '#core/metrics.ts';
import { checkNotPaused } from '#deliverability/sending-guard.service.ts';
import { claimsAmong } from '#domains/domain.store.ts';
import { requireSender, senderClaimNames } from '#domains/domain.ts';
import { batchGetAll } from '#dynamo/batch.ts';
import { BodiesTooLargeError } from '#dynamo/item-size.ts';
import { keys } from '#dynamo/keys.ts';
import {
  type AcceptWrite,
  AcceptWritesFailedError,
  usageWrites,
  writeAllOrNothing,
} from '#emails/accept-writes.service.ts';
import { type BatchEntry, type BatchSendRequest, parseBatchEntry } from '#emails/batch-request.ts';
import {
  deleteEmailItems,
  existingEmailIds,
  type NewEmailItems,
  newEmailItems,
  putEmailItems,
} from '#emails/email.store.ts';
import { type EmailRecord, newEmailId } from '#emails/email.ts';
import { markActiveSender } from '#emails/schedule/active-senders.store.ts';
import { readUsage } from '#emails/usage.store.ts';
import { findSuppressedAddresses, MAX_ADDRESSES_PER_CHECK } from '#suppressions/suppressions.service.ts';
import { templateRenderer } from '#templates/render-on-demand.service.ts';
import { countTemplateSends, type TemplateSendsCount, uncountTemplateSends } from '#templates/template.store.ts';
import type { OutputMeter } from '#templates/template-engine.ts';
import { sendableTemplateFrom, sendableTemplateKeys } from '#templates/templates.service.ts';
import { resolveTracking } from '#unsubscribe/tracking.ts';
import { refusalReason, refusedRecipients } from '#validation/validate-on-demand.service.ts';

export interface BatchResult {
  batch_id: string;
  total: number;
  accepted: number;
  rejected: Array<{ index: number; error: string }>;
}

interface Candidate {
  index: number;
  entry: BatchEntry;
  address: string;
}

async function suppressedAmong(organizationId: string, addresses: string[]): Promise<Set<string>> {
  const chunks: string[][] = [];
  for (let start = 0; start < addresses.length; start += MAX_ADDRESSES_PER_CHECK) {
    chunks.push(addresses.slice(start, start + MAX_ADDRESSES_PER_CHECK));
  }
  const found = await Promise.all(chunks.map((chunk) => findSuppressedAddresses(organizationId, chunk)));
  return new Set(found.flat());
}

/** Entries that are well-formed, and the rejections of the others. */
function screenEntries(recipients: readonly unknown[]) {
  const rejected: BatchResult['rejected'] = [];
  const candidates: Candidate[] = [];
  recipients.forEach((raw, index) => {
    const parsed = parseBatchEntry(raw);
    if (!parsed.ok) {
      rejected.push({ index, error: parsed.error });
      return;
    }
    const normalized = normalizeEmailAddress(parsed.entry.to.email);
    candidates.push({
      index,
      entry: parsed.entry,
      address: normalized.ok ? normalized.address : parsed.entry.to.email,
    });
  });
  return { rejected, candidates };
}

/**
 * The id of the email of entry `index`: derived from the batch id, so that a retry of a batch (the
 * same Idempotency-Key, hence the same batch id) names the same emails. A UUIDv7 layout: the batch
 * id's 48-bit time, then bits of SHA-256(batch id, index).
 */
export function batchEmailId(batchId: string, index: number): string {
  const time = batchId.replace(/-/g, '').slice(0, 12);
  const bits = createHash('sha256').update(`${batchId}#${index}`).digest('hex');
  const variant = ((Number.parseInt(bits.charAt(3), 16) & 0x3) | 0x8).toString(16);
  return `${time.slice(0, 8)}-${time.slice(8, 12)}-7${bits.slice(0, 3)}-${variant}${bits.slice(4, 7)}-${bits.slice(7, 19)}`;
}

/**
 * What a batch may render in all (subject, html and text of every entry, in UTF-16 code units,
 * including the renders of rejected entries up to where they stopped): its time, memory and
 * stored size are bounded by it, whatever the template and the data. 1,000 emails of 25 KB fit.
 */
export const MAX_BATCH_RENDERED_CHARACTERS = 25_000_000;

const batchTooLarge = () =>
  new ApiError(
    'PAYLOAD_TOO_LARGE',
    `The batch renders more than ${MAX_BATCH_RENDERED_CHARACTERS / 1_000_000} million characters of content: send it in smaller batches`,
  );

/** The batch's writes stopped half-way: the Idempotency-Key is kept so a retry resumes this batch. */
export class BatchPartlyStoredError extends Error {
  readonly keepIdempotencyKey = true;
}

export async function acceptBatch(
  caller: Caller,
  request: BatchSendRequest,
  options: { batchId?: string; resumed?: boolean; admission?: Promise<void> } = {},
): Promise<BatchResult> {
  const organizationId = caller.organizationId;
  const batchId = options.batchId ?? newEmailId();
  // Handlebars and the render service load on an instance's first batch (render-on-demand.service.ts).
  const { parseTemplateForRequest, renderForSend } = await templateRenderer();
  // A subject override is a template of its own: it must compile, like a saved template.
  if (request.subject !== undefined) parseTemplateForRequest({ subject: request.subject, html: null, text: null });
  const { rejected, candidates } = screenEntries(request.recipients);
  const countedAt = Date.now();
  const templateKeys = sendableTemplateKeys(organizationId, request.template_id);
  // The organization, the template (description and bodies) and the sender's domain claims: one
  // BatchGetItem, alongside the suppressions and the usage.
  const claimNames = senderClaimNames(request.from.email);
  // The shared attachments, checked and stored once for every email (after the rate limit admits the request).
  const [attachments, context, suppressed, usage] = await Promise.all([
    (options.admission ?? Promise.resolve()).then(() => storeAttachments(organizationId, request.attachments ?? [])),
    batchGetAll(
      [keys.organization(organizationId), ...templateKeys, ...claimNames.map((name) => keys.domainClaim(name))],
      { consistent: true },
    ),
    suppressedAmong(
      organizationId,
      candidates.map((candidate) => candidate.address),
    ),
    readUsage(organizationId, caller.environment, countedAt),
  ]);
  const template = sendableTemplateFrom(organizationId, request.template_id, context);
  const organization = organizationAmong(organizationId, context);
  checkNotPaused(organization, caller.environment);
  requireSender(organizationId, caller.domainIds, request.from.email, claimsAmong(claimNames, context));
  // Auto-validation (when the organization turned it on): the candidates' addresses in one
  // validateMany, DNS shared per domain.
  const autoRefused = await refusedRecipients(
    organizationId,
    organization?.autoValidationThreshold ?? 'off',
    candidates.map((candidate) => candidate.address),
  );
  const tracking = resolveTracking(request.tracking, organization?.trackingDefaults ?? DEFAULT_TRACKING);
  const now = nowIso();
  const emails: EmailRecord[] = [];
  const items: NewEmailItems[] = [];
  // A repeated address is rejected only against an entry that is accepted (not against one
  // refused for its data, say): the first acceptable entry of each address wins.
  const acceptedAt = new Map<string, number>();
  // Everything the batch's renders produce, accepted or not: the bound on its work.
  const rendered: OutputMeter = { produced: 0 };
  for (const [position, candidate] of candidates.entries()) {
    const first = acceptedAt.get(candidate.address);
    if (first !== undefined) {
      rejected.push({
        index: candidate.index,
        error: `Duplicate recipient: ${candidate.address} is already at index ${first}`,
      });
      continue;
    }
    if (suppressed.has(candidate.address)) {
      rejected.push({ index: candidate.index, error: `Suppressed: ${candidate.address} is on the suppression list` });
      continue;
    }
    const validation = autoRefused.get(position);
    if (validation) {
      rejected.push({ index: candidate.index, error: refusalReason(validation) });
      continue;
    }
    const result = renderForSend(template, candidate.entry.data ?? {}, request.subject, rendered);
    if (rendered.produced > MAX_BATCH_RENDERED_CHARACTERS) throw batchTooLarge();
    if (!result.ok) {
      const problems = result.problems.map((problem) => `${problem.field} ${problem.message}`).join('; ');
      const ofSchema = result.problems.every((problem) => problem.field.startsWith('template_data.'));
      const reason = ofSchema ? 'Template data does not match the template' : 'The rendered email cannot be sent';
      rejected.push({ index: candidate.index, error: `${reason}: ${problems}` });
      continue;
    }
    const content = result.rendered;
    const email: EmailRecord = {
      id: batchEmailId(batchId, candidate.index),
      organization_id: organizationId,
      environment: caller.environment,
      status: 'queued',
      priority: request.priority,
      from: request.from,
      to: [candidate.entry.to],
      cc: [],
      bcc: [],
      reply_to: request.reply_to ?? [],
      subject: content.subject,
      html: content.html,
      text: content.text,
      headers: {},
      tags: request.tags ?? {},
      template_id: template.id,
      ...(attachments.length > 0 ? { attachments } : {}),
      ...(request.list_unsubscribe !== undefined ? { list_unsubscribe: request.list_unsubscribe } : {}),
      tracking,
      ...(organization?.receivesEmail ? { threaded: true as const } : {}),
      batch_id: batchId,
      scheduled_at: null,
      created_at: now,
      updated_at: now,
    };
    try {
      // Sent now: no due entry (the scheduler finds it through its `queued` entry and the sender registry).
      items.push(newEmailItems(email));
    } catch (error) {
      if (!(error instanceof BodiesTooLargeError)) throw error;
      rejected.push({ index: candidate.index, error: 'The rendered email does not fit in 380 KB once stored' });
      continue;
    }
    // The bodies live on compressed in the items; what follows needs only ids, recipients and tags.
    emails.push({ ...email, html: null, text: null });
    acceptedAt.set(candidate.address, candidate.index);
  }
  rejected.sort((a, b) => a.index - b.index);
  const result = { batch_id: batchId, total: request.recipients.length, accepted: emails.length, rejected };
  if (emails.length === 0) return result;
  checkSendingLimit(organization ?? {}, caller.environment, emails.length, usage, countedAt);

  // A resumed batch (a retry after the first attempt died) keeps what was already stored.
  const stored = options.resumed
    ? await existingEmailIds(
        organizationId,
        emails.map((email) => email.id),
      )
    : new Set();
  const fresh = emails.filter((email) => !stored.has(email.id));
  const ids = { organization_id: organizationId, batch_id: batchId };
  const freshIds = fresh.map((email) => email.id);
  let templateCount: TemplateSendsCount | undefined;
  const writes: AcceptWrite[] = [
    {
      name: 'emails',
      // Content items of emails already stored too: the first attempt may have died between the two.
      run: () =>
        putEmailItems(
          items.flatMap((item, index) => [
            ...(stored.has(emails[index]?.id) ? [] : [item.email]),
            ...(item.content ? [item.content] : []),
          ]),
        ),
      undo: () => deleteEmailItems(organizationId, freshIds),
      partial: true,
    },
    ...usageWrites(organizationId, caller.environment, { recipients: fresh.length, emails: fresh.length }, now),
    {
      name: 'template usage',
      run: async () => {
        templateCount = await countTemplateSends(organizationId, template.id, fresh.length, new Date(countedAt));
      },
      undo: async () => {
        if (templateCount) await uncountTemplateSends(templateCount);
      },
    },
  ];
  // The sender registry first: no email of the hour is stored before the scheduler can find it.
  await markActiveSender(organizationId, caller.environment, Date.parse(now));
  // Emails and counts in one round, all or nothing (accept-writes.service.ts); nothing is queued yet, so no
  // consumer can hold an email that must be taken back.
  try {
    await writeAllOrNothing(writes, async () => 'gone', ids);
  } catch (error) {
    if (!(error instanceof AcceptWritesFailedError)) throw error;
    if (error.undone) throw error.failure;
    // Kept with its Idempotency-Key: a retry resumes the batch and completes it.
    throw new BatchPartlyStoredError('The batch could not be stored completely, nor taken back');
  }
  countEmails('EmailsAccepted', fresh.length);
  // Queued once stored. What is not queued now stays stored with its deadline: the sweeper queues it.
  await enqueueEmailBatches(
    organizationId,
    emails.map((email) => email.id),
  ).catch((error: unknown) => {
    logger.error('a batch was stored but not all of it was queued; the sweeper will queue the rest', {
      ...ids,
      ...errorLogFields(error),
    });
  });
  return result;
}
