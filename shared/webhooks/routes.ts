/**
 * Webhooks: the endpoints' and deliveries' routes, the fan-out (a reader of the table's stream: the
 * events it turns into deliveries) and the queue consumer that makes the attempts.
 */
import { ENVIRONMENTS } from '#core/environment.ts';
import { apiRoute, type FeatureRoutes } from '#platform/routes.ts';
import {
  absent,
  emailHandedOver,
  itemChanged,
  itemInserted,
  present,
  sortKeyEvents,
} from '#platform/stream-filters.ts';
import { ITEM_TYPES, SUPPRESSION_SORT_KEY, sendingPauseAttribute } from '#platform/table.ts';
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
      filterPatterns: [
        // An email's event (delivered, bounced, opened, …), and its hand-over (email.sent).
        itemInserted(ITEM_TYPES.emailEvent),
        emailHandedOver,
        // A suppression added or removed.
        sortKeyEvents(['INSERT', 'REMOVE'], SUPPRESSION_SORT_KEY),
        // A received message stored (its content item: the event's data).
        itemInserted(ITEM_TYPES.inboundContent),
        // A domain verified.
        itemChanged(ITEM_TYPES.domain, { is_verified: { BOOL: [true] } }, { is_verified: { BOOL: [false] } }),
        // The sending guard paused an environment (its pause appears on the organization).
        ...ENVIRONMENTS.map((environment) =>
          itemChanged(
            ITEM_TYPES.organization,
            { [sendingPauseAttribute(environment)]: { M: { paused_at: present } } },
            { [sendingPauseAttribute(environment)]: { M: { paused_at: absent } } },
          ),
        ),
      ],
    },
  ],
};
