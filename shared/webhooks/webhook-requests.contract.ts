/**
 * What Postbox posts to a subscribed endpoint, as the OpenAPI document's `webhooks` section describes
 * it (shared/http/openapi.ts renders it): one request per event type, signed, with its payload.
 * Signing: webhook-signature.ts; retries and the rules: docs/api.md, "Webhooks".
 */
import type { SignedHeaders } from '#webhooks/webhook-signature.ts';
import { webhookPayloads } from '#webhooks/webhooks.contract.ts';

const SIGNATURE_HEADERS = ['webhook-id', 'webhook-timestamp', 'webhook-signature'] as const satisfies ReadonlyArray<
  keyof SignedHeaders
>;

export const webhookRequests = {
  tag: 'Webhooks',
  description:
    'Posted to each subscribed endpoint, signed per Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`). Answer 2xx within 10 s; anything else is retried (410 disables the endpoint).',
  headers: SIGNATURE_HEADERS,
  received: 'Received (any 2xx)',
  events: webhookPayloads,
} as const;
