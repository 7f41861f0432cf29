/**
 * The route table: the single source of every HTTP route, queue consumer and scheduled function.
 * The CDK stack creates one Lambda function per entry (granting exactly the declared access:
 * route-access.ts) and the local gateway serves exactly these routes (route-matching.ts). Nothing
 * here imports a handler, so infrastructure code can read it without loading runtime configuration.
 */

import type { QueueName } from '#platform/queues.ts';
import type { ResourceAccess } from '#platform/route-access.ts';

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteDefinition {
  method: HttpMethod;
  /** Canonical path in API Gateway syntax, e.g. /api/v1/domains/{id}/verify. */
  path: string;
  /** Module (relative to the repository root) exporting `handler`. */
  handler: string;
  access: ResourceAccess;
}

export interface ConsumerDefinition {
  queue: QueueName;
  handler: string;
  access: ResourceAccess;
  batchSize: number;
  /** Cap on concurrent invocations (event source mapping maximum concurrency, ≥ 2). */
  maxConcurrency: number;
}

/** HTTP functions answer well within API Gateway's 30 s integration limit. */
export const ROUTE_TIMEOUT_SECONDS = 10;

/** A function fed by notifications published to an SNS topic (e.g. SES delivery events). */
export interface NotificationHandlerDefinition {
  /** `ses-events`: the SES configuration set's event destination. */
  source: 'ses-events';
  handler: string;
  access: ResourceAccess;
}

export const API_PREFIX = '/api/v1';
/** The spec's code samples use /v1/...; every route answers there too. */
export const ALIAS_PREFIX = '/v1';
/** Server-rendered dashboard pages (HTML, session cookie): no /v1 alias. */
export const DASHBOARD_PREFIX = '/dashboard';
/** The API reference page (HTML rendering the OpenAPI document): no /v1 alias, no key. */
export const REFERENCE_PREFIX = '/docs';

/** An API route: `path` under /api/v1, `handler` under functions/. */
function api(method: HttpMethod, path: string, handler: string, access: ResourceAccess): RouteDefinition {
  return { method, path: API_PREFIX + path, handler: `functions/${handler}`, access };
}

