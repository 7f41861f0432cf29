/**
 * Deliverability: the metrics and sending-guard routes. Its counters are written by the emails
 * feature's stream reader (shared/emails/routes.ts `stream-counters`), which counts for both.
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
};

/**
 * The stream records the metrics are counted from: counted event items and hand-overs. `delivered` events
 * live on the email item: the change that adds them moves its status out of `queued`, a change the
 * reader's own filter passes (shared/emails/routes.ts).
 */
export const metricStreamFilters = [
  itemInserted(ITEM_TYPES.emailEvent, { event_type: { S: [...COUNTED_EVENT_TYPES] } }),
  emailHandedOver,
] as const;
