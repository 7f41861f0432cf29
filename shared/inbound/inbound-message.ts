/**
 * A received message as Postbox keeps it (one record per receiving organization) and shows it: its
 * time-ordered id, the record, its content, the list and detail views and the `email.received` data.
 * Model only: the parser service builds records, the store keeps them. docs/api.md, "Inbound email".
 */
import { createHash } from 'node:crypto';
import { encodeBase62, isResourceId } from '#core/ids.ts';
import type { InboundAddress } from '#inbound/parse-message.ts';
import type { Verdicts } from '#inbound/receipt.ts';

export const INBOUND_ID_PREFIX = 'inb';
/** Milliseconds since 1970 in 8 base62 digits (up to the year 8900): ids sort by when SES received them. */
const TIME_DIGITS = 8;
/** `text` and `html` travel inline in `email.received` up to this many bytes each. */
export const WEBHOOK_BODY_BYTES = 64 * 1024;

/**
 * The same id for the same message and organization on every delivery of SES's notification (what makes
 * storing it idempotent): its receipt time, then a hash of SES's message id and the organization.
 */
export function inboundIdFor(sesMessageId: string, organizationId: string, receivedAt: string): string {
  const time = encodeBase62(Math.max(0, Date.parse(receivedAt) || 0), TIME_DIGITS);
  const digest = createHash('sha256').update(`${sesMessageId}\u0000${organizationId}`).digest();
  let hash = '';
  for (let index = 0; index < 4; index += 1) hash += encodeBase62(digest.readUInt32BE(index * 4), 6);
  return `${INBOUND_ID_PREFIX}_${time}${hash}`;
}

/** The lowest id at `ms` (`end` false) or the highest (`end` true): the bounds of a date range. */
export function inboundIdBound(ms: number, end: boolean): string {
  const time = `${INBOUND_ID_PREFIX}_${encodeBase62(Math.max(0, ms), TIME_DIGITS)}`;
  return end ? `${time}~` : time;
}

export const isInboundId = (value: string): boolean => isResourceId(INBOUND_ID_PREFIX, value);

export interface InboundAttachmentRecord {
  id: string;
  filename: string;
  content_type: string;
  size: number;
  content_id: string | null;
  disposition: 'attachment' | 'inline';
  sha256: string;
}

/** The record: everything but the bodies and headers (the list reads these). */
export interface InboundRecord {
  id: string;
  organization_id: string;
  ses_message_id: string;
  received_at: string;
  from: InboundAddress;
  to: InboundAddress[];
  cc: InboundAddress[];
  reply_to: InboundAddress[];
  subject: string | null;
  recipients: string[];
  internet_message_id: string | null;
  in_reply_to: string | null;
  references: string[];
  in_reply_to_email_id: string | null;
  verdicts: Verdicts;
  size: number;
  attachments: InboundAttachmentRecord[];
  /** Why the MIME could not be read (the raw message is kept); null when it was. */
  parse_error: string | null;
  /** Epoch seconds: the record, its content and its pointers expire together (TTL). */
  expires_at: number;
}

export interface InboundContent {
  text: string | null;
  html: string | null;
  headers: Array<{ name: string; value: string }>;
}

/** A virus `fail` keeps the record but never offers its files. */
export const filesWithheld = (record: Pick<InboundRecord, 'verdicts'>): boolean => record.verdicts.virus === 'fail';

/** A list item carries at most this many addresses per field and attachments, so a page of 100 stays ~3 MB. */
export const LIST_ITEM_ENTRIES = 10;
/** GET /inbound/:id leaves the bodies out (`truncated`) beyond this many bytes of JSON: Lambda answers ≤ 6 MB. */
export const DETAIL_BODY_JSON_BYTES = 3 * 1024 * 1024;

/** What GET /inbound lists: no bodies, headers or URLs; attachments as metadata, the first 10 of each list. */
export function inboundSummary(record: InboundRecord) {
  return {
    ...listFields(record),
    to: record.to.slice(0, LIST_ITEM_ENTRIES),
    cc: record.cc.slice(0, LIST_ITEM_ENTRIES),
    reply_to: record.reply_to.slice(0, LIST_ITEM_ENTRIES),
    attachments: record.attachments.slice(0, LIST_ITEM_ENTRIES),
  };
}

function listFields(record: InboundRecord) {
  return {
    id: record.id,
    received_at: record.received_at,
    from: record.from,
    to: record.to,
    cc: record.cc,
    reply_to: record.reply_to,
    subject: record.subject,
    recipients: record.recipients,
    internet_message_id: record.internet_message_id,
    in_reply_to_email_id: record.in_reply_to_email_id,
    verdicts: record.verdicts,
    size: record.size,
    attachments: record.attachments,
    parse_error: record.parse_error,
  };
}

export interface PresignedUrl {
  url: string;
  expires_at: string;
}

/** GET /inbound/:id: the record, its content and its files' URLs (null where withheld). */
export function inboundDetail(
  record: InboundRecord,
  content: InboundContent,
  urls: { raw: PresignedUrl | null; attachments: ReadonlyMap<string, PresignedUrl> },
) {
  const bodiesFit = JSON.stringify([content.text, content.html]).length <= DETAIL_BODY_JSON_BYTES;
  return {
    ...listFields(record),
    text: bodiesFit ? content.text : null,
    html: bodiesFit ? content.html : null,
    truncated: !bodiesFit,
    headers: content.headers,
    in_reply_to: record.in_reply_to,
    references: record.references,
    attachments: record.attachments.map((attachment) => {
      const url = urls.attachments.get(attachment.id);
      return { ...attachment, download_url: url?.url ?? null, expires_at: url?.expires_at ?? null };
    }),
    raw_url: urls.raw?.url ?? null,
    raw_expires_at: urls.raw?.expires_at ?? null,
  };
}

const withinWebhookLimit = (body: string | null): boolean =>
  body !== null && Buffer.byteLength(body, 'utf8') <= WEBHOOK_BODY_BYTES;

/** The `data` of `email.received`: bodies inline up to 64 KB each, attachments without URLs. */
export function receivedEventData(eventId: string, record: InboundRecord, content: InboundContent) {
  const text = withinWebhookLimit(content.text) ? content.text : null;
  const html = withinWebhookLimit(content.html) ? content.html : null;
  return {
    event_id: eventId,
    inbound_id: record.id,
    received_at: record.received_at,
    from: record.from,
    to: record.to,
    cc: record.cc,
    subject: record.subject,
    internet_message_id: record.internet_message_id,
    in_reply_to_email_id: record.in_reply_to_email_id,
    verdicts: record.verdicts,
    attachments: record.attachments,
    text,
    html,
    truncated: (content.text !== null && text === null) || (content.html !== null && html === null),
  };
}
