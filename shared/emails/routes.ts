/**
 * Emails: the API's accept, read and cancel routes, and the pipeline that delivers them — the send
 * queue's consumer, the SES events' handler, the scheduler (releases scheduled emails, sweeps lost
 * ones, finishes handed-over ones whose outcome never came) and the stream's counting reader (the
 * list's pointers and counters, and deliverability's).
 */
import { metricStreamFilters } from '#deliverability/routes.ts';
import { EMAIL_STATUSES } from '#emails/email.ts';
import { cancelEmail, getEmail, listEmails, sendBatch, sendEmail } from '#emails/emails.contract.ts';
import type { ResourceAccess } from '#platform/route-access.ts';
import { apiRoute, type FeatureRoutes } from '#platform/routes.ts';
import { itemChanged, itemInserted, itemRemoved } from '#platform/stream-filters.ts';
import { ITEM_TYPES } from '#platform/table.ts';

/** Accepting an email writes it (with its index keys and usage), queues it and stores its attachments. */
const accept: ResourceAccess = { table: ['read', 'write'], sendTo: ['send'], attachments: ['store'] };

export const emailRoutes: FeatureRoutes = {
  api: [
    apiRoute(sendEmail, 'functions/emails/send.ts', accept),
    apiRoute(sendBatch, 'functions/emails/batch.ts', accept),
    apiRoute(listEmails, 'functions/emails/list.ts', { table: ['read'] }),
    apiRoute(getEmail, 'functions/emails/get.ts', { table: ['read'] }),
    apiRoute(cancelEmail, 'functions/emails/cancel.ts', { table: ['read', 'write'] }),
  ],
  consumers: [
    {
      queue: 'send',
      handler: 'functions/consumers/send-email.ts',
      // sendTo: a message deferred by SES pacing is queued afresh (send-consumer.service.ts).
      access: {
        table: ['read', 'write'],
        ses: ['send'],
        changeVisibility: ['send'],
        sendTo: ['send'],
        attachments: ['read'],
      },
      batchSize: 10,
      // Caps concurrent SES calls (~10 × 5 in flight) well under SES's default send rate.
      maxConcurrency: 5,
    },
  ],
  notificationHandlers: [
    { source: 'ses-events', handler: 'functions/consumers/ses-events.ts', access: { table: ['read', 'write'] } },
  ],
  scheduledFunctions: [
    {
      // Query the due index, send to the queue, update emails (and put the failed event of one it gives
      // up on); to finish one, apply events as SES events are applied (their writes and lookups).
      name: 'scheduler',
      handler: 'functions/scheduler/run.ts',
      access: { table: ['read', 'write'], indexQuery: ['GSI2', 'GSI4'], sendTo: ['send'] },
      everyMinutes: 1,
      // Under the one-minute period, so runs rarely overlap (an overlap is harmless).
      timeoutSeconds: 50,
    },
  ],
  streamHandlers: [
    {
      // The table stream's second (and last advisable) reader, after the webhook fan-out. Emails
      // inserted, removed (taken back) or changed out of `queued` move the list's pointers and counters;
      // counted events and hand-overs the metrics. Reads the events' emails; writes in transactions.
      name: 'stream-counters',
      handler: 'functions/consumers/stream-counters.ts',
      access: { table: ['read', 'write'], tableStream: ['read'] },
      batchSize: 1000,
      // Counts may lag by ≤ 2 s (docs/api.md): a second's records share one counter write per organization.
      maxBatchingWindowSeconds: 1,
      filterPatterns: [
        itemInserted(ITEM_TYPES.email),
        itemRemoved(ITEM_TYPES.email),
        itemChanged(ITEM_TYPES.email, { status: { S: EMAIL_STATUSES.filter((status) => status !== 'queued') } }),
        ...metricStreamFilters,
      ],
    },
  ],
};
