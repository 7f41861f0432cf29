/** The webhook endpoints' contract (shared/platform/api-operation.ts): create, list, get, update, delete, rotate. */
import * as z from 'zod';
import { defineOperation } from '#platform/api-operation.ts';
import { deleted, idPath, timestamp } from '#platform/api-schemas.ts';
import {
  DISABLED_REASONS,
  MAX_WEBHOOK_DESCRIPTION_LENGTH,
  MAX_WEBHOOK_URL_LENGTH,
  WEBHOOK_EVENT_TYPES,
} from '#webhooks/webhook.ts';

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
  operationId: 'listWebhooks',
  summary: 'List webhook endpoints',
  description: 'Every endpoint of the organization, oldest first (not paginated: at most 20).',
  tag: 'Webhooks',
  status: 200,
  response: z.array(webhookView),
});

export const getWebhook = defineOperation({
  operationId: 'getWebhook',
  summary: 'Get a webhook endpoint',
  tag: 'Webhooks',
  path: idPath,
  status: 200,
  response: webhookView,
  errors: ['NOT_FOUND'],
});

export const updateWebhook = defineOperation({
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
  operationId: 'deleteWebhook',
  summary: 'Delete a webhook endpoint',
  tag: 'Webhooks',
  path: idPath,
  status: 200,
  response: deleted,
  errors: ['NOT_FOUND'],
});

export const rotateWebhookSecret = defineOperation({
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
