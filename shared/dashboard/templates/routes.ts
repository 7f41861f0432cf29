/** The Templates pages: the list, one template with its preview, and the preview's sandboxed frame. */
import { dashboardPage, type RouteDefinition } from '#platform/routes.ts';

export const templatePages: readonly RouteDefinition[] = [
  dashboardPage('GET', '/templates', 'functions/dashboard/templates/list.ts'),
  dashboardPage('GET', '/templates/{id}', 'functions/dashboard/templates/detail.ts'),
  dashboardPage('GET', '/templates/{id}/preview', 'functions/dashboard/templates/preview.ts'),
];
