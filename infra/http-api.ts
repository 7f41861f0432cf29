/**
 * The HTTP API: one function and integration per API route of the route table, each route also under
 * `/v1`, made in the `ApiRoutes` nested stack (what grows with every route has its own 500 resources);
 * the dashboard's one function behind `ANY /dashboard` and `ANY /dashboard/{proxy+}`, and the `$default`
 * route's function (404 or 405), in the stack. The routes come only from the declarations
 * (shared/app/routes.ts); the local gateway resolves requests the same way (matchGatewayRoute). What a
 * route costs: docs/deploy.md, "What the stack creates" (HTTP API) and "Resource budget".
 */
import { Lazy, NestedStack, Stack } from 'aws-cdk-lib';
import {
  HttpApi,
  HttpIntegrationType,
  HttpMethod,
  HttpRoute,
  HttpRouteIntegration,
  type HttpRouteIntegrationConfig,
  HttpRouteKey,
  IntegrationCredentials,
  PayloadFormatVersion,
} from 'aws-cdk-lib/aws-apigatewayv2';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';
import { routeId } from '#app/route-matching.ts';
import {
  ROUTE_TIMEOUT_SECONDS,
  type RouteDefinition,
  type RouteGroupDefinition,
  routePaths,
} from '#platform/routes.ts';
import type { ApiFunction } from './api-function.ts';
import type { FunctionFactory } from './functions.ts';

export interface RouteFunction {
  route: RouteDefinition;
  fn: ApiFunction;
}

export interface BuiltHttpApi {
  api: HttpApi;
  /** The nested stack holding the API routes' functions, integrations and routes. */
  routesStack: NestedStack;
  defaultRouteFunction: ApiFunction;
  routeFunctions: RouteFunction[];
  dashboardFunction: ApiFunction;
}

/**
 * A Lambda proxy integration (payload 2.0) that API Gateway invokes as `role`, instead of a resource
 * policy on each function: one role for every route costs 2 CloudFormation resources, where a
 * permission per function costs one each (40 today) — the stack's resource budget (docs/deploy.md).
 */
class RoleInvokedLambdaIntegration extends HttpRouteIntegration {
  constructor(
    id: string,
    private readonly handler: lambda.IFunction,
    private readonly role: iam.IRole,
  ) {
    super(id);
  }

  bind(): HttpRouteIntegrationConfig {
    return {
      type: HttpIntegrationType.AWS_PROXY,
      uri: this.handler.functionArn,
      payloadFormatVersion: PayloadFormatVersion.VERSION_2_0,
      credentials: IntegrationCredentials.fromRole(this.role),
    };
  }
}

export function createHttpApi(
  scope: Construct,
  routes: readonly RouteDefinition[],
  dashboard: RouteGroupDefinition,
  defaultRoute: Pick<RouteDefinition, 'handler' | 'access'>,
  functionFor: FunctionFactory,
): BuiltHttpApi {
  // API Gateway invokes every function of the API as this role, allowed exactly these functions.
  const invokeRole = new iam.Role(scope, 'ApiInvokeRole', {
    assumedBy: new iam.ServicePrincipal('apigateway.amazonaws.com'),
    description: "API Gateway invokes the API's functions as this role",
  });
  const invokable: string[] = [];
  invokeRole.addToPrincipalPolicy(
    new iam.PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: Lazy.list({ produce: () => invokable }) }),
  );
  const integrationOf = (id: string, fn: ApiFunction) => {
    // The function itself, unqualified (what the integration's URI names): no version or alias.
    invokable.push(fn.function.functionArn);
    return new RoleInvokedLambdaIntegration(id, fn.function, invokeRole);
  };
  // `$default` catches every request no route matches and answers 404 or 405.
  const defaultRouteFunction = functionFor(
    'UnmatchedRoute',
    defaultRoute,
    'http',
    ROUTE_TIMEOUT_SECONDS,
    'Postbox $default route (404/405)',
  );
  const api = new HttpApi(scope, 'HttpApi', {
    apiName: Stack.of(scope).stackName,
    // The `$default` stage, with its access log and throttling, is made in operations.ts.
    createDefaultStage: false,
    description: 'Postbox transactional email API',
    defaultIntegration: integrationOf('UnmatchedRouteIntegration', defaultRouteFunction),
  });

  const routesStack = new NestedStack(scope, 'ApiRoutes', {
    description: "Postbox's API routes: a function, an integration and two routes each",
  });
  // One function (and integration) per handler module and access: routes that name the same module
  // with the same access (the unsubscribe link's GET, HEAD and POST) share it.
  const functionKey = (route: RouteDefinition) => `${route.handler} ${JSON.stringify(route.access)}`;
  const byHandler = new Map<string, { fn: ApiFunction; integration: HttpRouteIntegration }>();
  const routeFunctions = routes.map((route) => {
    let built = byHandler.get(functionKey(route));
    if (!built) {
      const constructId = routeId(route);
      const methods = routes.filter((other) => functionKey(other) === functionKey(route)).map((other) => other.method);
      const fn = functionFor(
        constructId,
        route,
        'http',
        ROUTE_TIMEOUT_SECONDS,
        `Postbox ${methods.join(', ')} ${route.path}`,
        routesStack,
      );
      built = { fn, integration: integrationOf(`${constructId}Integration`, fn) };
      byHandler.set(functionKey(route), built);
    }
    for (const routePath of routePaths(route)) {
      // What api.addRoutes makes, in the nested stack (its integration is made with its first route).
      new HttpRoute(routesStack, `${routeId({ method: route.method, path: routePath })}Route`, {
        httpApi: api,
        routeKey: HttpRouteKey.with(routePath, HttpMethod[route.method]),
        integration: built.integration,
      });
    }
    return { route, fn: built.fn };
  });

  const dashboardFunction = functionFor(
    dashboard.name,
    dashboard,
    'http',
    ROUTE_TIMEOUT_SECONDS,
    `Postbox ${dashboard.name}: ${dashboard.routes.length} pages`,
  );
  const dashboardIntegration = integrationOf(`${dashboard.name}Integration`, dashboardFunction);
  for (const routePath of dashboard.gatewayPaths) {
    api.addRoutes({ path: routePath, methods: [HttpMethod.ANY], integration: dashboardIntegration });
  }

  return { api, routesStack, defaultRouteFunction, routeFunctions, dashboardFunction };
}
