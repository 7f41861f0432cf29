/**
 * Every feature's declarations gathered: the one list the CDK stack, the local cloud, the OpenAPI
 * document and the IAM check read. A feature declares its routes in its own `routes.ts`; adding one
 * there is all this file needs. `npm run generate` derives the runtime's light route table
 * (route-table.generated.ts) and the dashboard's page map from it.
 */
import { accountRoutes } from '#accounts/routes.ts';
import { dashboardFunction, defaultRoute } from '#app/functions.ts';
import { attachmentRoutes } from '#attachments/routes.ts';
import { dashboardPages } from '#dashboard/routes.ts';
import { deliverabilityRoutes } from '#deliverability/routes.ts';
import { domainRoutes } from '#domains/routes.ts';
import { emailRoutes } from '#emails/routes.ts';
import { referenceRoutes } from '#http/routes.ts';
import { inboundRoutes } from '#inbound/routes.ts';
import type { ApiRouteDefinition, FeatureRoutes, RouteDefinition } from '#platform/routes.ts';
import { suppressionRoutes } from '#suppressions/routes.ts';
import { templateRoutes } from '#templates/routes.ts';
import { unsubscribeRoutes } from '#unsubscribe/routes.ts';
import { validationRoutes } from '#validation/routes.ts';
import { webhookRoutes } from '#webhooks/routes.ts';

export { dashboardFunction, defaultRoute } from '#app/functions.ts';
export { dashboardPages };

/** The order the OpenAPI document lists their paths in (and the local cloud its functions). */
const features: readonly FeatureRoutes[] = [
  accountRoutes,
  domainRoutes,
  emailRoutes,
  inboundRoutes,
  validationRoutes,
  attachmentRoutes,
  suppressionRoutes,
  templateRoutes,
  deliverabilityRoutes,
  webhookRoutes,
  unsubscribeRoutes,
  referenceRoutes,
];

const all = <T>(pick: (feature: FeatureRoutes) => readonly T[] | undefined): T[] =>
  features.flatMap((feature) => pick(feature) ?? []);

/** The API's routes (under /api/v1): each its own Lambda function with exactly its declared access. */
export const apiRoutes: readonly ApiRouteDefinition[] = all((feature) => feature.api);

/** Routes with a Lambda function of their own: the API's and the public pages' (reference, unsubscribe). */
export const functionRoutes: readonly RouteDefinition[] = [...apiRoutes, ...all((feature) => feature.pages)];

/** Every route, the dashboard's pages included: what a request is matched against. */
export const routes: readonly RouteDefinition[] = [...functionRoutes, ...dashboardPages];

export const consumers = all((feature) => feature.consumers);
export const notificationHandlers = all((feature) => feature.notificationHandlers);
export const streamHandlers = all((feature) => feature.streamHandlers);
export const scheduledFunctions = all((feature) => feature.scheduledFunctions);

/**
 * Every entry that deploys as a Lambda function, each once: `$default`, each route with a function of
 * its own, the dashboard (one function for its pages), each consumer, notification handler, scheduled
 * function and stream handler.
 */
export function deployedFunctions(): Array<Pick<RouteDefinition, 'handler' | 'access'>> {
  return [
    defaultRoute,
    ...functionRoutes,
    dashboardFunction,
    ...consumers,
    ...notificationHandlers,
    ...scheduledFunctions,
    ...streamHandlers,
  ];
}
