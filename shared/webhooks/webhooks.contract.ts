/**
 * The webhooks' contract (shared/platform/api-operation.ts): endpoints (create, list, get, update,
 * delete, rotate, test) and their deliveries (list, get, retry).
 */
import * as z from 'zod';
import { pageQuery } from '#core/pages.ts';
import { emailReceivedData } from '#inbound/inbound.contract.ts';
import { defineOperation } from '#platform/api-operation.ts';
import { deleted, idPath, timestamp } from '#platform/api-schemas.ts';
import {
  DISABLED_REASONS,
  MAX_WEBHOOK_DESCRIPTION_LENGTH,
  MAX_WEBHOOK_URL_LENGTH,
  WEBHOOK_EVENT_TYPES,
} from '#webhooks/webhook.ts';
import { DELIVERY_STATUSES } from '#webhooks/webhook-delivery.ts';

const secret = z.string().meta({
  description: 'Signs every delivery (Standard Webhooks); shown only here',
  example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
});

const events = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { message: `Must be one of ${WEBHOOK_EVENT_TYPES.join(', ')}` }))
  .max(WEBHOOK_EVENT_TYPES.length * 2)
  .meta({ description: 'The event types to receive; empty or omitted: every type' });
const url = z.string().max(MAX_WEBHOOK_URL_LENGTH).meta({
  description: 'Absolute `https` URL (`http` where the deployment allows it), no credentials',
  example: 'https://api.acme.example/webhooks/postbox',
});
const description = z.string().max(MAX_WEBHOOK_DESCRIPTION_LENGTH);

export const webhookView = z
  .strictObject({
    id: z.string().meta({ example: 'wh_3kT9vQ2mX8pL1nR4sW6y' }),
    url: z.string(),
    events: z.array(z.enum(WEBHOOK_EVENT_TYPES)).meta({ description: 'Empty: every type' }),
    description: z.string().nullable(),
    enabled: z.boolean(),
    disabled_reason: z
      .enum(DISABLED_REASONS)
      .nullable()
      .meta({ description: '`manual`; `gone` after a 410 answer; `failing` after 5 days of failed attempts' }),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'Webhook' });

export const createdWebhook = webhookView.extend({ secret }).meta({ id: 'WebhookWithSecret' });

export const createWebhookBody = z
  .strictObject({
    url,
    events: events.optional(),
    description: description.optional(),
    enabled: z.boolean().optional(),
  })
  .meta({ id: 'CreateWebhookRequest' });

export const updateWebhookBody = z
  .strictObject({
    url: url.optional(),
    events: events.optional(),
    description: description.nullable().optional(),
    enabled: z.boolean().optional(),
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), {
    message: 'Give at least one of url, events, description, enabled',
  })
  .meta({ id: 'UpdateWebhookRequest' });

export const createWebhook = defineOperation({
  endpoint: 'POST /webhooks',
  permission: 'full_access',
  operationId: 'createWebhook',
  summary: 'Add a webhook endpoint',
  description:
    'Its `secret` is shown only in this answer (and at rotation). At most 20 endpoints per organization (`409 CONFLICT` beyond).',
  tag: 'Webhooks',
  body: createWebhookBody,
  status: 201,
  response: createdWebhook,
  errors: ['CONFLICT'],
  examples: {
    request: { url: 'https://api.acme.example/webhooks/postbox', events: ['email.delivered', 'email.bounced'] },
  },
});

export const listWebhooks = defineOperation({
  endpoint: 'GET /webhooks',
  permission: 'full_access',
  operationId: 'listWebhooks',
  summary: 'List webhook endpoints',
  description: 'Every endpoint of the organization, oldest first (not paginated: at most 20).',
  tag: 'Webhooks',
  status: 200,
  response: z.array(webhookView),
});

export const getWebhook = defineOperation({
  endpoint: 'GET /webhooks/{id}',
  permission: 'full_access',
  operationId: 'getWebhook',
  summary: 'Get a webhook endpoint',
  tag: 'Webhooks',
  path: idPath,
  status: 200,
  response: webhookView,
  errors: ['NOT_FOUND'],
});

export const updateWebhook = defineOperation({
  endpoint: 'PATCH /webhooks/{id}',
  permission: 'full_access',
  operationId: 'updateWebhook',
  summary: 'Change a webhook endpoint',
  description:
    'Changes the fields given. `enabled: true` clears `disabled_reason`; `enabled: false` sets it to `manual`.',
  tag: 'Webhooks',
  path: idPath,
  body: updateWebhookBody,
  status: 200,
  response: webhookView,
  errors: ['NOT_FOUND', 'CONFLICT'],
});

