/**
 * The HTTP API: one function and one integration per route of the route table, each route
 * also under `/v1` (routePaths), and the `$default` route's function, which answers every
 * request no route matches with 404 or 405. The routes come only from shared/platform/routes.ts,
 * which the local gateway serves too.
 */
import { HttpApi, HttpMethod } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { Construct } from 'constructs';
import { routeId } from '#platform/route-matching.ts';
import { ROUTE_TIMEOUT_SECONDS, type RouteDefinition, routePaths } from '#platform/routes.ts';
import type { ApiFunction } from './api-function.ts';
import type { FunctionFactory } from './functions.ts';

export interface RouteFunction {
  route: RouteDefinition;
  fn: ApiFunction;
}

export interface BuiltHttpApi {
  api: HttpApi;
  defaultRouteFunction: ApiFunction;
  routeFunctions: RouteFunction[];
}

export function createHttpApi(
  scope: Construct,
  routes: readonly RouteDefinition[],
  defaultRoute: Pick<RouteDefinition, 'handler' | 'access'>,
  functionFor: FunctionFactory,
): BuiltHttpApi {
  // `$default` catches every request no route matches and answers 404 or 405.
  const defaultRouteFunction = functionFor(
    'UnmatchedRoute',
    defaultRoute,
    'http',
    ROUTE_TIMEOUT_SECONDS,
    'Postbox $default route (404/405)',
  );
  const api = new HttpApi(scope, 'HttpApi', {
    apiName: 'postbox',
    description: 'Postbox transactional email API',
    defaultIntegration: new HttpLambdaIntegration('UnmatchedRouteIntegration', defaultRouteFunction.function),
  });

  const routeFunctions = routes.map((route) => {
    const constructId = routeId(route);
    const fn = functionFor(constructId, route, 'http', ROUTE_TIMEOUT_SECONDS, `Postbox ${route.method} ${route.path}`);
    const integration = new HttpLambdaIntegration(`${constructId}Integration`, fn.function);
    for (const routePath of routePaths(route)) {
      api.addRoutes({ path: routePath, methods: [HttpMethod[route.method]], integration });
    }
    return { route, fn };
  });

  return { api, defaultRouteFunction, routeFunctions };
}