/** The API's routes: each is its own Lambda function with exactly its declared access. */
export const apiRoutes: readonly RouteDefinition[] = [
  api('GET', '/settings/auto-validation', 'settings/get-auto-validation.ts', { table: ['read'] }),
  api('PUT', '/settings/auto-validation', 'settings/put-auto-validation.ts', { table: ['write'] }),
  api('GET', '/settings/sending', 'settings/get-sending.ts', { table: ['read'] }),
  api('GET', '/settings/tracking', 'settings/get-tracking.ts', { table: ['read'] }),
  api('PUT', '/settings/tracking', 'settings/put-tracking.ts', { table: ['write'] }),
  api('POST', '/domains', 'domains/create.ts', { table: ['read', 'write'], kms: ['encrypt'] }),
  api('GET', '/domains', 'domains/list.ts', { table: ['read'] }),
  api('GET', '/domains/{id}/verify', 'domains/verify.ts', {
    table: ['read', 'write'],
    kms: ['decrypt'],
    ses: ['identities'],
  }),
  // No SES access: the next verify gives the SES identity the new MAIL FROM (verify's `identities`).
  api('PATCH', '/domains/{id}', 'domains/update.ts', { table: ['read', 'write'] }),
  api('POST', '/emails/send', 'emails/send.ts', {
    table: ['read', 'write'],
    sendTo: ['send'],
    attachments: ['store'],
  }),
  api('POST', '/emails/validate', 'emails/validate.ts', { table: ['read'] }),
  api('POST', '/emails/validate/batch', 'emails/validate-batch.ts', { table: ['read'] }),
  api('POST', '/emails/batch', 'emails/batch.ts', {
    table: ['read', 'write'],
    sendTo: ['send'],
    attachments: ['store'],
  }),
  api('POST', '/attachments', 'attachments/create.ts', { table: ['write'], attachments: ['upload'] }),
  api('GET', '/emails', 'emails/list.ts', { table: ['read'] }),
  api('GET', '/emails/{id}', 'emails/get.ts', { table: ['read'] }),
  api('POST', '/emails/{id}/cancel', 'emails/cancel.ts', { table: ['read', 'write'] }),
  api('GET', '/suppressions', 'suppressions/list.ts', { table: ['read'] }),
  api('POST', '/suppressions', 'suppressions/create.ts', { table: ['read', 'write'] }),
  api('DELETE', '/suppressions/{id}', 'suppressions/delete.ts', { table: ['read', 'write'] }),
  api('POST', '/templates', 'templates/create.ts', { table: ['write'] }),
  api('GET', '/templates', 'templates/list.ts', { table: ['read'] }),
  api('GET', '/templates/{id}', 'templates/get.ts', { table: ['read'] }),
  api('PUT', '/templates/{id}', 'templates/update.ts', { table: ['read', 'write'] }),
  api('DELETE', '/templates/{id}', 'templates/delete.ts', { table: ['update'] }),
  api('POST', '/templates/{id}/preview', 'templates/preview.ts', { table: ['read'] }),
  api('GET', '/metrics', 'metrics/get.ts', { table: ['read'] }),
  api('POST', '/webhooks', 'webhooks/create.ts', { table: ['write'] }),
  api('GET', '/webhooks', 'webhooks/list.ts', { table: ['read'] }),
  api('GET', '/webhooks/{id}', 'webhooks/get.ts', { table: ['read'] }),
  api('PATCH', '/webhooks/{id}', 'webhooks/update.ts', { table: ['read', 'write'] }),
  api('DELETE', '/webhooks/{id}', 'webhooks/delete.ts', { table: ['write'] }),
  api('POST', '/webhooks/{id}/rotate-secret', 'webhooks/rotate-secret.ts', { table: ['read', 'write'] }),
  api('POST', '/webhooks/{id}/test', 'webhooks/test.ts', { table: ['read', 'write'] }),
  api('GET', '/webhooks/{id}/deliveries', 'webhooks/list-deliveries.ts', { table: ['read'] }),
  api('GET', '/webhooks/{id}/deliveries/{delivery_id}', 'webhooks/get-delivery.ts', { table: ['read'] }),
  api('POST', '/webhooks/{id}/deliveries/{delivery_id}/retry', 'webhooks/retry-delivery.ts', {
    table: ['read', 'write'],
    sendTo: ['webhooks'],
  }),
  // The OpenAPI document: public (rate limited per source IP by the shared stack's base access).
  api('GET', '/openapi.json', 'reference/openapi.ts', {}),
];

/**
 * The API reference at /docs: the page (Scalar rendering GET /api/v1/openapi.json, with "try it"
 * against this deployment) and its script, served from the @scalar/api-reference package. Public;
 * each its own function (the script's function carries the 4 MB file, the page's none).
 */
export const referenceRoutes: readonly RouteDefinition[] = [
  { method: 'GET', path: REFERENCE_PREFIX, handler: 'functions/reference/page.ts', access: {} },
  { method: 'GET', path: `${REFERENCE_PREFIX}/assets/{file}`, handler: 'functions/reference/asset.ts', access: {} },
];

/** Where Postbox's one-click unsubscribe links point (shared/unsubscribe): no /v1 alias, no key. */
export const UNSUBSCRIBE_PREFIX = '/unsubscribe';

/**
 * Postbox's one-click unsubscribe link (`list_unsubscribe: true`): GET shows a confirmation page, HEAD
 * answers as GET without the page (link scanners check links with it; it never unsubscribes), POST
 * (RFC 8058, as mailbox providers send it) unsubscribes. Public, rate limited per source IP in a window
 * of their own; they read the email and write its event and the suppression.
 */
