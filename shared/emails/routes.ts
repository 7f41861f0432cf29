/**
 * Emails: the API's accept, read and cancel routes, and the pipeline that delivers them — the send
 * queue's consumer, the SES events' handler and the scheduler (releases scheduled emails, sweeps lost
 * ones, finishes handed-over ones whose outcome never came).
 */
import { cancelEmail, getEmail, listEmails, sendBatch, sendEmail } from '#emails/emails.contract.ts';
import type { ResourceAccess } from '#platform/route-access.ts';
import { apiRoute, type FeatureRoutes } from '#platform/routes.ts';

/** Accepting an email writes it (with its index entries and usage), queues it and stores its attachments. */
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
      access: { table: ['read', 'write'], indexQuery: ['GSI2'], sendTo: ['send'] },
      everyMinutes: 1,
      // Under the one-minute period, so runs rarely overlap (an overlap is harmless).
      timeoutSeconds: 50,
    },
  ],
};
