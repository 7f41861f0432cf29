/**
 * The fan-out: the table's stream → one delivery per event and subscribed, enabled endpoint, and its
 * queue message. Invoked with the changes of a stream batch (DynamoDB Streams in AWS, the local
 * stream poller on the local stack: the same handler). Throwing makes the batch be read again;
 * everything here is idempotent (deliveries have deterministic ids and are written only if new), so
 * an event is never without its deliveries and never gets two.
 */
import { enqueueDeliveries } from '#adapters/webhook-queue.ts';
import type { DeliveryMessage } from '#adapters/webhook-queue-message.ts';
import { forEachLimited } from '#core/concurrency.ts';
import type { Mailbox } from '#core/email-address.ts';
import { nowIso } from '#core/ids.ts';
import { batchGetAll } from '#dynamo/batch.ts';
import { emailOfCollectionKey, keys } from '#dynamo/keys.ts';
import { queryWebhooks } from '#webhooks/webhook.store.ts';
import type { WebhookItem } from '#webhooks/webhook.ts';
import { insertDelivery } from '#webhooks/webhook-delivery.store.ts';
import { newDelivery, type WebhookDeliveryItem, type WebhookPayload } from '#webhooks/webhook-delivery.ts';
import {
  type EmailFacts,
  emailEventPayload,
  type TableChange,
  type WebhookEventSource,
  webhookEventsOfChange,
} from '#webhooks/webhook-event.store.ts';

/** `<org>#<email id>`: how the batch's emails are looked up. */
const emailKey = (item: Record<string, unknown>): string => {
  const owner = emailOfCollectionKey(String(item.PK));
  return `${owner?.organizationId}#${owner?.emailId}`;
};

const EMAIL_FACT_ATTRIBUTES = ['id', 'environment', 'from', 'to', 'subject', 'tags'] as const;
/** Deliveries written at once (each a small transaction). */
const WRITE_CONCURRENCY = 16;

export const subscribes = (endpoint: WebhookItem, type: string): boolean =>
  endpoint.enabled && (endpoint.events.length === 0 || (endpoint.events as string[]).includes(type));

/** The email fields the events' payloads carry, one BatchGetItem for the batch (bodies not read). */
async function emailFacts(sources: WebhookEventSource[]): Promise<Map<string, EmailFacts>> {
  const wanted = new Map<string, { PK: string; SK: string }>();
  for (const source of sources) {
    if (source.kind === 'email') {
      wanted.set(`${source.organization_id}#${source.email_id}`, keys.email(source.organization_id, source.email_id));
    }
  }
  if (wanted.size === 0) return new Map();
  const items = await batchGetAll([...wanted.values()], { attributes: ['PK', ...EMAIL_FACT_ATTRIBUTES] });
  return new Map(
    items.map((item) => [
      emailKey(item),
      {
        id: String(item.id),
        environment: String(item.environment),
        from: item.from as Mailbox,
        to: (item.to as Mailbox[]) ?? [],
        subject: String(item.subject ?? ''),
        tags: (item.tags as Record<string, string>) ?? {},
      },
    ]),
  );
}

function payloadOf(source: WebhookEventSource, emails: Map<string, EmailFacts>): WebhookPayload | undefined {
  if (source.kind === 'complete') return source.payload;
  const email = emails.get(`${source.organization_id}#${source.email_id}`);
  return email ? emailEventPayload(source, email) : undefined;
}

export interface FanOutResult {
  events: number;
  deliveries: number;
}

/** Writes and queues the deliveries of every webhook event among the changes. */
export async function fanOutChanges(changes: readonly TableChange[]): Promise<FanOutResult> {
  const sources = changes.flatMap(webhookEventsOfChange);
  if (sources.length === 0) return { events: 0, deliveries: 0 };
  const organizations = [...new Set(sources.map((source) => source.organization_id))];
  const endpointsByOrganization = new Map(
    await Promise.all(organizations.map(async (id) => [id, await queryWebhooks(id)] as const)),
  );
  const subscribed = sources
    .map((source) => ({
      source,
      endpoints: (endpointsByOrganization.get(source.organization_id) ?? []).filter((endpoint) =>
        subscribes(endpoint, source.kind === 'email' ? source.type : source.payload.type),
      ),
    }))
    .filter((entry) => entry.endpoints.length > 0);
  // The emails' facts only for events some endpoint takes: an organization without webhooks (most of
  // them) costs its events one Query of its endpoints per batch, no read of the emails.
  const emails = await emailFacts(subscribed.map((entry) => entry.source));
  const now = nowIso();
  const deliveries: WebhookDeliveryItem[] = [];
  for (const { source, endpoints } of subscribed) {
    const payload = payloadOf(source, emails);
    // An email deleted before its event was read (retention): nothing to say about it.
    if (!payload) continue;
    const eventId = source.kind === 'email' ? source.event.id : source.event_id;
    for (const endpoint of endpoints) {
      deliveries.push(
        newDelivery({ organizationId: source.organization_id, webhookId: endpoint.id, eventId, payload, now }),
      );
    }
  }
  const toQueue: DeliveryMessage[] = [];
  await forEachLimited(deliveries, WRITE_CONCURRENCY, async (delivery) => {
    const written = await insertDelivery(delivery);
    // Written by an earlier read of this batch that may have stopped before queueing it: queue it
    // again (a duplicate message makes no second attempt: attempts are claimed by number).
    const unstarted =
      written.outcome === 'added' || (written.stored?.status === 'pending' && written.stored.attempt_count === 0);
    if (unstarted) {
      toQueue.push({
        organization_id: delivery.organization_id,
        webhook_id: delivery.webhook_id,
        delivery_id: delivery.id,
        attempt_count: 0,
      });
    }
  });
  await enqueueDeliveries(toQueue.map((message) => ({ message, delaySeconds: 0 })));
  return { events: sources.length, deliveries: deliveries.length };
}
