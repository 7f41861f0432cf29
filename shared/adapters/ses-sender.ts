/**
 * Hands one email to SES v2 (SendEmail with Simple content: SES builds the MIME message, attachments
 * included).
 * The client is created on first use, once per module, and talks to SES_ENDPOINT when set
 * (the local SES emulator). Errors are not handled here: classifySesError tells the caller
 * whether trying again later can help.
 */

import { domainToASCII } from 'node:url';
import { type MessageTag, SESv2Client, SendEmailCommand, type SendEmailCommandInput } from '@aws-sdk/client-sesv2';
import { awsClient } from '#core/aws-client.ts';
import type { Mailbox } from '#core/email-address.ts';
import { logger } from '#core/logger.ts';

export interface SesSendInput {
  from: Mailbox;
  to: Mailbox[];
  cc: Mailbox[];
  bcc: Mailbox[];
  replyTo: string[];
  subject: string;
  html: string | null;
  text: string | null;
  /** Custom headers (the API admits only X-… and a few list/threading headers). */
  headers: Record<string, string>;
  /** SES message tags: published with every sending event, so the event handler finds the email. */
  tags: Record<string, string>;
  /** Overrides SES_CONFIGURATION_SET. */
  configurationSetName?: string;
  /** Files SES adds as MIME parts (inline ones with their Content-ID, for `cid:` in the html). */
  attachments?: SesAttachment[];
}

export interface SesAttachment {
  filename: string;
  contentType: string;
  contentId: string | null;
  disposition: 'attachment' | 'inline';
  bytes: Uint8Array;
}

// Bounded so that a hung connection surfaces as a TimeoutError (classified 'retry') well within
// the consumer's 30 s timeout, leaving time to record the result. A request timeout is an ambiguous
// outcome (SES may have accepted the email: sesOutcomeUnknown), so the delivery keeps its lease.
// SES_REQUEST_TIMEOUT_MS overrides the 6 s: the local stack's emulator runs in the same process, so
// there a slow answer only means a busy CPU, never a lost request, and waiting is right.
const CLIENT_TIMEOUTS = {
  connectionTimeout: 2_000,
  requestTimeout: Number(process.env.SES_REQUEST_TIMEOUT_MS) || 6_000,
  throwOnRequestTimeout: true,
};

let client: SESv2Client | undefined;

function sesClient(): SESv2Client {
  // The SDK reads the region (AWS_REGION) and credentials from the environment.
  const endpoint = process.env.SES_ENDPOINT || undefined;
  // maxAttempts 1: the SDK must not resend a SendEmail whose answer was lost (SES may have
  // accepted it); the send queue retries instead, behind the delivery lease.
  client ??= awsClient(
    new SESv2Client({ ...(endpoint ? { endpoint } : {}), maxAttempts: 1, requestHandler: CLIENT_TIMEOUTS }),
  );
  return client;
}

