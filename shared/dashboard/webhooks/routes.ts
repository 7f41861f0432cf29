/**
 * Settings → Webhooks: the endpoints (list, add, edit, rotate the secret, send a test event, delete
 * after a confirmation) and their deliveries (one delivery, a retry).
 */
import { dashboardPage, PAGE_WRITES, type RouteDefinition } from '#platform/routes.ts';

export const webhookPages: readonly RouteDefinition[] = [
  dashboardPage('GET', '/settings/webhooks', 'functions/dashboard/settings/webhooks/list.ts'),
  dashboardPage('POST', '/settings/webhooks', 'functions/dashboard/settings/webhooks/create.ts', PAGE_WRITES),
  dashboardPage('GET', '/settings/webhooks/{id}', 'functions/dashboard/settings/webhooks/detail.ts'),
  dashboardPage('POST', '/settings/webhooks/{id}', 'functions/dashboard/settings/webhooks/update.ts', PAGE_WRITES),
  dashboardPage(
    'POST',
    '/settings/webhooks/{id}/rotate-secret',
    'functions/dashboard/settings/webhooks/rotate-secret.ts',
    PAGE_WRITES,
  ),
  dashboardPage('POST', '/settings/webhooks/{id}/test', 'functions/dashboard/settings/webhooks/test.ts', PAGE_WRITES),
  dashboardPage('GET', '/settings/webhooks/{id}/delete', 'functions/dashboard/settings/webhooks/confirm-delete.ts'),
  dashboardPage(
    'POST',
    '/settings/webhooks/{id}/delete',
    'functions/dashboard/settings/webhooks/delete.ts',
    PAGE_WRITES,
  ),
  dashboardPage(
    'GET',
    '/settings/webhooks/{id}/deliveries/{delivery_id}',
    'functions/dashboard/settings/webhooks/delivery.ts',
  ),
  // sendTo: a retry queues the delivery's next attempt (as the API's retry does).
  dashboardPage(
    'POST',
    '/settings/webhooks/{id}/deliveries/{delivery_id}/retry',
    'functions/dashboard/settings/webhooks/retry-delivery.ts',
    { ...PAGE_WRITES, sendTo: ['webhooks'] },
  ),
];
