/** The Overview: the page a member lands on (it reads the counters and the sending guard's state). */
import { dashboardPage, type RouteDefinition } from '#platform/routes.ts';

export const overviewPages: readonly RouteDefinition[] = [
  dashboardPage('GET', '/overview', 'functions/dashboard/overview.ts', { table: ['read'] }),
];