/** Sends the email; resolves with the SES message id, rejects with the SDK's error. */
export async function sendWithSes(input: SesSendInput): Promise<{ messageId: string }> {
  const configurationSetName = input.configurationSetName || process.env.SES_CONFIGURATION_SET || undefined;
  const { tags, dropped } = toMessageTags(input.tags);
  if (dropped > 0) {
    // Counts only: tag names and values are customer data.
    logger.warn('tags SES does not accept were left off the SES message', { dropped_tags: dropped });
  }
  const headers = Object.entries(input.headers).map(([Name, Value]) => ({ Name, Value }));
  const request: SendEmailCommandInput = {
    FromEmailAddress: formatMailbox(input.from),
    Destination: {
      ...(input.to.length > 0 ? { ToAddresses: input.to.map(formatMailbox) } : {}),
      ...(input.cc.length > 0 ? { CcAddresses: input.cc.map(formatMailbox) } : {}),
      ...(input.bcc.length > 0 ? { BccAddresses: input.bcc.map(formatMailbox) } : {}),
    },
    ...(input.replyTo.length > 0 ? { ReplyToAddresses: input.replyTo.map(toAsciiAddress) } : {}),
    Content: {
      Simple: {
        Subject: { Data: input.subject, Charset: 'UTF-8' },
        Body: {
          ...(input.html !== null ? { Html: { Data: input.html, Charset: 'UTF-8' } } : {}),
          ...(input.text !== null ? { Text: { Data: input.text, Charset: 'UTF-8' } } : {}),
        },
        ...(headers.length > 0 ? { Headers: headers } : {}),
        ...(input.attachments?.length
          ? {
              // SES composes the MIME message and encodes each part in base64: bytes reach the
              // recipient as given.
              Attachments: input.attachments.map((attachment) => ({
                FileName: attachment.filename,
                RawContent: attachment.bytes,
                ContentType: attachment.contentType,
                ContentDisposition: attachment.disposition === 'inline' ? ('INLINE' as const) : ('ATTACHMENT' as const),
                ContentTransferEncoding: 'BASE64' as const,
                ...(attachment.contentId ? { ContentId: attachment.contentId } : {}),
              })),
            }
          : {}),
      },
    },
    ...(tags.length > 0 ? { EmailTags: tags } : {}),
    ...(configurationSetName ? { ConfigurationSetName: configurationSetName } : {}),
  };
  const output = await sesClient().send(new SendEmailCommand(request));
  if (!output.MessageId) throw new Error('SES accepted the email but returned no message id');
  return { messageId: output.MessageId };
}

// https://docs.aws.amazon.com/ses/latest/APIReference-V2/API_MessageTag.html: names and values
// are 1–256 ASCII letters, digits, '_' or '-'. Postbox's own ids (org_…, UUIDs) always fit.
const SES_TAG_TEXT = /^[A-Za-z0-9_-]{1,256}$/;

/**
 * The tags SES accepts. Any other tag would make SES refuse the whole email (BadRequest), so
 * it is left off the SES message instead; the email keeps it in Postbox either way.
 */
export function toMessageTags(tags: Record<string, string>): { tags: MessageTag[]; dropped: number } {
  const accepted: MessageTag[] = [];
  let dropped = 0;
  for (const [Name, Value] of Object.entries(tags)) {
    if (SES_TAG_TEXT.test(Name) && SES_TAG_TEXT.test(Value)) accepted.push({ Name, Value });
    else dropped += 1;
  }
  return { tags: accepted, dropped };
}

/**
 * `address` or `display name <address>` as SES expects it in FromEmailAddress and Destination:
 * a printable-ASCII name becomes an RFC 5322 quoted-string (backslash and double quote escaped);
 * any other name becomes RFC 2047 encoded-words (`=?utf-8?B?…?=`), which SES requires for
 * non-ASCII display names. A non-ASCII domain is converted to punycode (SES has no SMTPUTF8).
 */
export function formatMailbox(mailbox: Mailbox): string {
  const address = toAsciiAddress(mailbox.email);
  const name = mailbox.name?.trim();
  if (!name) return address;
  return `${encodeDisplayName(name)} <${address}>`;
}

export function encodeDisplayName(name: string): string {
  if (/^[\x20-\x7e]*$/.test(name)) return `"${name.replace(/[\\"]/g, '\\$&')}"`;
  return encodedWords(name);
}

// An encoded-word is at most 75 characters (RFC 2047 §2): "=?utf-8?B?" + base64 + "?=" leaves
// room for 63 characters of base64; 45 bytes of UTF-8 make 60.
const ENCODED_WORD_MAX_BYTES = 45;

/** Base64 encoded-words, split between characters (never inside a UTF-8 sequence). */
function encodedWords(text: string): string {
  const words: string[] = [];
  let chunk = '';
  let chunkBytes = 0;
  for (const character of text) {
    const bytes = Buffer.byteLength(character, 'utf8');
    if (chunkBytes + bytes > ENCODED_WORD_MAX_BYTES) {
      words.push(chunk);
      chunk = '';
      chunkBytes = 0;
    }
    chunk += character;
    chunkBytes += bytes;
  }
  words.push(chunk);
  // Whitespace between adjacent encoded-words is dropped when decoding (RFC 2047 §6.2).
  return words.map((word) => `=?utf-8?B?${Buffer.from(word, 'utf8').toString('base64')}?=`).join(' ');
}

