/**
 * Deliverability: the metrics and sending-guard routes, and the metrics counter — the table stream's
 * second (and last advisable) reader, invoked only with counted events and hand-overs.
 */
import { COUNTED_EVENT_TYPES } from '#deliverability/metric-counts.ts';
import { getMetrics } from '#deliverability/metrics.contract.ts';
import { getSendingSettings } from '#deliverability/sending.contract.ts';
import { apiRoute, type FeatureRoutes } from '#platform/routes.ts';
import { emailHandedOver, itemInserted } from '#platform/stream-filters.ts';
import { ITEM_TYPES } from '#platform/table.ts';

export const deliverabilityRoutes: FeatureRoutes = {
  api: [
    apiRoute(getMetrics, 'functions/metrics/get.ts', { table: ['read'] }),
    apiRoute(getSendingSettings, 'functions/settings/get-sending.ts', { table: ['read'] }),
  ],
  streamHandlers: [
    {
      // Reads the events' emails, adds the batch's counts in transactions.
      name: 'metrics-counter',
      handler: 'functions/consumers/metrics-counter.ts',
      access: { table: ['read', 'write'], tableStream: ['read'] },
      batchSize: 1000,
      filterPatterns: [
        itemInserted(ITEM_TYPES.emailEvent, { event_type: { S: [...COUNTED_EVENT_TYPES] } }),
        emailHandedOver,
      ],
    },
  ],
};