export const unsubscribeRoutes: readonly RouteDefinition[] = [
  {
    method: 'GET',
    path: `${UNSUBSCRIBE_PREFIX}/{token}`,
    handler: 'functions/unsubscribe/link.ts',
    access: { table: ['read', 'write'] },
  },
  {
    method: 'HEAD',
    path: `${UNSUBSCRIBE_PREFIX}/{token}`,
    handler: 'functions/unsubscribe/link.ts',
    access: { table: ['read', 'write'] },
  },
  {
    method: 'POST',
    path: `${UNSUBSCRIBE_PREFIX}/{token}`,
    handler: 'functions/unsubscribe/link.ts',
    access: { table: ['read', 'write'] },
  },
];

/** Routes with a Lambda function of their own: the API's, the reference's and the unsubscribe link's. */
export const functionRoutes: readonly RouteDefinition[] = [...apiRoutes, ...referenceRoutes, ...unsubscribeRoutes];

/** The dashboard's pages: one Lambda function serves them all (dashboardFunction). */
export const dashboardPages: readonly RouteDefinition[] = dashboardRoutes();

/** Every route of the table, API, reference and dashboard: what a request is matched against (route-matching.ts). */
export const routes: readonly RouteDefinition[] = [...functionRoutes, ...dashboardPages];

/**
 * The dashboard's pages (functions/dashboard). Every signed-in page needs `read` (its session is
 * read before the page runs); pages that change something add `write`; a webhook delivery's retry
 * sends to the webhook queue. The assets declare no
 * table access; the sign-in form reads (and on first use creates, with a conditional put) the
 * secret its signed token is made with (shared/accounts/server-secret.store.ts).
 */
