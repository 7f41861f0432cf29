/**
 * Inbound email: the received messages' routes and the parser, which consumes SES receiving's
 * notifications (through SNS in AWS, from the local SMTP server on the local stack).
 */
import { deleteInbound, getInbound, listInbound } from '#inbound/inbound.contract.ts';
import { apiRoute, type FeatureRoutes } from '#platform/routes.ts';

export const inboundRoutes: FeatureRoutes = {
  api: [
    apiRoute(listInbound, 'functions/inbound/list.ts', { table: ['read'] }),
    apiRoute(getInbound, 'functions/inbound/get.ts', { table: ['read'], attachments: ['inboundRead'] }),
    apiRoute(deleteInbound, 'functions/inbound/delete.ts', {
      table: ['read', 'write'],
      attachments: ['inboundDelete'],
    }),
  ],
  consumers: [
    {
      queue: 'inbound',
      handler: 'functions/consumers/inbound-messages.ts',
      // Resolves recipients (domains), checks threading (GSI5), writes records; reads and deletes SES's
      // copy, writes the record's files.
      access: { table: ['read', 'write'], indexQuery: ['GSI5'], attachments: ['inboundStore'] },
      // Up to 10 messages per invocation, parsed one after another (one 30 MB message in memory at a
      // time: ~215 MB measured; ten of that size take ~9 s of the 30 s timeout).
      batchSize: 10,
      maxConcurrency: 5,
    },
  ],
};
