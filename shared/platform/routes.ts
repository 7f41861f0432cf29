/**
 * The route table: the single source of every HTTP route, queue consumer and scheduled function.
 * The CDK stack creates one Lambda function per entry (granting exactly the declared
 * access) and the local gateway serves exactly these routes. Nothing here imports a
 * handler, so infrastructure code can read it without loading runtime configuration.
 */
import type { QueueName } from '#platform/queues.ts';
import type { IndexName } from '#platform/table.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Table access a handler needs beyond what the shared middleware uses
 * (see middlewareTableActions). Each level maps to an explicit IAM action list.
 */
export type TableAccess = 'read' | 'write' | 'update';

export const tableActions: Record<TableAccess, readonly string[]> = {
  read: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'],
  // ConditionCheckItem is only used inside write transactions.
  write: [
    'dynamodb:PutItem',
    'dynamodb:UpdateItem',
    'dynamodb:DeleteItem',
    'dynamodb:BatchWriteItem',
    'dynamodb:ConditionCheckItem',
  ],
  // Change existing items and add events (recordFailed's transaction puts them): no reads, no deletes.
  update: ['dynamodb:UpdateItem', 'dynamodb:PutItem'],
};

/** What every HTTP handler's middleware does: read an API key, count a rate-limit window. */
export const middlewareTableActions: readonly string[] = ['dynamodb:GetItem', 'dynamodb:UpdateItem'];

/**
 * The only partition keys the middleware reaches, as IAM `StringLike` patterns for
 * `dynamodb:LeadingKeys`: API-key items (`APIKEY#<hash>`) and rate-limit windows
 * (`RATE#...`). The keys are built in shared/dynamo/keys.ts (keys.apiKey and
 * keys.rateLimitWindow); a change of prefix there must be made here too.
 */
export const middlewarePartitionKeyPrefixes: readonly string[] = ['APIKEY#*', 'RATE#*'];

/**
 * The non-key attributes the middleware's UpdateItem calls name (in the update or the
 * condition): `last_used_at` (touchApiKeyLastUsed, shared/accounts/api-key.store.ts), `request_count`
 * and `expires_at` (countRequest, shared/http/rate-limit.store.ts). Its IAM statement allows
 * updates of these and the primary key attributes only.
 */
export const middlewareUpdatedAttributes: readonly string[] = ['last_used_at', 'request_count', 'expires_at'];

/** The `ReturnValues` the middleware's UpdateItem calls use (never ALL_OLD / ALL_NEW). */
export const middlewareUpdateReturnValues: readonly string[] = ['NONE', 'UPDATED_NEW'];

/** KMS operations on the deployment's key (DKIM private keys are kept encrypted with it). */
export type KeyAccess = 'encrypt' | 'decrypt';
/**
 * SES operations: `identities` = create a domain identity and set its BYODKIM key;
 * `send` = send email from the verified identities.
 */
export type SesAccess = 'identities' | 'send';

export const sesActions: Record<SesAccess, readonly string[]> = {
  identities: ['ses:CreateEmailIdentity', 'ses:PutEmailIdentityDkimSigningAttributes'],
  send: ['ses:SendEmail'],
};

export interface ResourceAccess {
  table?: readonly TableAccess[];
  /** Queues the handler sends messages to. */
  sendTo?: readonly QueueName[];
  /** Indexes the handler may Query (on the index only, not the table): beyond `read`, for functions without it. */
  indexQuery?: readonly IndexName[];
  /**
   * Queues whose received messages the handler hides for longer (sqs:ChangeMessageVisibility:
   * the retry backoff of a consumer). The function is given the queue's URL.
   */
  changeVisibility?: readonly QueueName[];
  kms?: readonly KeyAccess[];
  ses?: readonly SesAccess[];
}

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

