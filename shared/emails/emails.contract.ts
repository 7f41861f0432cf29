/**
 * The emails routes' contract (shared/platform/api-operation.ts): send, batch, list, get, cancel.
 * The request schemas are the ones that validate requests; the response schemas type what the
 * handlers return and are what the OpenAPI document shows.
 */
import * as z from 'zod';
import { emailAttachment } from '#attachments/attachments.contract.ts';
import { ENVIRONMENTS } from '#core/environment.ts';
import { batchSendBody } from '#emails/batch-request.ts';
import { EMAIL_STATUSES, EVENT_TYPES } from '#emails/email.ts';
import { emailListQuery } from '#emails/list-query.ts';
import { PRIORITIES, sendEmailBody } from '#emails/send-request.ts';
import { defineOperation } from '#platform/api-operation.ts';
import { idPath, timestamp } from '#platform/api-schemas.ts';
import { listUnsubscribeField } from '#unsubscribe/list-unsubscribe.ts';

const emailId = z
  .string()
  .meta({ description: 'The email’s id (a UUID v7)', example: '019ab2c4-7e1f-7c3a-9d2e-5b8f0a1c2d3e' });

export const sendAccepted = z
  .strictObject({
    message_id: emailId,
    status: z.literal('queued'),
    queued_at: timestamp,
  })
  .meta({ id: 'SendAccepted' });

export const batchAccepted = z
  .strictObject({
    batch_id: z.string().meta({ example: 'batch_01JDX3S8KQ2V7M4N6P8R0T2W4Y' }),
    total: z.int().meta({ description: 'Entries in the request' }),
    accepted: z.int().meta({ description: 'Emails accepted (one per accepted entry)' }),
    rejected: z.array(
      z.strictObject({
        index: z.int().meta({ description: 'Position of the entry in `recipients`' }),
        error: z.string().meta({ description: 'Why the entry was not sent' }),
      }),
    ),
  })
  .meta({ id: 'BatchAccepted' });

export const emailListItem = z
  .strictObject({
    id: emailId,
    message_id: emailId.meta({ description: 'Same as `id`' }),
    from_address: z.string(),
    to_addresses: z.array(z.string()),
    cc: z.array(z.string()),
    bcc: z.array(z.string()),
    reply_to: z.array(z.string()),
    subject: z.string().meta({ description: 'At most 998 characters (longer stored subjects end with “…” in lists)' }),
    status: z.enum(EMAIL_STATUSES),
    priority: z.enum(PRIORITIES),
    tags: z.record(z.string(), z.string()),
    template_id: z.string().nullable(),
    batch_id: z.string().nullable(),
    environment: z.enum(ENVIRONMENTS),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'EmailListItem' });

export const emailEvent = z
  .strictObject({
    id: z.string(),
    type: z.enum(EVENT_TYPES),
    recipient: z.string().nullable(),
    smtp_code: z.int().nullable(),
    smtp_message: z.string().nullable(),
    created_at: timestamp,
    detail: z.string().optional(),
  })
  .meta({ id: 'EmailEvent' });

export const emailDetail = emailListItem
  .extend({
    html: z.string().nullable(),
    text: z.string().nullable(),
    scheduled_at: timestamp.nullable(),
    attachments: z
      .array(emailAttachment)
      .meta({ description: 'What the email carries (never the content); empty when nothing' }),
    tracking: z
      .strictObject({ opens: z.boolean(), clicks: z.boolean() })
      .meta({ id: 'EmailTracking', description: 'Whether opens and clicks are tracked for this email' }),
    list_unsubscribe: listUnsubscribeField
      .nullable()
      .meta({ description: 'The List-Unsubscribe headers it carries: `true` (Postbox’s link), your own, or none' }),
    internet_message_id: z.string().nullable().meta({
      description:
        'The `Message-ID` header it went out with, angle brackets included (SES’s: `<id@email.amazonses.com>` in us-east-1, `<id@<region>.amazonses.com>` elsewhere); null before the hand-over. A reply names it in `In-Reply-To`',
      example: '<0100019ab2c47e1f-5b8f0a1c-2d3e-4f5a-9b8c-7d6e5f4a3b2c-000000@email.amazonses.com>',
    }),
    events: z.array(emailEvent).meta({ description: 'Oldest first' }),
  })
  .meta({ id: 'Email' });

/** The largest batch body: 1,000 entries with their data (and attachments given inline). */
export const MAX_BATCH_BODY_BYTES = 5 * 1024 * 1024;
/**
 * The largest single-send body: room for attachments given inline (about 3.7 MB of files in base64),
 * under Lambda's 6 MB invocation payload so Postbox answers 413 itself. Larger files: POST /attachments.
 */
export const MAX_SEND_BODY_BYTES = 5 * 1024 * 1024;

const sendExample = {
  from: { email: 'orders@acme.example', name: 'Acme' },
  to: [{ email: 'jane@example.org', name: 'Jane Doe' }],
  subject: 'Your order #1042 has shipped',
  html: '<p>Hi Jane, your order is on its way.</p>',
  text: 'Hi Jane, your order is on its way.',
  tags: { category: 'shipping' },
};

