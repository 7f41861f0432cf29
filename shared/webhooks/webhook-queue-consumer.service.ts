import { enqueueDeliveries, MAX_QUEUE_DELAY_SECONDS } from '#adapters/webhook-queue.ts';
import type { DeliveryMessage } from '#adapters/webhook-queue-message.ts';
import { config } from '#core/config.ts';
import { logger } from '#core/logger.ts';
import { WEBHOOK_CONSUMER_TIMEOUT_SECONDS } from '#platform/queues.ts';
import { getWebhook, markWebhookHealth } from '#webhooks/webhook.store.ts';
import type { WebhookItem } from '#webhooks/webhook.ts';
import { attemptOnce } from '#webhooks/webhook-attempt.service.ts';
import {
  claimAttempt,
  freeSlots,
  getDelivery,
  recordAttempt,
  releaseSlot,
  takeSlot,
} from '#webhooks/webhook-delivery.store.ts';
import {
  type DeliveryAttempt,
  FAILING_DISABLE_AFTER_MS,
  isSuccessStatus,
  nextRetryDelaySeconds,
  type WebhookDeliveryItem,
} from '#webhooks/webhook-delivery.ts';

/** A claim outlives the attempt (its timeout) and the writes around it. */
const CLAIM_LEASE_MS = config.webhookTimeoutMs + 20_000;
/**
 * Attempts one slot runs one after another in an invocation: as many as fit the consumer's time
 * (30 s) at the attempt timeout plus its writes (2 at the 10 s timeout).
 */
const ATTEMPTS_PER_SLOT = Math.max(
  1,
  Math.floor((WEBHOOK_CONSUMER_TIMEOUT_SECONDS * 1000 - 5_000) / (config.webhookTimeoutMs + 2_000)),
);
/** A slot is held while its attempts run, and frees itself if its holder dies. */
const SLOT_LEASE_MS = ATTEMPTS_PER_SLOT * (config.webhookTimeoutMs + 2_000) + 20_000;
/** A message that found every slot of its endpoint busy comes back after 1–2 s. */
const BUSY_DELAY_SECONDS = () => 1 + Math.floor(Math.random() * 2);

/** What the endpoint's answer means for it: recovered, failing since, or disabled. */
async function recordEndpointHealth(endpoint: WebhookItem, attempt: DeliveryAttempt): Promise<void> {
  if (isSuccessStatus(attempt.status_code)) {
    if (endpoint.failing_since) await markWebhookHealth(endpoint.organization_id, endpoint.id, { kind: 'recovered' });
    return;
  }
  if (attempt.status_code === 410) {
    await markWebhookHealth(endpoint.organization_id, endpoint.id, {
      kind: 'disabled',
      reason: 'gone',
      at: attempt.attempted_at,
    });
    return;
  }
  if (!endpoint.failing_since) {
    await markWebhookHealth(endpoint.organization_id, endpoint.id, { kind: 'failing', since: attempt.attempted_at });
  } else if (Date.parse(attempt.attempted_at) - Date.parse(endpoint.failing_since) >= FAILING_DISABLE_AFTER_MS) {
    await markWebhookHealth(endpoint.organization_id, endpoint.id, {
      kind: 'disabled',
      reason: 'failing',
      at: attempt.attempted_at,
    });
  }
}

const secondsUntil = (iso: string) => Math.max(0, Math.ceil((Date.parse(iso) - Date.now()) / 1000));

/** Requeues the message to arrive `delaySeconds` from now (hopping when longer than SQS allows). */
async function requeue(message: DeliveryMessage, delaySeconds: number): Promise<void> {
  await enqueueDeliveries([{ message, delaySeconds: Math.min(delaySeconds, MAX_QUEUE_DELAY_SECONDS) }]);
}

export type DeliveryStep = 'not-due' | 'stale' | 'busy' | 'attempted';

/**
 * Makes the attempts a batch of queue messages names: the ones not yet due hop on; the rest, grouped
 * by endpoint, take the endpoint's free slots (one Query per endpoint, then a conditional Put per
 * slot), each slot running its share in a row; messages beyond what the slots take come back in 1–2 s. What each message
 * did, in order; a message that failed (the table or queue unavailable) rejects its entry.
 */
export async function processDeliveryMessages(
  messages: DeliveryMessage[],
): Promise<PromiseSettledResult<DeliveryStep>[]> {
  const steps: Array<Promise<DeliveryStep>> = new Array(messages.length);
  const groups = new Map<string, number[]>();
  messages.forEach((message, index) => {
    if (message.not_before && Date.parse(message.not_before) > Date.now()) {
      steps[index] = requeue(message, secondsUntil(message.not_before)).then(() => 'not-due' as const);
      return;
    }
    const key = `${message.organization_id}#${message.webhook_id}`;
    groups.set(key, [...(groups.get(key) ?? []), index]);
  });
  for (const indexes of groups.values()) {
    const settled = runGroup(messages, indexes);
    for (const index of indexes) steps[index] = settled.then((results) => results.get(index) as Promise<DeliveryStep>);
  }
  return Promise.allSettled(steps);
}