export const deleteWebhook = defineOperation({
  endpoint: 'DELETE /webhooks/{id}',
  permission: 'full_access',
  operationId: 'deleteWebhook',
  summary: 'Delete a webhook endpoint',
  tag: 'Webhooks',
  path: idPath,
  status: 200,
  response: deleted,
  errors: ['NOT_FOUND'],
});

export const rotateWebhookSecret = defineOperation({
  endpoint: 'POST /webhooks/{id}/rotate-secret',
  permission: 'full_access',
  operationId: 'rotateWebhookSecret',
  summary: 'Rotate a webhook endpoint’s secret',
  description:
    'A new secret signs from now on; the one it replaces keeps signing alongside for 24 hours (deliveries carry both signatures), so a receiver can switch without missing one.',
  tag: 'Webhooks',
  path: idPath,
  status: 200,
  response: z.strictObject({ secret }).meta({ id: 'WebhookSecret' }),
  errors: ['NOT_FOUND', 'CONFLICT'],
});

const attemptResult = {
  status_code: z.int().nullable().meta({ description: 'The answer’s HTTP status; null when none came' }),
  duration_ms: z.int().min(0),
  error: z.string().nullable().meta({ description: 'Why no answer came (timed out, refused, …); null when one did' }),
};

export const testWebhook = defineOperation({
  endpoint: 'POST /webhooks/{id}/test',
  permission: 'full_access',
  operationId: 'testWebhook',
  summary: 'Send a test event to a webhook endpoint',
  description:
    'Sends a signed `webhook.test` event now (also to a disabled endpoint) and answers with the attempt. The delivery is logged like any other, without retries. Each test is an outbound request, so besides the organization’s rate there is a window of its own: 10 tests per minute per organization (the dashboard’s test button counts in it too), then `429 RATE_LIMITED` with `Retry-After`.',
  tag: 'Webhooks',
  path: idPath,
  status: 200,
  response: z
    .strictObject({ delivery_id: z.string().meta({ description: 'Also its `webhook-id`' }), ...attemptResult })
    .meta({ id: 'WebhookTestResult' }),
  errors: ['NOT_FOUND'],
});

const deliveryPath = z.strictObject({ id: z.string(), delivery_id: z.string() });

export const deliverySummary = z
  .strictObject({
    id: z
      .string()
      .meta({ description: 'The `webhook-id` of every attempt', example: 'msg_1mKq3ZxA9sQ2wE7rT4yU6iO8pL0kJ' }),
    webhook_id: z.string(),
    event_type: z.enum(WEBHOOK_EVENT_TYPES),
    event_id: z.string().meta({ description: 'The event’s id, the same in every endpoint’s delivery of it' }),
    status: z.enum(DELIVERY_STATUSES),
    attempt_count: z.int().min(0),
    last_status_code: z.int().nullable(),
    next_attempt_at: timestamp.nullable().meta({ description: 'When the next attempt is due (pending only)' }),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'WebhookDeliverySummary' });

export const deliveryDetail = deliverySummary
  .extend({
    payload: z
      .strictObject({ type: z.enum(WEBHOOK_EVENT_TYPES), timestamp, data: z.record(z.string(), z.unknown()) })
      .meta({ description: 'The body every attempt sends, as signed' }),
    attempts: z.array(
      z.strictObject({
        attempted_at: timestamp,
        ...attemptResult,
        response_body: z.string().nullable().meta({ description: 'The first 1 KB of the answer' }),
      }),
    ),
  })
  .meta({ id: 'WebhookDelivery' });

export const listWebhookDeliveries = defineOperation({
  endpoint: 'GET /webhooks/{id}/deliveries',
  permission: 'full_access',
  operationId: 'listWebhookDeliveries',
  summary: 'List a webhook endpoint’s deliveries',
  description: 'Newest event first; kept 30 days.',
  tag: 'Webhooks',
  path: idPath,
  query: pageQuery.extend({
    status: z
      .enum(DELIVERY_STATUSES, { message: `status must be one of ${DELIVERY_STATUSES.join(', ')}` })
      .optional()
      .meta({ description: 'Only deliveries with this status' }),
  }),
  status: 200,
  response: deliverySummary,
  paginated: true,
  errors: ['NOT_FOUND'],
});

