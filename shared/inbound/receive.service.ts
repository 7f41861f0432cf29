/**
 * The inbound parser's work for one SES receipt: find the receiving organizations, read and parse the raw
 * message once, and store one record per organization (its files in S3 first, then its items in one
 * transaction), then delete SES's copy. Idempotent: ids come from SES's message id, so a redelivered
 * receipt finds its records and stores nothing twice; a failure leaves SES's copy for the retry.
 */
import { gzipSync } from 'node:zlib';
import { deleteObjects, putObject, readObject } from '#adapters/attachment-storage.ts';
import { config } from '#core/config.ts';
import { normalizeEmailAddress } from '#core/email-address.ts';
import { deterministicId } from '#core/ids.ts';
import { logger } from '#core/logger.ts';
import { insertInboundRecord, type StoredContent, storedInboundIds } from '#inbound/inbound.store.ts';
import {
  filesWithheld,
  type InboundAttachmentRecord,
  type InboundContent,
  type InboundRecord,
  inboundIdFor,
  receivedEventData,
} from '#inbound/inbound-message.ts';
import { type InboundAddress, type ParsedMessage, parseInboundMessage } from '#inbound/parse-message.ts';
import type { Receipt } from '#inbound/receipt.ts';
import { resolveRecipients } from '#inbound/recipients.service.ts';
import { repliedEmails } from '#inbound/threading.store.ts';
import { objectKeys } from '#platform/buckets.ts';

/** Attachments a record lists and stores apart (the raw message holds every part). */
export const MAX_LISTED_ATTACHMENTS = 50;
/**
 * What a record keeps of the header fields, so that any message's record fits an item (400 KB): the
 * first 50 addresses of each list, the last 50 references, 998 characters of a field (RFC 5322's line),
 * a name of 100. The headers and the raw message keep everything.
 */
export const MAX_LISTED_ADDRESSES = 50;
const MAX_LISTED_REFERENCES = 50;
const MAX_FIELD_CHARS = 998;
const MAX_NAME_CHARS = 100;
const cut = (value: string | null): string | null => (value === null ? null : value.slice(0, MAX_FIELD_CHARS));
const listed = (addresses: InboundAddress[] | undefined): InboundAddress[] =>
  (addresses ?? [])
    .filter((address) => address.email.length <= 320)
    .slice(0, MAX_LISTED_ADDRESSES)
    .map((address) => ({ email: address.email, name: address.name?.slice(0, MAX_NAME_CHARS) ?? null }));
/** Content (gzip) kept on its item up to this size; beyond, in S3 (an item holds at most 400 KB). */
const INLINE_CONTENT_BYTES = 300 * 1024;

export interface ReceiveOutcome {
  stored: number;
  /** Organizations whose record was there already (a redelivery). */
  existing: number;
  /** No organization receives for any recipient any more (receiving switched off since SES accepted it). */
  unclaimed: boolean;
}

/** The sender in the normal form the `from` filter looks it up by (punycode domain, lower case). */
function senderOf(from: InboundAddress): InboundAddress {
  const normalized = normalizeEmailAddress(from.email);
  const email = normalized.ok ? normalized.address : from.email.toLowerCase().slice(0, 320);
  return { email, name: from.name?.slice(0, MAX_NAME_CHARS) ?? null };
}

const gzipJson = (value: unknown): Uint8Array => gzipSync(JSON.stringify(value));

function attachmentRecords(inboundId: string, parsed: ParsedMessage | undefined): InboundAttachmentRecord[] {
  return (parsed?.attachments ?? []).slice(0, MAX_LISTED_ATTACHMENTS).map((attachment, index) => ({
    id: `${inboundId}_${index + 1}`.replace(/^inb_/, 'inatt_'),
    filename: attachment.filename,
    content_type: attachment.contentType.slice(0, 100),
    size: attachment.size,
    content_id: attachment.contentId?.slice(0, 100) ?? null,
    disposition: attachment.disposition,
    sha256: attachment.sha256,
  }));
}

