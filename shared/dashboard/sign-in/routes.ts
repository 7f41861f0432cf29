/**
 * Signing in and out. The form reads (and on first use creates, with a conditional put) the secret
 * its signed double-submit token is made with (shared/accounts/server-secret.store.ts).
 */
import { dashboardPage, PAGE_WRITES, type RouteDefinition } from '#platform/routes.ts';

export const signInPages: readonly RouteDefinition[] = [
  dashboardPage('GET', '/sign-in', 'functions/dashboard/sign-in-page.ts', { table: ['read', 'update'] }),
  dashboardPage('POST', '/sign-in', 'functions/dashboard/sign-in.ts', PAGE_WRITES),
  dashboardPage('POST', '/sign-out', 'functions/dashboard/sign-out.ts', PAGE_WRITES),
];
