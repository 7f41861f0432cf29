/** Keys of webhook endpoints, their deliveries, delivery counts and concurrent-attempt slots. */
import type { PrimaryKey } from './primary-key.ts';

/** Delivery counter items per webhook endpoint. */
export const WEBHOOK_DELIVERY_COUNTER_SHARDS = 4;

export const webhookKeys = {
  /** A webhook endpoint of an organization (at most 20: listed with one Query of the prefix). */
  webhook: (organizationId: string, webhookId: string): PrimaryKey => ({
    PK: `ORG#${organizationId}`,
    SK: `WEBHOOK#${webhookId}`,
  }),
  webhooksOfOrganizationPrefix: (organizationId: string) => ({ PK: `ORG#${organizationId}`, SKPrefix: 'WEBHOOK#' }),
  /** An organization's webhook endpoint count, checked against the cap in the transaction that adds one. */
  webhookCount: (organizationId: string): PrimaryKey => ({ PK: `ORG#${organizationId}`, SK: 'COUNT#webhooks' }),

  /**
   * A delivery of one event to one endpoint, in the endpoint's own partition: the id starts with the
   * event's time (webhook-delivery.ts), so the partition reads newest first in key order.
   */
  webhookDelivery: (organizationId: string, webhookId: string, deliveryId: string): PrimaryKey => ({
    PK: `WHDELIVERY#${organizationId}#${webhookId}`,
    SK: `DELIVERY#${deliveryId}`,
  }),
  webhookDeliveriesPrefix: (organizationId: string, webhookId: string) => ({
    PK: `WHDELIVERY#${organizationId}#${webhookId}`,
    SKPrefix: 'DELIVERY#',
  }),
  /**
   * An endpoint's delivery counts by status (`pending`, `succeeded`, `failed`), spread over
   * WEBHOOK_DELIVERY_COUNTER_SHARDS items moved in the transaction that changes a delivery's status.
   */
  webhookDeliveryCounter: (organizationId: string, webhookId: string, shard: number): PrimaryKey => ({
    PK: `WHDELIVERY#${organizationId}#${webhookId}`,
    SK: `COUNT#${shard}`,
  }),
  webhookDeliveryCountersPrefix: (organizationId: string, webhookId: string) => ({
    PK: `WHDELIVERY#${organizationId}#${webhookId}`,
    SKPrefix: 'COUNT#',
  }),
  /**
   * One of an endpoint's concurrent-attempt slots: held (with an expiry) while an attempt runs. The
   * slots share a partition, so the consumer reads which are free with one Query.
   */
  webhookSlot: (organizationId: string, webhookId: string, slot: number): PrimaryKey => ({
    PK: `WHSLOT#${organizationId}#${webhookId}`,
    SK: `SLOT#${slot}`,
  }),
  webhookSlotsPrefix: (organizationId: string, webhookId: string) => ({
    PK: `WHSLOT#${organizationId}#${webhookId}`,
    SKPrefix: 'SLOT#',
  }),
} as const;
