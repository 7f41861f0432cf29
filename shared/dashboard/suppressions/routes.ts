/** The Suppressions pages: the list, add an address, remove one. */
import { dashboardPage, PAGE_WRITES, type RouteDefinition } from '#platform/routes.ts';

export const suppressionPages: readonly RouteDefinition[] = [
  dashboardPage('GET', '/suppressions', 'functions/dashboard/suppressions/list.ts'),
  dashboardPage('POST', '/suppressions', 'functions/dashboard/suppressions/create.ts', PAGE_WRITES),
  dashboardPage('POST', '/suppressions/{id}/delete', 'functions/dashboard/suppressions/delete.ts', PAGE_WRITES),
];