function dashboardRoutes(): RouteDefinition[] {
  const page = (method: HttpMethod, path: string, handler: string, access: ResourceAccess = { table: ['read'] }) => ({
    method,
    path: DASHBOARD_PREFIX + path,
    handler: `functions/dashboard/${handler}`,
    access,
  });
  const readWrite: ResourceAccess = { table: ['read', 'write'] };
  return [
    page('GET', '', 'home.ts'),
    page('GET', '/assets/{file}', 'asset.ts', {}),
    page('GET', '/sign-in', 'sign-in-page.ts', { table: ['read', 'update'] }),
    page('POST', '/sign-in', 'sign-in.ts', readWrite),
    page('POST', '/sign-out', 'sign-out.ts', readWrite),
    page('GET', '/overview', 'overview.ts', { table: ['read'] }),
    page('GET', '/emails', 'emails/list.ts'),
    page('GET', '/emails/{id}', 'emails/detail.ts'),
    page('GET', '/emails/{id}/body', 'emails/body.ts'),
    // attachments: a 302 to a presigned GET of the attachment's blob (signed with the function's own grant).
    page('GET', '/emails/{id}/attachments/{index}', 'emails/attachment.ts', { table: ['read'], attachments: ['read'] }),
    page('GET', '/domains', 'domains/list.ts'),
    page('POST', '/domains', 'domains/create.ts', { table: ['read', 'write'], kms: ['encrypt'] }),
    page('POST', '/domains/{id}/verify', 'domains/verify.ts', {
      table: ['read', 'write'],
      kms: ['decrypt'],
      ses: ['identities'],
    }),
    page('POST', '/domains/{id}/mail-from', 'domains/mail-from.ts', readWrite),
    page('GET', '/suppressions', 'suppressions/list.ts'),
    page('POST', '/suppressions', 'suppressions/create.ts', readWrite),
    page('POST', '/suppressions/{id}/delete', 'suppressions/delete.ts', readWrite),
    page('GET', '/templates', 'templates/list.ts'),
    page('GET', '/templates/{id}', 'templates/detail.ts'),
    page('GET', '/templates/{id}/preview', 'templates/preview.ts'),
    page('GET', '/settings/api-keys', 'settings/api-keys.ts'),
    page('POST', '/settings/api-keys', 'settings/create-api-key.ts', readWrite),
    page('GET', '/settings/api-keys/{id}/revoke', 'settings/confirm-revoke.ts'),
    page('POST', '/settings/api-keys/{id}/revoke', 'settings/revoke-api-key.ts', readWrite),
    page('GET', '/settings/auto-validation', 'settings/auto-validation.ts'),
    page('POST', '/settings/auto-validation', 'settings/save-auto-validation.ts', readWrite),
    page('GET', '/settings/tracking', 'settings/tracking.ts'),
    page('POST', '/settings/tracking', 'settings/save-tracking.ts', readWrite),
    page('GET', '/settings/webhooks', 'settings/webhooks/list.ts'),
    page('POST', '/settings/webhooks', 'settings/webhooks/create.ts', readWrite),
    page('GET', '/settings/webhooks/{id}', 'settings/webhooks/detail.ts'),
    page('POST', '/settings/webhooks/{id}', 'settings/webhooks/update.ts', readWrite),
    page('POST', '/settings/webhooks/{id}/rotate-secret', 'settings/webhooks/rotate-secret.ts', readWrite),
    page('POST', '/settings/webhooks/{id}/test', 'settings/webhooks/test.ts', readWrite),
    page('GET', '/settings/webhooks/{id}/delete', 'settings/webhooks/confirm-delete.ts'),
    page('POST', '/settings/webhooks/{id}/delete', 'settings/webhooks/delete.ts', readWrite),
    page('GET', '/settings/webhooks/{id}/deliveries/{delivery_id}', 'settings/webhooks/delivery.ts'),
    // sendTo: a retry queues the delivery's next attempt (as the API's retry does).
    page('POST', '/settings/webhooks/{id}/deliveries/{delivery_id}/retry', 'settings/webhooks/retry-delivery.ts', {
      table: ['read', 'write'],
      sendTo: ['webhooks'],
    }),
  ];
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

/** The dashboard: one function, its router (functions/dashboard/router.ts) dispatches to the page's handler. */
export const dashboardFunction: RouteGroupDefinition = {
  name: 'Dashboard',
  handler: 'functions/dashboard/router.ts',
  routes: dashboardPages,
  gatewayPaths: [DASHBOARD_PREFIX, `${DASHBOARD_PREFIX}/{proxy+}`],
  access: unionOfAccess(dashboardPages),
};

/**
 * Every entry that deploys as a Lambda function, each once: `$default`, each API route, the
 * dashboard (one function for its pages), each consumer, notification handler and scheduled function.
 */
export function deployedFunctions(): Array<Pick<RouteDefinition, 'handler' | 'access'>> {
  return [
    defaultRoute,
    ...functionRoutes,
    dashboardFunction,
    ...consumers,
    ...notificationHandlers,
    ...scheduledFunctions,
  ];
}

/** API Gateway's `$default` route: answers 404 or 405 in the error envelope (an HTML page under /dashboard). */
export const defaultRoute = {
  handler: 'functions/unmatched-route.ts',
  access: {},
} as const satisfies Pick<RouteDefinition, 'handler' | 'access'>;

export const consumers: readonly ConsumerDefinition[] = [
  {
    queue: 'send',
    handler: 'functions/consumers/send-email.ts',
    // sendTo: a message deferred by SES pacing is queued afresh (send-consumer.service.ts).
    access: {
      table: ['read', 'write'],
      ses: ['send'],
      changeVisibility: ['send'],
      sendTo: ['send'],
      attachments: ['read'],
    },
    batchSize: 10,
    // Caps concurrent SES calls (~10 × 5 in flight) well under SES's default send rate.
    maxConcurrency: 5,
  },
  {
    queue: 'webhooks',
    handler: 'functions/consumers/webhook-deliveries.ts',
    // sendTo: retries and busy-endpoint deferrals are new messages; changeVisibility: a record that
    // failed comes back after a short backoff instead of the visibility timeout.
    access: { table: ['read', 'write'], sendTo: ['webhooks'], changeVisibility: ['webhooks'] },
    batchSize: 10,
    // Attempts in flight: 10 records × 10 invocations; per endpoint capped by its slots (5).
    maxConcurrency: 10,
  },
];

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
  /** Lambda event filter patterns: a record matching any is passed on (the others cost nothing). */
  filterPatterns: ReadonlyArray<Record<string, unknown>>;
}