export const routes: readonly RouteDefinition[] = [
  {
    method: 'GET',
    path: '/api/v1/settings/auto-validation',
    handler: 'functions/settings/get-auto-validation.ts',
    access: { table: ['read'] },
  },
  {
    method: 'PUT',
    path: '/api/v1/settings/auto-validation',
    handler: 'functions/settings/put-auto-validation.ts',
    access: { table: ['write'] },
  },
  {
    method: 'POST',
    path: '/api/v1/domains',
    handler: 'functions/domains/create.ts',
    access: { table: ['read', 'write'], kms: ['encrypt'] },
  },
  { method: 'GET', path: '/api/v1/domains', handler: 'functions/domains/list.ts', access: { table: ['read'] } },
  {
    method: 'GET',
    path: '/api/v1/domains/{id}/verify',
    handler: 'functions/domains/verify.ts',
    access: { table: ['read', 'write'], kms: ['decrypt'], ses: ['identities'] },
  },
  {
    method: 'POST',
    path: '/api/v1/emails/send',
    handler: 'functions/emails/send.ts',
    access: { table: ['read', 'write'], sendTo: ['send'] },
  },
  {
    method: 'POST',
    path: '/api/v1/emails/validate',
    handler: 'functions/emails/validate.ts',
    access: { table: ['read'] },
  },
  {
    method: 'POST',
    path: '/api/v1/emails/validate/batch',
    handler: 'functions/emails/validate-batch.ts',
    access: { table: ['read'] },
  },
  {
    method: 'POST',
    path: '/api/v1/emails/batch',
    handler: 'functions/emails/batch.ts',
    access: { table: ['read', 'write'], sendTo: ['send'] },
  },
  { method: 'GET', path: '/api/v1/emails', handler: 'functions/emails/list.ts', access: { table: ['read'] } },
  { method: 'GET', path: '/api/v1/emails/{id}', handler: 'functions/emails/get.ts', access: { table: ['read'] } },
  {
    method: 'POST',
    path: '/api/v1/emails/{id}/cancel',
    handler: 'functions/emails/cancel.ts',
    access: { table: ['read', 'write'] },
  },
  {
    method: 'GET',
    path: '/api/v1/suppressions',
    handler: 'functions/suppressions/list.ts',
    access: { table: ['read'] },
  },
  {
    method: 'POST',
    path: '/api/v1/suppressions',
    handler: 'functions/suppressions/create.ts',
    access: { table: ['read', 'write'] },
  },
  {
    method: 'DELETE',
    path: '/api/v1/suppressions/{id}',
    handler: 'functions/suppressions/delete.ts',
    access: { table: ['read', 'write'] },
  },
  {
    method: 'POST',
    path: '/api/v1/templates',
    handler: 'functions/templates/create.ts',
    access: { table: ['write'] },
  },
  { method: 'GET', path: '/api/v1/templates', handler: 'functions/templates/list.ts', access: { table: ['read'] } },
  {
    method: 'GET',
    path: '/api/v1/templates/{id}',
    handler: 'functions/templates/get.ts',
    access: { table: ['read'] },
  },
  {
    method: 'PUT',
    path: '/api/v1/templates/{id}',
    handler: 'functions/templates/update.ts',
    access: { table: ['read', 'write'] },
  },
  {
    method: 'DELETE',
    path: '/api/v1/templates/{id}',
    handler: 'functions/templates/delete.ts',
    access: { table: ['update'] },
  },
  {
    method: 'POST',
    path: '/api/v1/templates/{id}/preview',
    handler: 'functions/templates/preview.ts',
    access: { table: ['read'] },
  },
  ...dashboardRoutes(),
];