/**
 * One endpoint's messages of a batch: the free slots it can use are taken, each runs its share one
 * attempt after another (as many as fit the function's time) and is released; what no slot takes
 * comes back later. Resolves, once every slot is released, with each message's outcome.
 */
async function runGroup(messages: DeliveryMessage[], indexes: number[]): Promise<Map<number, Promise<DeliveryStep>>> {
  const first = messages[indexes[0] as number] as DeliveryMessage;
  const free = await freeSlots(first.organization_id, first.webhook_id, config.webhookEndpointConcurrency);
  const wanted = free.slice(0, Math.ceil(indexes.length / ATTEMPTS_PER_SLOT));
  const taken = (
    await Promise.all(
      wanted.map(async (slot) =>
        (await takeSlot(first.organization_id, first.webhook_id, slot, SLOT_LEASE_MS)) ? slot : undefined,
      ),
    )
  ).filter((slot): slot is number => slot !== undefined);
  const results = new Map<number, Promise<DeliveryStep>>();
  const lanes = taken.map(async (slot, lane) => {
    try {
      const mine = indexes.filter((_, position) => position % taken.length === lane).slice(0, ATTEMPTS_PER_SLOT);
      for (const index of mine) {
        const step = attemptInSlot(messages[index] as DeliveryMessage);
        results.set(index, step);
        await step.catch(() => undefined);
      }
    } finally {
      await releaseSlot(first.organization_id, first.webhook_id, slot);
    }
  });
  await Promise.all(lanes);
  for (const index of indexes) {
    if (!results.has(index)) {
      results.set(
        index,
        requeue(messages[index] as DeliveryMessage, BUSY_DELAY_SECONDS()).then(() => 'busy' as const),
      );
    }
  }
  return results;
}

/** One message's attempt, in a slot of its endpoint: if the delivery still waits for it. */
async function attemptInSlot(message: DeliveryMessage): Promise<DeliveryStep> {
  const ref = { organization_id: message.organization_id, webhook_id: message.webhook_id, id: message.delivery_id };
  const [delivery, endpoint] = await Promise.all([
    getDelivery(ref),
    getWebhook(message.organization_id, message.webhook_id),
  ]);
  // Gone (the endpoint deleted, the delivery expired), ended, or this attempt made already.
  if (!delivery || !endpoint || delivery.status !== 'pending' || delivery.attempt_count !== message.attempt_count) {
    return 'stale';
  }
  const claimed = await claimAttempt(delivery, delivery.attempt_count, CLAIM_LEASE_MS);
  if (!claimed) return 'stale';
  const { attempt, result } = endpoint.enabled
    ? await attemptOnce(endpoint, claimed)
    : {
        attempt: {
          attempted_at: new Date().toISOString(),
          status_code: null,
          duration_ms: 0,
          error: `The endpoint is disabled (${endpoint.disabled_reason ?? 'manual'})`,
          response_body: null,
        },
        result: undefined,
      };
  await settleAttempt(endpoint, claimed, attempt, result?.retry_after_seconds ?? null);
  return 'attempted';
}

/** Records the attempt and what follows it: the end of the delivery, or its next attempt. */
async function settleAttempt(
  endpoint: WebhookItem,
  delivery: WebhookDeliveryItem,
  attempt: DeliveryAttempt,
  retryAfterSeconds: number | null,
): Promise<void> {
  const attemptsMade = delivery.attempt_count + 1;
  const delay =
    isSuccessStatus(attempt.status_code) || attempt.status_code === 410 || delivery.manual || !endpoint.enabled
      ? undefined
      : nextRetryDelaySeconds(attemptsMade, config.webhookRetryDelaysSeconds, retryAfterSeconds);
  if (delay === undefined) {
    await recordAttempt(delivery, attempt, { status: isSuccessStatus(attempt.status_code) ? 'succeeded' : 'failed' });
  } else {
    const nextAttemptAt = new Date(Date.now() + delay * 1000).toISOString();
    // Queued before it is recorded: a crash in between repeats this attempt, never loses the next.
    await enqueueDeliveries([
      {
        message: {
          organization_id: delivery.organization_id,
          webhook_id: delivery.webhook_id,
          delivery_id: delivery.id,
          attempt_count: attemptsMade,
          ...(delay > MAX_QUEUE_DELAY_SECONDS ? { not_before: nextAttemptAt } : {}),
        },
        delaySeconds: delay,
      },
    ]);
    await recordAttempt(delivery, attempt, { status: 'pending', next_attempt_at: nextAttemptAt });
  }
  if (endpoint.enabled) await recordEndpointHealth(endpoint, attempt);
  logger.info('Webhook attempt', {
    webhook_id: endpoint.id,
    delivery_id: delivery.id,
    attempt: attemptsMade,
    status_code: attempt.status_code,
    duration_ms: attempt.duration_ms,
    outcome: delay === undefined ? (isSuccessStatus(attempt.status_code) ? 'succeeded' : 'failed') : 'retry',
  });
}
