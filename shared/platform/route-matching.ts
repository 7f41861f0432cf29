/** Resolving a request to its route the way API Gateway HTTP APIs do, and the routes' stable ids. */
import {
  API_PREFIX,
  apiRoutes,
  DASHBOARD_PREFIX,
  dashboardFunction,
  defaultRoute,
  type HttpMethod,
  isDashboardPath,
  type RouteDefinition,
  routePaths,
  routes,
} from '#platform/routes.ts';

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

/** The function API Gateway hands a request to, and the route key and path parameters it sends. */
export interface GatewayTarget {
  handler: string;
  /** The function's name in the local cloud (`postbox-local-<id>`). */
  functionId: string;
  routeKey: string;
  pathParameters?: Record<string, string>;
}

/**
 * Resolves a request to the function the deployed API invokes (infra/http-api.ts builds the same
 * routes): an API route's own function; the dashboard's function for `/dashboard` and every path
 * under it (`ANY /dashboard/{proxy+}`: the greedy variable needs at least one character); the
 * `$default` route's function otherwise.
 */
export function matchGatewayRoute(method: string, path: string): GatewayTarget {
  if (path === DASHBOARD_PREFIX) {
    return { handler: dashboardFunction.handler, functionId: dashboardFunction.name, routeKey: `ANY ${path}` };
  }
  if (path.startsWith(`${DASHBOARD_PREFIX}/`) && path.length > DASHBOARD_PREFIX.length + 1) {
    return {
      handler: dashboardFunction.handler,
      functionId: dashboardFunction.name,
      routeKey: `ANY ${DASHBOARD_PREFIX}/{proxy+}`,
      pathParameters: { proxy: decodeURIComponentSafe(path.slice(DASHBOARD_PREFIX.length + 1)) },
    };
  }
  const resolution = matchRoute(method, path);
  if ('match' in resolution && apiRoutes.includes(resolution.match.route)) {
    const { route, routeKey, pathParameters } = resolution.match;
    return { handler: route.handler, functionId: routeId(route), routeKey, pathParameters };
  }
  return { handler: defaultRoute.handler, functionId: 'default', routeKey: '$default' };
}
