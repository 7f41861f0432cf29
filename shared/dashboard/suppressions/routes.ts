/** The Suppressions pages: the list, add an address, remove one. */
import type { ResourceAccess } from '#platform/route-access.ts';
import { dashboardPage, type RouteDefinition } from '#platform/routes.ts';

const readWrite: ResourceAccess = { table: ['read', 'write'] };

export const suppressionPages: readonly RouteDefinition[] = [
  dashboardPage('GET', '/suppressions', 'functions/dashboard/suppressions/list.ts'),
  dashboardPage('POST', '/suppressions', 'functions/dashboard/suppressions/create.ts', readWrite),
  dashboardPage('POST', '/suppressions/{id}/delete', 'functions/dashboard/suppressions/delete.ts', readWrite),
];