export const getWebhookDelivery = defineOperation({
  endpoint: 'GET /webhooks/{id}/deliveries/{delivery_id}',
  permission: 'full_access',
  operationId: 'getWebhookDelivery',
  summary: 'Get a webhook delivery',
  description: 'With its payload and every attempt (status, duration, error, the first 1 KB of the answer).',
  tag: 'Webhooks',
  path: deliveryPath,
  status: 200,
  response: deliveryDetail,
  errors: ['NOT_FOUND'],
});

export const retryWebhookDelivery = defineOperation({
  endpoint: 'POST /webhooks/{id}/deliveries/{delivery_id}/retry',
  permission: 'full_access',
  operationId: 'retryWebhookDelivery',
  summary: 'Retry a webhook delivery',
  description:
    'Sends an ended delivery (`succeeded` or `failed`) again now, once, with the same `webhook-id`. `409 CONFLICT` while it is still pending.',
  tag: 'Webhooks',
  path: deliveryPath,
  status: 202,
  response: deliverySummary,
  errors: ['NOT_FOUND', 'CONFLICT'],
});

/** What each event posts to an endpoint: the OpenAPI document's `webhooks` section. */
const eventEnvelope = <T extends string>(types: readonly [T, ...T[]], data: z.ZodType) =>
  z.strictObject({ type: z.enum(types), timestamp, data });

const emailEventData = z
  .strictObject({
    event_id: z.string().meta({ description: 'The same in every endpoint’s delivery of this event' }),
    email_id: z.string().meta({ description: 'Postbox’s id of the email (never SES’s)' }),
    message_id: z.string().meta({ description: 'Equal to `email_id`' }),
    environment: z.enum(['live', 'test']),
    from: z.string(),
    to: z.array(z.string()),
    subject: z.string(),
    tags: z.record(z.string(), z.string()),
    recipient: z.string().nullable().meta({ description: 'The recipient the event is about; null for `email.sent`' }),
    smtp_code: z.int().nullable(),
    smtp_message: z.string().nullable(),
    bounce_type: z.enum(['hard', 'soft']).optional().meta({ description: '`email.bounced` only' }),
    link: z.string().optional().meta({ description: '`email.clicked` only: the link followed' }),
  })
  .meta({ id: 'EmailEventData' });

const suppressionEventData = z
  .strictObject({
    event_id: z.string(),
    id: z.string(),
    email: z.string(),
    reason: z.string(),
    source: z.string(),
    created_at: timestamp,
  })
  .meta({ id: 'SuppressionEventData' });

const EMAIL_EVENT_TYPES = WEBHOOK_EVENT_TYPES.filter((type) => type.startsWith('email.') && type !== 'email.received');

/** Each event type that is posted today, with its payload's schema. */
export const webhookPayloads: ReadonlyArray<{ type: string; summary: string; payload: z.ZodType }> = [
  ...EMAIL_EVENT_TYPES.map((type) => ({
    type,
    summary: `An email’s ${type.slice('email.'.length).replace('_', ' ')} event`,
    payload: eventEnvelope([type], emailEventData),
  })),
  {
    type: 'email.received',
    summary: 'A message was received at one of your domains (bodies inline up to 64 KB each)',
    payload: eventEnvelope(['email.received'], emailReceivedData),
  },
  {
    type: 'suppression.created',
    summary: 'An address was suppressed (by a bounce, a complaint or the API)',
    payload: eventEnvelope(['suppression.created'], suppressionEventData),
  },
  {
    type: 'suppression.deleted',
    summary: 'A suppression was removed',
    payload: eventEnvelope(['suppression.deleted'], suppressionEventData),
  },
  {
    type: 'domain.verified',
    summary: 'A sending domain was verified',
    payload: eventEnvelope(
      ['domain.verified'],
      z.strictObject({ event_id: z.string(), id: z.string(), name: z.string(), verified_at: timestamp }),
    ),
  },
  {
    type: 'organization.sending_paused',
    summary: 'The sending guard paused an environment (bounce or complaint rate over its threshold)',
    payload: eventEnvelope(
      ['organization.sending_paused'],
      z.strictObject({
        event_id: z.string(),
        organization_id: z.string(),
        environment: z.enum(['live', 'test']),
        paused_at: timestamp,
        reason: z.string(),
        bounce_rate_24h: z.number(),
        complaint_rate_24h: z.number(),
        sent_24h: z.int(),
      }),
    ),
  },
  {
    type: 'webhook.test',
    summary: 'The test event (POST /webhooks/{id}/test)',
    payload: eventEnvelope(
      ['webhook.test'],
      z.strictObject({ event_id: z.string(), webhook_id: z.string(), message: z.string() }),
    ),
  },
];