/**
 * The dashboard's pages (functions/dashboard). Every signed-in page needs `read` (its session is
 * read before the page runs); pages that change something add `write`. The assets declare no
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
    page('GET', '/emails', 'emails/list.ts'),
    page('GET', '/emails/{id}', 'emails/detail.ts'),
    page('GET', '/emails/{id}/body', 'emails/body.ts'),
    page('GET', '/domains', 'domains/list.ts'),
    page('POST', '/domains', 'domains/create.ts', { table: ['read', 'write'], kms: ['encrypt'] }),
    page('POST', '/domains/{id}/verify', 'domains/verify.ts', {
      table: ['read', 'write'],
      kms: ['decrypt'],
      ses: ['identities'],
    }),
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
    access: { table: ['read', 'write'], ses: ['send'], changeVisibility: ['send'] },
    batchSize: 10,
    // Caps concurrent SES calls (~10 × 5 in flight) well under SES's default send rate.
    maxConcurrency: 5,
  },
];

export const isDashboardPath = (path: string): boolean =>
  path === DASHBOARD_PREFIX || path.startsWith(`${DASHBOARD_PREFIX}/`);

/** The paths a route answers on: an API route's canonical /api/v1 one and the /v1 alias; a page's own. */
export function routePaths(route: Pick<RouteDefinition, 'path'>): string[] {
  if (isDashboardPath(route.path)) return [route.path];
  if (!route.path.startsWith(`${API_PREFIX}/`)) {
    throw new Error(`Route path ${route.path} must start with ${API_PREFIX}/`);
  }
  return [route.path, ALIAS_PREFIX + route.path.slice(API_PREFIX.length)];
}

/** A stable, readable identifier for a route, used for construct ids and function names. */
export function routeId(route: Pick<RouteDefinition, 'method' | 'path'>): string {
  const words = (isDashboardPath(route.path) ? route.path : route.path.slice(API_PREFIX.length))
    .split('/')
    .filter(Boolean)
    .map((segment) =>
      segment.replace(/[{}]/g, '').replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? '').toUpperCase()),
    )
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1));
  return route.method.charAt(0) + route.method.slice(1).toLowerCase() + words.join('');
}

export interface RouteMatch {
  route: RouteDefinition;
  pathParameters: Record<string, string>;
  /** API Gateway route key of the path that matched (canonical or alias). */
  routeKey: string;
}

interface CompiledPath {
  route: RouteDefinition;
  template: string;
  segments: string[];
  literalCount: number;
}

const compiled: CompiledPath[] = routes.flatMap((route) =>
  routePaths(route).map((template) => {
    const segments = template.split('/').slice(1);
    return { route, template, segments, literalCount: segments.filter((s) => !s.startsWith('{')).length };
  }),
);

function matchSegments(segments: string[], path: string): Record<string, string> | undefined {
  const parts = path.split('/').slice(1);
  if (parts.length !== segments.length) return undefined;
  const params: Record<string, string> = {};
  for (const [index, segment] of segments.entries()) {
    const part = parts[index] ?? '';
    if (segment.startsWith('{')) {
      if (part === '') return undefined;
      params[segment.slice(1, -1)] = decodeURIComponentSafe(part);
    } else if (segment !== part) {
      return undefined;
    }
  }
  return params;
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * Resolves a request the way API Gateway HTTP APIs do: literal segments win over
 * path variables. Returns the match, or which methods the path allows (for 405).
 */
export function matchRoute(method: string, path: string): { match: RouteMatch } | { allowedMethods: HttpMethod[] } {
  const candidates = compiled
    .map((entry) => ({ entry, params: matchSegments(entry.segments, path) }))
    .filter((c): c is { entry: CompiledPath; params: Record<string, string> } => c.params !== undefined)
    .sort((a, b) => b.entry.literalCount - a.entry.literalCount);
  const hit = candidates.find((c) => c.entry.route.method === method.toUpperCase());
  if (hit) {
    return {
      match: {
        route: hit.entry.route,
        pathParameters: hit.params,
        routeKey: `${hit.entry.route.method} ${hit.entry.template}`,
      },
    };
  }
  return { allowedMethods: [...new Set(candidates.map((c) => c.entry.route.method))] };
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
