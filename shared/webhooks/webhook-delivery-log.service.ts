/**
 * The delivery log of an endpoint (list, detail) and the test event (the manual retry, which queues:
 * webhook-retry.service.ts).
 */

import { randomUUID } from 'node:crypto';
import { config } from '#core/config.ts';
import { notFound } from '#core/errors.ts';
import { deterministicId, nowIso } from '#core/ids.ts';
import { type PageRequest, paginationFor } from '#core/pages.ts';
import { attemptOnce } from '#webhooks/webhook-attempt.service.ts';
import {
  claimAttempt,
  getDelivery,
  insertDelivery,
  queryDeliveryPage,
  readDeliveryCounts,
  recordAttempt,
} from '#webhooks/webhook-delivery.store.ts';
import {
  type DeliveryStatus,
  deliverySummaryView,
  deliveryView,
  isDeliveryId,
  isSuccessStatus,
  newDelivery,
  type WebhookDeliveryItem,
} from '#webhooks/webhook-delivery.ts';
import { testEventPayload } from '#webhooks/webhook-event.store.ts';
import { findWebhook } from '#webhooks/webhooks.service.ts';

/** A manual or test attempt's claim: its timeout and the writes around it. */
const SYNC_CLAIM_MS = 60_000;
/** The test event's attempt waits less than a queued one: the API answers within its 10 s (ROUTE_TIMEOUT_SECONDS). */
export const TEST_ATTEMPT_TIMEOUT_MS = 7_000;

export async function listDeliveries(
  organizationId: string,
  webhookId: string,
  query: PageRequest & { status?: DeliveryStatus | undefined },
) {
  // The endpoint's existence (404) is read alongside: its deliveries' keys carry the organization.
  const [, counts, items] = await Promise.all([
    findWebhook(organizationId, webhookId),
    readDeliveryCounts(organizationId, webhookId),
    queryDeliveryPage(organizationId, webhookId, query, query.status),
  ]);
  const total = query.status ? counts[query.status] : counts.pending + counts.succeeded + counts.failed;
  return { items: items.map(deliverySummaryView), pagination: paginationFor(query, total) };
}

export async function findDelivery(
  organizationId: string,
  webhookId: string,
  id: string,
): Promise<WebhookDeliveryItem> {
  const [, delivery] = await Promise.all([
    findWebhook(organizationId, webhookId),
    isDeliveryId(id) ? getDelivery({ organization_id: organizationId, webhook_id: webhookId, id }) : undefined,
  ]);
  if (!delivery) throw notFound('Delivery');
  return delivery;
}

export async function getDeliveryView(organizationId: string, webhookId: string, id: string) {
  return deliveryView(await findDelivery(organizationId, webhookId, id));
}

/**
 * Sends a `webhook.test` event to the endpoint now (even a disabled one: checking it works is why
 * one is tested) and answers with the attempt; the delivery is logged like any other, without retries.
 */
export async function sendTestEvent(organizationId: string, webhookId: string) {
  const endpoint = await findWebhook(organizationId, webhookId);
  const now = nowIso();
  const eventId = deterministicId(['webhook.test', webhookId, randomUUID()]);
  const delivery = newDelivery({
    organizationId,
    webhookId,
    eventId,
    payload: testEventPayload(eventId, webhookId, now),
    manual: true,
    now,
  });
  await insertDelivery(delivery);
  const claimed = await claimAttempt(delivery, 0, SYNC_CLAIM_MS);
  if (!claimed) throw new Error('A new test delivery could not be claimed');
  const { attempt } = await attemptOnce(endpoint, claimed, Math.min(TEST_ATTEMPT_TIMEOUT_MS, config.webhookTimeoutMs));
  await recordAttempt(claimed, attempt, { status: isSuccessStatus(attempt.status_code) ? 'succeeded' : 'failed' });
  return {
    delivery_id: delivery.id,
    status_code: attempt.status_code,
    duration_ms: attempt.duration_ms,
    error: attempt.error,
  };
}
