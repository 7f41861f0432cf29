/** Settings → API keys (list, create, revoke after a confirmation), Auto-validation and Tracking. */
import { dashboardPage, PAGE_WRITES, type RouteDefinition } from '#platform/routes.ts';

export const settingsPages: readonly RouteDefinition[] = [
  dashboardPage('GET', '/settings/api-keys', 'functions/dashboard/settings/api-keys.ts'),
  dashboardPage('POST', '/settings/api-keys', 'functions/dashboard/settings/create-api-key.ts', PAGE_WRITES),
  dashboardPage('GET', '/settings/api-keys/{id}/revoke', 'functions/dashboard/settings/confirm-revoke.ts'),
  dashboardPage(
    'POST',
    '/settings/api-keys/{id}/revoke',
    'functions/dashboard/settings/revoke-api-key.ts',
    PAGE_WRITES,
  ),
  dashboardPage('GET', '/settings/auto-validation', 'functions/dashboard/settings/auto-validation.ts'),
  dashboardPage(
    'POST',
    '/settings/auto-validation',
    'functions/dashboard/settings/save-auto-validation.ts',
    PAGE_WRITES,
  ),
  dashboardPage('GET', '/settings/tracking', 'functions/dashboard/settings/tracking.ts'),
  dashboardPage('POST', '/settings/tracking', 'functions/dashboard/settings/save-tracking.ts', PAGE_WRITES),
];