function toAsciiAddress(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 0) return address;
  const domain = address.slice(at + 1);
  if (!/[^\x20-\x7e]/.test(domain)) return address;
  const ascii = domainToASCII(domain);
  return ascii ? `${address.slice(0, at)}@${ascii}` : address;
}

export type SesErrorClass = 'retry' | 'permanent' | 'unknown';

// https://docs.aws.amazon.com/ses/latest/APIReference-V2/API_SendEmail.html#API_SendEmail_Errors
const PERMANENT_ERRORS = new Set([
  'MessageRejected', // e.g. a recipient or sender SES will not accept, or content it refuses
  'MailFromDomainNotVerifiedException',
  'AccountSuspendedException',
  'BadRequestException',
]);

// NotFoundException is deliberately not permanent: it usually means the configuration set is
// missing, which would fail every email; as 'unknown' it is retried and lands in the DLQ.
const RETRY_ERRORS = new Set([
  'TooManyRequestsException',
  'ThrottlingException',
  'Throttling',
  'LimitExceededException', // the sending quota or rate: it frees up again
  // Sending is paused for the account or configuration set (by the operator or by SES while it
  // reviews the account): nothing is wrong with this email, so it waits, and after
  // maxReceiveCount it rests in the DLQ from where it can be redriven once sending resumes.
  'SendingPausedException',
  'InternalServiceErrorException',
  'InternalFailure',
  'InternalError',
  'ServiceUnavailable',
  'ServiceUnavailableException',
  'RequestTimeout',
  'RequestTimeoutException',
  'TimeoutError',
]);

const NETWORK_ERROR_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EAI_AGAIN',
  'ENOTFOUND',
  'ENETUNREACH',
  'EHOSTUNREACH',
]);

/** Network errors raised before a request could reach SES: it never had the email. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH']);
/** Connection failures after the request may have gone out: SES may have the email. */
const DROPPED_CONNECTION_CODES = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'ETIMEDOUT']);

/**
 * Whether SES may have accepted the email although the call failed (an ambiguous outcome): no answer
 * came back after the request may have gone out — the request timeout (`TimeoutError`, ETIMEDOUT)
 * or a connection dropped mid-request. Definite (false): any answer from SES (an HTTP status, e.g.
 * throttling), a connection never made (refused, unresolvable, unreachable, or the SDK's connection
 * timeout, "did not establish a connection"), anything else.
 */
export function sesOutcomeUnknown(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, code, message, $metadata } = error as {
    name?: unknown;
    code?: unknown;
    message?: unknown;
    $metadata?: { httpStatusCode?: number };
  };
  if (typeof $metadata?.httpStatusCode === 'number') return false;
  if (typeof code === 'string' && NOT_SENT_CODES.has(code)) return false;
  if (name === 'TimeoutError') {
    return !(typeof message === 'string' && message.includes('did not establish a connection'));
  }
  return typeof code === 'string' && DROPPED_CONNECTION_CODES.has(code);
}

/**
 * Whether an error from sendWithSes can go away by itself ('retry'), will happen again for this
 * email ('permanent'), or is not known ('unknown'; callers retry it, so after maxReceiveCount the
 * message lands in the DLQ rather than being lost or failed wrongly).
 */
export function classifySesError(error: unknown): SesErrorClass {
  if (typeof error !== 'object' || error === null) return 'unknown';
  const { name, code, $metadata, $retryable } = error as {
    name?: unknown;
    code?: unknown;
    $metadata?: { httpStatusCode?: number };
    $retryable?: unknown;
  };
  if (typeof name === 'string' && PERMANENT_ERRORS.has(name)) return 'permanent';
  if (typeof name === 'string' && RETRY_ERRORS.has(name)) return 'retry';
  if (typeof code === 'string' && NETWORK_ERROR_CODES.has(code)) return 'retry';
  const status = $metadata?.httpStatusCode;
  if (typeof status === 'number' && (status >= 500 || status === 429)) return 'retry';
  if ($retryable) return 'retry';
  return 'unknown';
}
