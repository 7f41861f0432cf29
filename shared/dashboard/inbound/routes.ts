/**
 * The Inbound pages: the received messages, one message, its HTML body (a sandboxed frame's source)
 * and its deletion. The detail and the body read it through getInbound, which presigns its files' links
 * (`inboundRead`); a delete removes its files (`inboundDelete`), as the API's routes do.
 */
import { dashboardPage, PAGE_WRITES, type RouteDefinition } from '#platform/routes.ts';

const READ_MESSAGE = { table: ['read'], attachments: ['inboundRead'] } as const;

export const inboundPages: readonly RouteDefinition[] = [
  dashboardPage('GET', '/inbound', 'functions/dashboard/inbound/list.ts'),
  dashboardPage('GET', '/inbound/{id}', 'functions/dashboard/inbound/detail.ts', READ_MESSAGE),
  dashboardPage('GET', '/inbound/{id}/body', 'functions/dashboard/inbound/body.ts', READ_MESSAGE),
  dashboardPage('POST', '/inbound/{id}/delete', 'functions/dashboard/inbound/delete.ts', {
    ...PAGE_WRITES,
    attachments: ['inboundDelete'],
  }),
];
