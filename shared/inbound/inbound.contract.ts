/** The inbound routes' contract (shared/platform/api-operation.ts): list, get, delete received messages. */
import * as z from 'zod';
import { dateBound, dateOrder } from '#core/date-query.ts';
import { normalizeEmailAddress } from '#core/email-address.ts';
import { pageQuery } from '#core/pages.ts';
import { VERDICTS } from '#inbound/receipt.ts';
import { defineOperation } from '#platform/api-operation.ts';
import { deleted, idPath, timestamp } from '#platform/api-schemas.ts';

const address = z
  .strictObject({ email: z.string(), name: z.string().nullable() })
  .meta({ id: 'InboundAddress', example: { email: 'jane@example.org', name: 'Jane Doe' } });
const verdict = z.enum(VERDICTS);
const verdicts = z.strictObject({ spam: verdict, virus: verdict, spf: verdict, dkim: verdict, dmarc: verdict }).meta({
  id: 'InboundVerdicts',
  description:
    'SES’s verdicts (the local stack: `pass` for spam and virus, `gray` for the rest). Check `spf`, `dkim` and `dmarc` before trusting `from`: anyone can write any From.',
});
const attachmentMetadata = z.strictObject({
  id: z.string(),
  filename: z.string().meta({ description: 'Made safe: the last path segment, no control characters' }),
  content_type: z.string(),
  size: z.int().meta({ description: 'Bytes' }),
  content_id: z.string().nullable().meta({ description: 'For inline images (`cid:` in the html)' }),
  disposition: z.enum(['attachment', 'inline']),
  sha256: z.string(),
});

const inboundFields = {
  id: z.string().meta({ example: 'inb_0KxY3Zc1a2B3c4D5e6F7g8H9i0J1k2L3' }),
  received_at: timestamp,
  from: address,
  to: z.array(address),
  cc: z.array(address),
  reply_to: z.array(address),
  subject: z.string().nullable(),
  recipients: z
    .array(z.string())
    .meta({ description: 'The envelope recipients at this organization’s domains (Bcc’d addresses too)' }),
  internet_message_id: z.string().nullable(),
  in_reply_to_email_id: z
    .string()
    .nullable()
    .meta({ description: 'The id of your sent email this message answers (from In-Reply-To or References)' }),
  verdicts,
  size: z.int().meta({ description: 'The raw message’s bytes' }),
  parse_error: z
    .string()
    .nullable()
    .meta({ description: 'Why the MIME could not be read (the raw message is kept); null when it was' }),
};

export const inboundListItem = z.strictObject({ ...inboundFields, attachments: z.array(attachmentMetadata) }).meta({
  id: 'InboundListItem',
  description: 'At most 10 addresses in `to`, `cc` and `reply_to` and 10 attachments: GET /inbound/{id} has them all',
});

export const inboundDetail = z
  .strictObject({
    ...inboundFields,
    text: z.string().nullable().meta({ description: 'Null when absent, or when the bodies are too big (`truncated`)' }),
    html: z.string().nullable().meta({ description: 'As received: sanitise or sandbox it wherever you show it' }),
    truncated: z.boolean().meta({ description: 'The bodies are over 3 MB and left out: read them from `raw_url`' }),
    headers: z.array(z.strictObject({ name: z.string(), value: z.string() })),
    in_reply_to: z.string().nullable(),
    references: z.array(z.string()),
    attachments: z.array(
      attachmentMetadata.extend({
        download_url: z
          .string()
          .nullable()
          .meta({ description: 'A GET valid 1 hour; null when a virus verdict withholds it' }),
        expires_at: timestamp.nullable(),
      }),
    ),
    raw_url: z.string().nullable().meta({ description: 'The message as received (.eml), a GET valid 1 hour' }),
    raw_expires_at: timestamp.nullable(),
  })
  .meta({ id: 'InboundMessage' });

/** The `data` of the `email.received` webhook (the document's `webhooks` section). */
export const emailReceivedData = z
  .strictObject({
    event_id: z.string(),
    inbound_id: z.string().meta({ description: 'GET /inbound/{id} reads all of it' }),
    received_at: timestamp,
    from: inboundFields.from,
    to: inboundFields.to,
    cc: inboundFields.cc,
    subject: z.string().nullable(),
    internet_message_id: z.string().nullable(),
    in_reply_to_email_id: z.string().nullable(),
    verdicts: inboundFields.verdicts,
    attachments: z.array(attachmentMetadata),
    text: z.string().nullable().meta({ description: 'Null when over 64 KB (then `truncated`) or absent' }),
    html: z.string().nullable().meta({ description: 'Null when over 64 KB (then `truncated`) or absent' }),
    truncated: z.boolean().meta({ description: 'A body was left out for its size: fetch the message' }),
  })
  .meta({ id: 'EmailReceivedData' });

const addressFilter = (field: string, description: string) =>
  z
    .string()
    .transform((value, context) => {
      const normalized = normalizeEmailAddress(value);
      if (!normalized.ok) context.addIssue({ code: 'custom', message: `${field} ${normalized.reason}` });
      return normalized.ok ? normalized.address : '';
    })
    .optional()
    .meta({ description });

export const inboundListQuery = pageQuery
  .extend({
    to: addressFilter('to', 'Only messages to this address: any envelope recipient at your domains (Bcc too)'),
    from: addressFilter('from', 'Only messages from this exact sender address'),
    from_date: dateBound('from_date', 'start').optional().meta({
      description: 'Received at or after: a date (`2026-11-22`, from 00:00 UTC) or a date-time with a time zone',
    }),
    to_date: dateBound('to_date', 'end').optional().meta({
      description: 'Received at or before: a date (until 23:59:59.999 UTC) or a date-time with a time zone',
    }),
  })
  .superRefine(dateOrder);
export type InboundListQuery = z.output<typeof inboundListQuery>;

export const listInbound = defineOperation({
  endpoint: 'GET /inbound',
  permission: 'full_access',
  operationId: 'listInbound',
  summary: 'List received messages',
  description: 'Newest first, without bodies or headers. `total_count` counts what the filters select.',
  tag: 'Inbound',
  query: inboundListQuery,
  status: 200,
  response: inboundListItem,
  paginated: true,
});

export const getInbound = defineOperation({
  endpoint: 'GET /inbound/{id}',
  permission: 'full_access',
  operationId: 'getInbound',
  summary: 'Get a received message',
  description:
    'With its text, html, headers and presigned download URLs (valid 1 hour) for its attachments and raw message.',
  tag: 'Inbound',
  path: idPath,
  status: 200,
  response: inboundDetail,
  errors: ['NOT_FOUND'],
});

export const deleteInbound = defineOperation({
  endpoint: 'DELETE /inbound/{id}',
  permission: 'full_access',
  operationId: 'deleteInbound',
  summary: 'Delete a received message',
  description: 'Removes the record, its raw message and its attachments before it answers.',
  tag: 'Inbound',
  path: idPath,
  status: 200,
  response: deleted,
  errors: ['NOT_FOUND'],
});
