/**
 * What a route, a consumer or a scheduled function is, and the helpers features declare theirs with.
 * Each feature lists its own in its `routes.ts` (shared/<feature>/routes.ts, the dashboard's areas in
 * shared/dashboard/<area>/routes.ts); shared/app/routes.ts gathers them for the CDK stack, the local
 * cloud, the OpenAPI document and the IAM check. Nothing here imports a handler.
 */
import type { ApiOperation, HttpMethod } from '#platform/api-operation.ts';
import type { QueueName } from '#platform/queues.ts';
import type { ResourceAccess } from '#platform/route-access.ts';

export type { HttpMethod } from '#platform/api-operation.ts';

export interface RouteDefinition {
  method: HttpMethod;
  /** Canonical path in API Gateway syntax, e.g. /api/v1/domains/{id}/verify. */
  path: string;
  /** Module (relative to the repository root) exporting `handler`. */
  handler: string;
  access: ResourceAccess;
}

/** An API route: its operation (the contract, which carries the method and path) and its function. */
export interface ApiRouteDefinition extends RouteDefinition {
  operation: ApiOperation;
}

export interface ConsumerDefinition {
  queue: QueueName;
  handler: string;
  access: ResourceAccess;
  batchSize: number;
  /** Cap on concurrent invocations (event source mapping maximum concurrency, ≥ 2). */
  maxConcurrency: number;
}

/** A function fed by notifications published to an SNS topic (e.g. SES delivery events). */
export interface NotificationHandlerDefinition {
  /** `ses-events`: the SES configuration set's event destination. */
  source: 'ses-events';
  handler: string;
  access: ResourceAccess;
}

/**
 * A function fed by the table's stream (DynamoDB Streams in AWS, infra/local/stream-poller.ts on the
 * local stack), with the Lambda event filters that pick the records it is invoked with.
 */
export interface StreamHandlerDefinition {
  /** Names the construct (`<Name>StreamHandler`) and the local poller. */
  name: string;
  handler: string;
  access: ResourceAccess;
  batchSize: number;
  /**
   * Lambda gathers records this long before invoking (MaximumBatchingWindowInSeconds), so a batch
   * holds more records per write it makes. The local poller hands records on as it reads them.
   */
  maxBatchingWindowSeconds?: number;
  /** Lambda event filter patterns (shared/platform/stream-filters.ts): a record matching any is passed on. */
  filterPatterns: ReadonlyArray<Record<string, unknown>>;
}

/** A function run on a fixed schedule: an EventBridge rule in AWS, a timer in the local runner. */
export interface ScheduledFunctionDefinition {
  /** Names the construct (`<Name>Function`, `<Name>Schedule`) and the local timer. */
  name: string;
  handler: string;
  access: ResourceAccess;
  /** Runs every this many minutes (EventBridge `rate(n minutes)`). */
  everyMinutes: number;
  timeoutSeconds: number;
}

/** What one feature declares: every entry point it has, each once. */
export interface FeatureRoutes {
  /** API routes under /api/v1, each its own Lambda function with exactly its declared access. */
  api?: readonly ApiRouteDefinition[];
  /** Public routes outside the API with a function of their own (HTML pages, the reference's script). */
  pages?: readonly RouteDefinition[];
  consumers?: readonly ConsumerDefinition[];
  notificationHandlers?: readonly NotificationHandlerDefinition[];
  streamHandlers?: readonly StreamHandlerDefinition[];
  scheduledFunctions?: readonly ScheduledFunctionDefinition[];
}

/**
 * A group of routes served by one Lambda function whose handler routes each request to its page
 * (API Gateway sends every path under `gatewayPaths` to it). The group exists to keep the stack
 * small: a page costs no CloudFormation resource, where a function of its own costs seven. Its
 * access is the union of its pages' (they all run as one function).
 */
export interface RouteGroupDefinition {
  /** Names the construct (`<Name>`) and the local function. */
  name: string;
  handler: string;
  routes: readonly RouteDefinition[];
  /** API Gateway route paths (every method) that reach the group's function. */
  gatewayPaths: readonly string[];
  access: ResourceAccess;
}

/** HTTP functions answer well within API Gateway's 30 s integration limit. */
export const ROUTE_TIMEOUT_SECONDS = 10;

export const API_PREFIX = '/api/v1';
/** A shorter prefix every API route also answers on (e.g. /v1/emails/send). */
export const ALIAS_PREFIX = '/v1';
/** Server-rendered dashboard pages (HTML, session cookie): no /v1 alias. */
export const DASHBOARD_PREFIX = '/dashboard';
/** The API reference page (HTML rendering the OpenAPI document): no /v1 alias, no key. */
export const REFERENCE_PREFIX = '/docs';
/** Where Postbox's one-click unsubscribe links point (shared/unsubscribe): no /v1 alias, no key. */
export const UNSUBSCRIBE_PREFIX = '/unsubscribe';

/** An API route: the operation says where it answers; `handler` is the module under functions/. */
export function apiRoute(operation: ApiOperation, handler: string, access: ResourceAccess): ApiRouteDefinition {
  const [method, path] = operation.endpoint.split(' ') as [HttpMethod, string];
  return { method, path: API_PREFIX + path, handler, access, operation };
}

/** What a dashboard page that changes something needs: its session read, and its writes. */
export const PAGE_WRITES: ResourceAccess = { table: ['read', 'write'] };

/** A dashboard page (served by the dashboard's one function): signed-in pages read their session. */
export function dashboardPage(
  method: HttpMethod,
  path: string,
  handler: string,
  access: ResourceAccess = { table: ['read'] },
): RouteDefinition {
  return { method, path: DASHBOARD_PREFIX + path, handler, access };
}

/** Every level of every entry's access, once: the access of a function that serves them all. */
export function unionOfAccess(entries: ReadonlyArray<Pick<RouteDefinition, 'access'>>): ResourceAccess {
  const union = <T>(pick: (access: ResourceAccess) => readonly T[] | undefined): T[] =>
    [...new Set(entries.flatMap((entry) => pick(entry.access) ?? []))].sort();
  const access: Record<string, readonly string[]> = {
    table: union((a) => a.table),
    sendTo: union((a) => a.sendTo),
    indexQuery: union((a) => a.indexQuery),
    changeVisibility: union((a) => a.changeVisibility),
    kms: union((a) => a.kms),
    ses: union((a) => a.ses),
    attachments: union((a) => a.attachments),
  };
  return Object.fromEntries(Object.entries(access).filter(([, levels]) => levels.length > 0)) as ResourceAccess;
}

export const isDashboardPath = (path: string): boolean =>
  path === DASHBOARD_PREFIX || path.startsWith(`${DASHBOARD_PREFIX}/`);

const isReferencePath = (path: string): boolean => path === REFERENCE_PREFIX || path.startsWith(`${REFERENCE_PREFIX}/`);
const isUnsubscribePath = (path: string): boolean => path.startsWith(`${UNSUBSCRIBE_PREFIX}/`);

/** The paths a route answers on: an API route's canonical /api/v1 one and the /v1 alias; a page's own. */
export function routePaths(route: Pick<RouteDefinition, 'path'>): string[] {
  if (isDashboardPath(route.path) || isReferencePath(route.path) || isUnsubscribePath(route.path)) {
    return [route.path];
  }
  if (!route.path.startsWith(`${API_PREFIX}/`)) {
    throw new Error(`Route path ${route.path} must start with ${API_PREFIX}/`);
  }
  return [route.path, ALIAS_PREFIX + route.path.slice(API_PREFIX.length)];
}
