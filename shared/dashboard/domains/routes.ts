/** The Domains pages: the list, add, verify (DNS and the SES identity), the custom MAIL FROM and receiving. */
import { dashboardPage, PAGE_WRITES, type RouteDefinition } from '#platform/routes.ts';

export const domainPages: readonly RouteDefinition[] = [
  dashboardPage('GET', '/domains', 'functions/dashboard/domains/list.ts'),
  dashboardPage('POST', '/domains', 'functions/dashboard/domains/create.ts', {
    table: ['read', 'write'],
    kms: ['encrypt'],
  }),
  dashboardPage('POST', '/domains/{id}/verify', 'functions/dashboard/domains/verify.ts', {
    table: ['read', 'write'],
    kms: ['decrypt'],
    ses: ['identities'],
  }),
  dashboardPage('POST', '/domains/{id}/mail-from', 'functions/dashboard/domains/mail-from.ts', PAGE_WRITES),
  dashboardPage('POST', '/domains/{id}/receiving', 'functions/dashboard/domains/receiving.ts', PAGE_WRITES),
];