function recordFor(input: {
  receipt: Receipt;
  organizationId: string;
  recipients: string[];
  raw: Buffer;
  parsed: ParsedMessage | undefined;
  parseError: string | null;
  inReplyToEmailId: string | null;
}): InboundRecord {
  const { receipt, parsed } = input;
  const id = inboundIdFor(receipt.sesMessageId, input.organizationId, receipt.receivedAt);
  return {
    id,
    organization_id: input.organizationId,
    ses_message_id: receipt.sesMessageId,
    received_at: receipt.receivedAt,
    from: senderOf(parsed?.from ?? { email: receipt.source, name: null }),
    to: listed(parsed?.to),
    cc: listed(parsed?.cc),
    reply_to: listed(parsed?.replyTo),
    subject: cut(parsed?.subject ?? null),
    recipients: input.recipients,
    internet_message_id: cut(parsed?.internetMessageId ?? null),
    in_reply_to: cut(parsed?.inReplyTo ?? null),
    references: (parsed?.references ?? [])
      .slice(-MAX_LISTED_REFERENCES)
      .map((reference) => reference.slice(0, MAX_FIELD_CHARS)),
    in_reply_to_email_id: input.inReplyToEmailId,
    verdicts: receipt.verdicts,
    size: input.raw.length,
    attachments: attachmentRecords(id, parsed),
    parse_error: input.parseError,
    expires_at: Math.floor(Date.parse(receipt.receivedAt) / 1000) + config.inboundRetentionDays * 86_400,
  };
}

/** Writes the record's files (none when a virus verdict withholds them), then what its content item holds. */
async function storeFiles(
  record: InboundRecord,
  raw: Buffer,
  parsed: ParsedMessage | undefined,
  content: InboundContent,
): Promise<StoredContent> {
  const organizationId = record.organization_id;
  if (!filesWithheld(record)) {
    const kept = (parsed?.attachments ?? []).slice(0, MAX_LISTED_ATTACHMENTS);
    const unique = new Map(kept.map((attachment) => [attachment.sha256, attachment]));
    await Promise.all([
      putObject(objectKeys.inboundRawCopy(organizationId, record.id), raw, 'message/rfc822'),
      ...[...unique.values()].map((attachment) =>
        putObject(objectKeys.inboundAttachment(organizationId, record.id, attachment.sha256), attachment.content),
      ),
    ]);
  }
  const eventId = deterministicId(['email.received', organizationId, record.id]);
  const event_gz = gzipJson(receivedEventData(eventId, record, content));
  const content_gz = gzipJson(content);
  if (content_gz.length + event_gz.length <= INLINE_CONTENT_BYTES) return { content_gz, event_gz };
  const contentKey = objectKeys.inboundContent(organizationId, record.id);
  await putObject(contentKey, content_gz, 'application/gzip');
  return { content_key: contentKey, event_gz };
}

export async function receiveMessage(receipt: Receipt): Promise<ReceiveOutcome> {
  const { organizations } = await resolveRecipients(receipt.recipients);
  const entries = [...organizations].map(([organizationId, recipients]) => ({
    organizationId,
    recipients,
    id: inboundIdFor(receipt.sesMessageId, organizationId, receipt.receivedAt),
  }));
  const stored = await storedInboundIds(entries);
  const pending = entries.filter((entry) => !stored.has(entry.id));
  const outcome = { stored: 0, existing: entries.length - pending.length, unclaimed: entries.length === 0 };
  if (pending.length > 0) {
    const raw = await readObject(receipt.objectKey);
    // SES's copy is deleted only after every record is stored: a missing one with records still to
    // store is a fault (retried, then the dead-letter queue), never a silent loss.
    if (!raw) throw new Error('The received message is not in the bucket');
    const result = await parseInboundMessage(raw);
    const parsed = result.ok ? result.message : undefined;
    const parseError = result.ok ? null : result.error;
    const content: InboundContent = {
      text: parsed?.text ?? null,
      html: parsed?.html ?? null,
      headers: parsed?.headers ?? [],
    };
    const replied = parsed ? await repliedEmails(parsed) : new Map<string, string>();
    for (const entry of pending) {
      const record = recordFor({
        receipt,
        organizationId: entry.organizationId,
        recipients: entry.recipients,
        raw,
        parsed,
        parseError,
        inReplyToEmailId: replied.get(entry.organizationId) ?? null,
      });
      const files = await storeFiles(record, raw, parsed, content);
      if ((await insertInboundRecord(record, files)) === 'added') outcome.stored += 1;
      else outcome.existing += 1;
    }
  }
  if (outcome.unclaimed)
    logger.warn('Received message for no receiving organization', { recipients: receipt.recipients.length });
  await deleteObjects([receipt.objectKey]);
  return outcome;
}
