/**
 * The dashboard's pages, every area's (shared/dashboard/<area>/routes.ts) in one list: one Lambda
 * function serves them all (functions/dashboard/router.ts, through the generated
 * functions/dashboard/pages.generated.ts). Every signed-in page needs `read` (its
 * session is read before the page runs); pages that change something add `write`. The home and the
 * assets are the framework's own (assets.ts): the assets declare no table access.
 */
import { domainPages } from '#dashboard/domains/routes.ts';
import { emailPages } from '#dashboard/emails/routes.ts';
import { inboundPages } from '#dashboard/inbound/routes.ts';
import { overviewPages } from '#dashboard/overview/routes.ts';
import { settingsPages } from '#dashboard/settings/routes.ts';
import { signInPages } from '#dashboard/sign-in/routes.ts';
import { suppressionPages } from '#dashboard/suppressions/routes.ts';
import { templatePages } from '#dashboard/templates/routes.ts';
import { webhookPages } from '#dashboard/webhooks/routes.ts';
import { dashboardPage, type RouteDefinition } from '#platform/routes.ts';

export const dashboardPages: readonly RouteDefinition[] = [
  dashboardPage('GET', '', 'functions/dashboard/home.ts'),
  dashboardPage('GET', '/assets/{file}', 'functions/dashboard/asset.ts', {}),
  ...signInPages,
  ...overviewPages,
  ...emailPages,
  ...inboundPages,
  ...domainPages,
  ...suppressionPages,
  ...templatePages,
  ...settingsPages,
  ...webhookPages,
];
