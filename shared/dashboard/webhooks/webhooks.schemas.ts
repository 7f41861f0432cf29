/**
 * What the webhook pages read from the request: the add and edit form (its field names are the form's
 * view's, webhook-form.view.ts) and each page's path and query.
 */
import * as z from 'zod';
import { pageQuery } from '#core/pages.ts';
import type { PageSchemas } from '#dashboard/context.ts';
import { idPath } from '#platform/api-schemas.ts';
import { MAX_WEBHOOK_DESCRIPTION_LENGTH, WEBHOOK_EVENT_TYPES, type WebhookEventType } from '#webhooks/webhook.ts';
import { DELIVERY_STATUSES } from '#webhooks/webhook-delivery.ts';

/** A checkbox per event type, each its own name: a form keeps only the first value of a name. */
export const eventFieldName = (type: WebhookEventType): string => `event.${type}`;

/** What the add and edit forms hold, trimmed; `events` empty means every type. */
export interface WebhookFormValues {
  url: string;
  description: string;
  events: WebhookEventType[];
  /** The edit form's checkbox (the add form has none: a new endpoint is enabled). */
  enabled: boolean;
}

/** The form's values from the raw form (also what a refused form shows again). */
export function webhookFormValues(raw: Readonly<Record<string, unknown>>): WebhookFormValues {
  const text = (name: string): string => {
    const value = raw[name];
    return typeof value === 'string' ? value.trim() : '';
  };
  return {
    url: text('url'),
    description: text('description'),
    events: WEBHOOK_EVENT_TYPES.filter((type) => raw[eventFieldName(type)] !== undefined),
    enabled: raw.enabled !== undefined,
  };
}

/** The add and edit forms: the URL's rules are the service's (it names the problem). */
export const webhookForm = z
  .looseObject({
    url: z.string().optional(),
    description: z
      .string()
      .optional()
      .refine((value) => (value ?? '').trim().length <= MAX_WEBHOOK_DESCRIPTION_LENGTH, {
        message: `Must be at most ${MAX_WEBHOOK_DESCRIPTION_LENGTH} characters`,
      }),
  })
  .transform((raw) => webhookFormValues(raw));

// `notice` selects a fixed message; its text is never shown.
const notice = z.string().max(50).optional();
const deliveryPathParameters = z.strictObject({ id: z.string(), delivery_id: z.string() });

export const webhookInputs = {
  list: { query: z.object({ notice }) },
  create: { form: webhookForm },
  /** An endpoint and a page of its deliveries: `?page&limit&status&notice`. */
  detail: {
    path: idPath,
    query: z.object({
      ...pageQuery.shape,
      // The filter's "All" sends an empty status.
      status: z
        .enum([...DELIVERY_STATUSES, ''], { message: `status must be one of ${DELIVERY_STATUSES.join(', ')}` })
        .optional()
        .transform((status) => status || undefined),
      notice,
    }),
  },
  update: { path: idPath, form: webhookForm },
  rotateSecret: { path: idPath },
  test: { path: idPath },
  confirmDelete: { path: idPath },
  delete: { path: idPath },
  delivery: { path: deliveryPathParameters, query: z.object({ notice }) },
  retryDelivery: { path: deliveryPathParameters },
} satisfies Record<string, PageSchemas>;