export const streamHandlers: readonly StreamHandlerDefinition[] = [
  {
    // Webhook fan-out (shared/webhooks/webhook-fanout.service.ts): reads the endpoints and the
    // events' emails, writes deliveries (transactions with their counters), queues them.
    name: 'webhook-fanout',
    handler: 'functions/consumers/webhook-fanout.ts',
    access: { table: ['read', 'write'], tableStream: ['read'], sendTo: ['webhooks'] },
    batchSize: 100,
    filterPatterns: [
      // An email's event (delivered, bounced, opened, …).
      { eventName: ['INSERT'], dynamodb: { NewImage: { type: { S: ['email_event'] } } } },
      // The hand-over: the email gains its SES message id (email.sent).
      {
        eventName: ['MODIFY'],
        dynamodb: {
          NewImage: { type: { S: ['email'] }, ses_message_id: { S: [{ exists: true }] } },
          OldImage: { ses_message_id: { S: [{ exists: false }] } },
        },
      },
      // A suppression added or removed.
      { eventName: ['INSERT', 'REMOVE'], dynamodb: { Keys: { SK: { S: ['SUPP'] } } } },
      // A domain verified.
      {
        eventName: ['MODIFY'],
        dynamodb: {
          NewImage: { type: { S: ['domain'] }, is_verified: { BOOL: [true] } },
          OldImage: { is_verified: { BOOL: [false] } },
        },
      },
      // The sending guard paused an environment (its pause appears on the organization).
      ...(['sending_paused_live', 'sending_paused_test'] as const).map((attribute) => ({
        eventName: ['MODIFY'],
        dynamodb: {
          NewImage: { type: { S: ['organization'] }, [attribute]: { M: { paused_at: { S: [{ exists: true }] } } } },
          OldImage: { [attribute]: { M: { paused_at: { S: [{ exists: false }] } } } },
        },
      })),
    ],
  },
  {
    // Deliverability counters (shared/deliverability/metric-counting.service.ts): reads the events'
    // emails, adds the batch's counts in transactions. The stream's second (and last advisable) reader.
    name: 'metrics-counter',
    handler: 'functions/consumers/metrics-counter.ts',
    access: { table: ['read', 'write'], tableStream: ['read'] },
    batchSize: 1000,
    filterPatterns: [
      // A counted event (delivered, bounced, complained, opened, clicked, failed, unsubscribed).
      {
        eventName: ['INSERT'],
        // (deliverability/metric-counts.ts COUNTED_EVENT_TYPES: a test keeps the two the same)
        dynamodb: {
          NewImage: {
            type: { S: ['email_event'] },
            event_type: { S: ['delivered', 'bounced', 'complained', 'opened', 'clicked', 'failed', 'unsubscribed'] },
          },
        },
      },
      // The hand-over (sent).
      {
        eventName: ['MODIFY'],
        dynamodb: {
          NewImage: { type: { S: ['email'] }, ses_message_id: { S: [{ exists: true }] } },
          OldImage: { ses_message_id: { S: [{ exists: false }] } },
        },
      },
    ],
  },
];

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

export const notificationHandlers: readonly NotificationHandlerDefinition[] = [
  { source: 'ses-events', handler: 'functions/consumers/ses-events.ts', access: { table: ['read', 'write'] } },
];

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

export const scheduledFunctions: readonly ScheduledFunctionDefinition[] = [
  {
    // Releases scheduled emails, sweeps lost ones and finishes handed-over ones whose outcome never
    // came (shared/emails/schedule/scheduler.service.ts): Query the due index, send to the queue, update emails (and
    // put the failed event of one it gives up on); to finish, read an email's collection and apply
    // events as SES events are applied (event puts, status and count updates, soft-bounce counts,
    // suppressions: their transactions and lookups).
    name: 'scheduler',
    handler: 'functions/scheduler/run.ts',
    access: { table: ['read', 'write'], indexQuery: ['GSI2'], sendTo: ['send'] },
    everyMinutes: 1,
    // Under the one-minute period, so runs rarely overlap (an overlap is harmless).
    timeoutSeconds: 50,
  },
];
