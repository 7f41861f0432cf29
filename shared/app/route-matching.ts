/**
 * Resolving a request to its route the way API Gateway HTTP APIs do, and the routes' stable ids. It
 * reads the generated route table (no route's contract is loaded: the `$default` and dashboard
 * functions use it at run time) and the dashboard's page declarations.
 */
import { dashboardFunction, defaultRoute } from '#app/functions.ts';
import { functionRouteTable, type RouteTableEntry } from '#app/route-table.generated.ts';
import { dashboardPages } from '#dashboard/routes.ts';
import { API_PREFIX, type HttpMethod, type RouteDefinition, routePaths } from '#platform/routes.ts';

const routes: readonly RouteTableEntry[] = [...functionRouteTable, ...dashboardPages];
const functionRoutes: ReadonlySet<RouteTableEntry> = new Set(functionRouteTable);

/** A stable, readable identifier for a route, used for construct ids and function names. */
export function routeId(route: Pick<RouteDefinition, 'method' | 'path'>): string {
  const words = (route.path.startsWith(`${API_PREFIX}/`) ? route.path.slice(API_PREFIX.length) : route.path)
    .split('/')
    .filter(Boolean)
    .map((segment) =>
      segment.replace(/[{}]/g, '').replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? '').toUpperCase()),
    )
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1));
  return route.method.charAt(0) + route.method.slice(1).toLowerCase() + words.join('');
}

export interface RouteMatch {
  route: RouteTableEntry;
  pathParameters: Record<string, string>;
  /** API Gateway route key of the path that matched (canonical or alias). */
  routeKey: string;
}

interface CompiledPath {
  route: RouteTableEntry;
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
 * A request's match against one of a group's API Gateway paths: the exact path, or `<prefix>/{proxy+}`,
 * whose greedy variable takes the rest of the path (at least one character, as API Gateway requires).
 */
function matchGatewayPath(gatewayPath: string, path: string): Record<string, string> | undefined {
  const greedy = '/{proxy+}';
  if (!gatewayPath.endsWith(greedy)) return gatewayPath === path ? {} : undefined;
  const prefix = `${gatewayPath.slice(0, -greedy.length)}/`;
  if (!path.startsWith(prefix) || path.length === prefix.length) return undefined;
  return { proxy: decodeURIComponentSafe(path.slice(prefix.length)) };
}

/**
 * Resolves a request to the function the deployed API invokes, from the same route table
 * infra/http-api.ts builds the API from: the dashboard's function for the paths of its
 * `gatewayPaths` (every method); an API route's own function; the `$default` route's otherwise.
 */
export function matchGatewayRoute(method: string, path: string): GatewayTarget {
  for (const gatewayPath of dashboardFunction.gatewayPaths) {
    const pathParameters = matchGatewayPath(gatewayPath, path);
    if (pathParameters) {
      return {
        handler: dashboardFunction.handler,
        functionId: dashboardFunction.name,
        routeKey: `ANY ${gatewayPath}`,
        ...(Object.keys(pathParameters).length > 0 ? { pathParameters } : {}),
      };
    }
  }
  const resolution = matchRoute(method, path);
  if ('match' in resolution && functionRoutes.has(resolution.match.route)) {
    const { route, routeKey, pathParameters } = resolution.match;
    return { handler: route.handler, functionId: routeId(route), routeKey, pathParameters };
  }
  return { handler: defaultRoute.handler, functionId: 'default', routeKey: '$default' };
}
