/**
 * The functions API Gateway reaches besides the routes' own: the dashboard's one function (every
 * path under /dashboard) and the `$default` route's. Light on purpose: the runtime's route matching
 * (route-matching.ts) reads them without loading any route's contract.
 */
import { dashboardPages } from '#dashboard/routes.ts';
import { DASHBOARD_PREFIX, type RouteDefinition, type RouteGroupDefinition, unionOfAccess } from '#platform/routes.ts';

/** The dashboard: one function, its router (functions/dashboard/router.ts) dispatches to the page's handler. */
export const dashboardFunction: RouteGroupDefinition = {
  name: 'Dashboard',
  handler: 'functions/dashboard/router.ts',
  routes: dashboardPages,
  gatewayPaths: [DASHBOARD_PREFIX, `${DASHBOARD_PREFIX}/{proxy+}`],
  access: unionOfAccess(dashboardPages),
};

/** API Gateway's `$default` route: answers 404 or 405 in the error envelope (an HTML page under /dashboard). */
export const defaultRoute = {
  handler: 'functions/unmatched-route.ts',
  access: {},
} as const satisfies Pick<RouteDefinition, 'handler' | 'access'>;
