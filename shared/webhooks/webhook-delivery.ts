/**
 * A webhook delivery: one event for one endpoint, its attempts and its retry schedule (docs/api.md,
 * "Webhooks"). Model only: ids, the payload as signed, the schedule, the views.
 */
import { createHash } from 'node:crypto';
import { encodeBase62 } from '#core/ids.ts';
import type { WebhookEventType } from '#webhooks/webhook.ts';

export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** Deliveries (and their attempts) are kept this long, then expire through the table's TTL. */
export const DELIVERY_RETENTION_DAYS = 30;
/** An endpoint whose attempts have all failed for this long is disabled (`failing`). */
export const FAILING_DISABLE_AFTER_MS = 5 * 24 * 3600 * 1000;
/** Attempts kept on a delivery: the scheduled ones and the latest manual retries. */
export const MAX_ATTEMPTS_KEPT = 20;
/** The longest wait Retry-After can ask for (longer answers wait this long). */
export const MAX_RETRY_AFTER_SECONDS = 24 * 3600;

export interface DeliveryAttempt {
  attempted_at: string;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
  /** The first 1 KB of the answer. */
  response_body: string | null;
}

/** What an endpoint receives: the Standard Webhooks body. */
export interface WebhookPayload {
  type: WebhookEventType;
  timestamp: string;
  data: Record<string, unknown>;
}

export interface WebhookDeliveryItem {
  /** The `webhook-id` header of every attempt: `msg_` + the event's time + a hash of event and endpoint. */
  id: string;
  organization_id: string;
  webhook_id: string;
  event_type: WebhookEventType;
  /** The event's own id (the same for every endpoint it goes to). */
  event_id: string;
  status: DeliveryStatus;
  /** The JSON body exactly as signed and sent at every attempt. */
  payload: string;
  /** Attempts made (a claim names the attempt it makes, so two messages never make the same one twice). */
  attempt_count: number;
  attempts: DeliveryAttempt[];
  /** When the next attempt is due (pending), else null. */
  next_attempt_at: string | null;
  /** A manual retry: one attempt, no schedule after it. */
  manual: boolean;
  created_at: string;
  updated_at: string;
}

/**
 * The delivery of an event to an endpoint has one id whatever writes it (a stream batch read twice
 * writes the same item): the event time (base62 milliseconds, so ids sort by time) and a hash.
 */
export function deliveryId(eventId: string, webhookId: string, eventTime: string): string {
  const time = encodeBase62(Math.max(0, Date.parse(eventTime) || 0), 8);
  const hash = createHash('sha256').update(`${eventId}\u0000${webhookId}`).digest('base64url').slice(0, 22);
  return `msg_${time}${hash}`;
}

/**
 * A new delivery of an event to an endpoint, pending its first attempt now; `manual` (the test event)
 * makes one attempt and no schedule.
 */
export function newDelivery(fields: {
  organizationId: string;
  webhookId: string;
  eventId: string;
  payload: WebhookPayload;
  manual?: boolean;
  now: string;
}): WebhookDeliveryItem {
  return {
    id: deliveryId(fields.eventId, fields.webhookId, fields.payload.timestamp),
    organization_id: fields.organizationId,
    webhook_id: fields.webhookId,
    event_type: fields.payload.type,
    event_id: fields.eventId,
    status: 'pending',
    payload: JSON.stringify(fields.payload),
    attempt_count: 0,
    attempts: [],
    next_attempt_at: fields.now,
    manual: fields.manual ?? false,
    created_at: fields.now,
    updated_at: fields.now,
  };
}

export const isDeliveryId = (value: string): boolean => /^msg_[0-9A-Za-z]{8}[A-Za-z0-9_-]{22}$/.test(value);

/**
 * Seconds until the next attempt after `attemptsMade` attempts, or undefined when the schedule is
 * exhausted. Retry-After (the endpoint's own ask) wins when it asks for longer than the schedule.
 */
export function nextRetryDelaySeconds(
  attemptsMade: number,
  schedule: readonly number[],
  retryAfterSeconds: number | null,
): number | undefined {
  const scheduled = schedule[attemptsMade - 1];
  if (scheduled === undefined) return undefined;
  return Math.max(scheduled, Math.min(retryAfterSeconds ?? 0, MAX_RETRY_AFTER_SECONDS));
}

export const isSuccessStatus = (statusCode: number | null): boolean =>
  statusCode !== null && statusCode >= 200 && statusCode < 300;

/** A delivery as the list shows it: no payload, no attempts. */
export function deliverySummaryView(item: WebhookDeliveryItem) {
  const last = item.attempts.at(-1);
  return {
    id: item.id,
    webhook_id: item.webhook_id,
    event_type: item.event_type,
    event_id: item.event_id,
    status: item.status,
    attempt_count: item.attempt_count,
    last_status_code: last?.status_code ?? null,
    next_attempt_at: item.next_attempt_at,
    created_at: item.created_at,
    updated_at: item.updated_at,
  };
}

/** A delivery with the payload it carries and every attempt kept. */
export function deliveryView(item: WebhookDeliveryItem) {
  return {
    ...deliverySummaryView(item),
    payload: JSON.parse(item.payload) as WebhookPayload,
    attempts: item.attempts,
  };
}