export const sendEmail = defineOperation({
  endpoint: 'POST /emails/send',
  permission: 'sending_access',
  operationId: 'sendEmail',
  summary: 'Send an email',
  description:
    'Accepts one email (inline content or a template) and queues it for delivery; `scheduled_at` sends it later. Checks run in order: the request, the template, the sender’s domain (within the key’s domains, then verified), suppressions, auto-validation, the sending limit. See docs/api.md, “Emails”.',
  tag: 'Emails',
  body: sendEmailBody,
  status: 201,
  response: sendAccepted,
  errors: [
    'NOT_FOUND',
    'FORBIDDEN',
    'DOMAIN_NOT_VERIFIED',
    'RECIPIENTS_SUPPRESSED',
    'RECIPIENTS_INVALID',
    'SENDING_PAUSED',
    'LIMIT_EXCEEDED',
  ],
  idempotent: true,
  maxBodyBytes: MAX_SEND_BODY_BYTES,
  examples: {
    request: sendExample,
    response: {
      message_id: '019ab2c4-7e1f-7c3a-9d2e-5b8f0a1c2d3e',
      status: 'queued',
      queued_at: '2026-11-24T10:15:30.123Z',
    },
  },
});

export const sendBatch = defineOperation({
  endpoint: 'POST /emails/batch',
  permission: 'sending_access',
  operationId: 'sendBatch',
  summary: 'Send a template to many recipients',
  description:
    'One template, up to 1,000 recipients, each with its own `data`. A problem with one entry rejects only that entry (`rejected`); the others are sent. See docs/api.md, “Batch send”.',
  tag: 'Emails',
  body: batchSendBody,
  status: 201,
  response: batchAccepted,
  errors: ['NOT_FOUND', 'FORBIDDEN', 'DOMAIN_NOT_VERIFIED', 'SENDING_PAUSED', 'LIMIT_EXCEEDED'],
  idempotent: true,
  maxBodyBytes: MAX_BATCH_BODY_BYTES,
  examples: {
    request: {
      template_id: 'tmpl_01JDX3S8KQ2V7M4N6P8R0T2W4Y',
      from: { email: 'news@acme.example', name: 'Acme' },
      recipients: [
        { to: { email: 'jane@example.org', name: 'Jane' }, data: { first_name: 'Jane' } },
        { to: { email: 'li@example.org' }, data: { first_name: 'Li' } },
      ],
    },
    response: { batch_id: 'batch_01JDX3S8KQ2V7M4N6P8R0T2W4Y', total: 2, accepted: 2, rejected: [] },
  },
});

export const listEmails = defineOperation({
  endpoint: 'GET /emails',
  permission: 'full_access',
  operationId: 'listEmails',
  summary: 'List emails',
  description:
    'Newest first. `total_count` counts every email matching the filters. `page` × `limit` may be at most 10,000 for a page that holds emails: narrow the dates to reach older ones.',
  tag: 'Emails',
  query: emailListQuery,
  status: 200,
  response: emailListItem,
  paginated: true,
});

const emailExample = {
  id: '019ab2c4-7e1f-7c3a-9d2e-5b8f0a1c2d3e',
  message_id: '019ab2c4-7e1f-7c3a-9d2e-5b8f0a1c2d3e',
  from_address: 'orders@acme.example',
  to_addresses: ['jane@example.org'],
  cc: [],
  bcc: [],
  reply_to: [],
  subject: 'Your order #1042 has shipped',
  status: 'delivered',
  priority: 'normal',
  tags: { category: 'shipping' },
  template_id: null,
  batch_id: null,
  environment: 'live',
  created_at: '2026-11-24T10:15:30.123Z',
  updated_at: '2026-11-24T10:15:32.480Z',
  html: '<p>Hi Jane, your order is on its way.</p>',
  text: 'Hi Jane, your order is on its way.',
  scheduled_at: null,
  attachments: [
    {
      filename: 'invoice-1042.pdf',
      content_type: 'application/pdf',
      size: 48213,
      content_id: null,
      disposition: 'attachment',
      sha256: '9f2c4b1e7d3a5f6c8b0e2d4a6c8e0f1a3b5d7f9e1c3a5b7d9f1e3c5a7b9d1f3e',
    },
  ],
  tracking: { opens: true, clicks: false },
  list_unsubscribe: true,
  internet_message_id: '<0100019ab2c47e1f-5b8f0a1c-2d3e-4f5a-9b8c-7d6e5f4a3b2c-000000@email.amazonses.com>',
  events: [
    {
      id: 'evt_sent_019ab2c4',
      type: 'sent',
      recipient: null,
      smtp_code: null,
      smtp_message: null,
      created_at: '2026-11-24T10:15:30.911Z',
    },
    {
      id: 'evt_9f2c61d0a4b7',
      type: 'delivered',
      recipient: 'jane@example.org',
      smtp_code: 250,
      smtp_message: '2.0.0 OK',
      created_at: '2026-11-24T10:15:32.480Z',
    },
  ],
};

export const getEmail = defineOperation({
  endpoint: 'GET /emails/{id}',
  permission: 'full_access',
  operationId: 'getEmail',
  summary: 'Get an email',
  description: 'The email with its content and its events (sent, delivered, bounced, opened…).',
  tag: 'Emails',
  path: idPath,
  status: 200,
  response: emailDetail,
  errors: ['NOT_FOUND'],
  examples: { response: emailExample },
});

export const cancelEmail = defineOperation({
  endpoint: 'POST /emails/{id}/cancel',
  permission: 'full_access',
  operationId: 'cancelEmail',
  summary: 'Cancel a scheduled email',
  description:
    'Cancels an email Postbox still holds (`queued`, not handed to SES): it becomes `failed` with a `cancelled` event. `409 CONFLICT` once it is handed over, being handed over, or already final.',
  tag: 'Emails',
  path: idPath,
  status: 200,
  response: emailDetail,
  errors: ['NOT_FOUND', 'CONFLICT'],
});
