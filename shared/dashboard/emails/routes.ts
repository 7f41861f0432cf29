/** The Emails pages: the list, one email, its HTML body (a sandboxed frame's source) and its attachments. */
import { dashboardPage, type RouteDefinition } from '#platform/routes.ts';

export const emailPages: readonly RouteDefinition[] = [
  dashboardPage('GET', '/emails', 'functions/dashboard/emails/list.ts'),
  dashboardPage('GET', '/emails/{id}', 'functions/dashboard/emails/detail.ts'),
  dashboardPage('GET', '/emails/{id}/body', 'functions/dashboard/emails/body.ts'),
  // attachments: a 302 to a presigned GET of the attachment's blob (signed with the function's own grant).
  dashboardPage('GET', '/emails/{id}/attachments/{index}', 'functions/dashboard/emails/attachment.ts', {
    table: ['read'],
    attachments: ['read'],
  }),
];
