/**
 * Webhooks: the endpoints' and deliveries' routes, the fan-out (a reader of the table's stream: the
 * events it turns into deliveries) and the queue consumer that makes the attempts.
 */
import { apiRoute, type FeatureRoutes } from '#platform/routes.ts';
import { itemChanged, itemInserted, present, sortKeyEvents } from '#platform/stream-filters.ts';
import { ITEM_TYPES, SUPPRESSION_SORT_KEY } from '#platform/table.ts';
import {
  createWebhook,
  deleteWebhook,
  getWebhook,
  getWebhookDelivery,
  listWebhookDeliveries,
  listWebhooks,
  retryWebhookDelivery,
  rotateWebhookSecret,
  testWebhook,
  updateWebhook,
} from '#webhooks/webhooks.contract.ts';

export const webhookRoutes: FeatureRoutes = {
  api: [
    apiRoute(createWebhook, 'functions/webhooks/create.ts', { table: ['write'] }),
    apiRoute(listWebhooks, 'functions/webhooks/list.ts', { table: ['read'] }),
    apiRoute(getWebhook, 'functions/webhooks/get.ts', { table: ['read'] }),
    apiRoute(updateWebhook, 'functions/webhooks/update.ts', { table: ['read', 'write'] }),
    apiRoute(deleteWebhook, 'functions/webhooks/delete.ts', { table: ['write'] }),
    apiRoute(rotateWebhookSecret, 'functions/webhooks/rotate-secret.ts', { table: ['read', 'write'] }),
    apiRoute(testWebhook, 'functions/webhooks/test.ts', { table: ['read', 'write'] }),
    apiRoute(listWebhookDeliveries, 'functions/webhooks/list-deliveries.ts', { table: ['read'] }),
    apiRoute(getWebhookDelivery, 'functions/webhooks/get-delivery.ts', { table: ['read'] }),
    apiRoute(retryWebhookDelivery, 'functions/webhooks/retry-delivery.ts', {
      table: ['read', 'write'],
      sendTo: ['webhooks'],
    }),
  ],
  consumers: [
    {
      queue: 'webhooks',
      handler: 'functions/consumers/webhook-deliveries.ts',
      // sendTo: retries and busy-endpoint deferrals are new messages; changeVisibility: a record that
      // failed comes back after a short backoff instead of the visibility timeout.
      access: { table: ['read', 'write'], sendTo: ['webhooks'], changeVisibility: ['webhooks'] },
      batchSize: 10,
      // Attempts in flight: 10 records × 10 invocations; per endpoint capped by its slots (5).
      maxConcurrency: 10,
    },
  ],
  streamHandlers: [
    {
      // Reads the endpoints and the events' emails, writes deliveries (transactions with their
      // counters), queues them.
      name: 'webhook-fanout',
      handler: 'functions/consumers/webhook-fanout.ts',
      access: { table: ['read', 'write'], tableStream: ['read'], sendTo: ['webhooks'] },
      batchSize: 100,
      // Lambda allows five filters per event source mapping by default (MAX_STREAM_FILTERS).
      filterPatterns: [
        // An email's event item (bounced, opened, …) and a received message stored (its content item).
        itemInserted([ITEM_TYPES.emailEvent, ITEM_TYPES.inboundContent]),
        // A handed-over email changed: its hand-over (email.sent), `delivered` events kept on it.
        itemChanged(ITEM_TYPES.email, { ses_message_id: present }),
        // A suppression added or removed.
        sortKeyEvents(['INSERT', 'REMOVE'], SUPPRESSION_SORT_KEY),
        // A domain verified.
        itemChanged(ITEM_TYPES.domain, { is_verified: { BOOL: [true] } }, { is_verified: { BOOL: [false] } }),
        // An organization changed (rare): the sending guard's pause of an environment appears on it.
        itemChanged(ITEM_TYPES.organization, {}),
      ],
    },
  ],
};
