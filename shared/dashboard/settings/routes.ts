/** Settings → API keys (list, create, revoke after a confirmation), Auto-validation and Tracking. */
import type { ResourceAccess } from '#platform/route-access.ts';
import { dashboardPage, type RouteDefinition } from '#platform/routes.ts';

const readWrite: ResourceAccess = { table: ['read', 'write'] };

export const settingsPages: readonly RouteDefinition[] = [
  dashboardPage('GET', '/settings/api-keys', 'functions/dashboard/settings/api-keys.ts'),
  dashboardPage('POST', '/settings/api-keys', 'functions/dashboard/settings/create-api-key.ts', readWrite),
  dashboardPage('GET', '/settings/api-keys/{id}/revoke', 'functions/dashboard/settings/confirm-revoke.ts'),
  dashboardPage('POST', '/settings/api-keys/{id}/revoke', 'functions/dashboard/settings/revoke-api-key.ts', readWrite),
  dashboardPage('GET', '/settings/auto-validation', 'functions/dashboard/settings/auto-validation.ts'),
  dashboardPage('POST', '/settings/auto-validation', 'functions/dashboard/settings/save-auto-validation.ts', readWrite),
  dashboardPage('GET', '/settings/tracking', 'functions/dashboard/settings/tracking.ts'),
  dashboardPage('POST', '/settings/tracking', 'functions/dashboard/settings/save-tracking.ts', readWrite),
];
