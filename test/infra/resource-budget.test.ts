/**
 * The stack's room to grow (docs/deploy.md, "Resource budget"): CloudFormation refuses a stack of more
 * than 500 resources, so today's stack stays within 60 % of that, and what a new route costs is known:
 * four resources for an API route whose access an HTTP function already has (its function, its
 * integration, its canonical and /v1 routes: API Gateway invokes every function as one role, so no
 * permission per function), two more (a role and its policy) when its access is new, none for a
 * dashboard page (a router entry of the dashboard's one function).
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import type { RouteDefinition } from '#platform/routes.ts';
import { PROJECT_ROOT } from '../../infra/functions.ts';
import { PostboxStack, type RouteTable, sharedRouteTable } from '../../infra/stack.ts';

const CLOUDFORMATION_RESOURCE_LIMIT = 500;
const BUDGET = 0.6 * CLOUDFORMATION_RESOURCE_LIMIT;

function resourceCount(table: RouteTable = sharedRouteTable): number {
  const cdkJson = JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'cdk.json'), 'utf8')) as {
    context?: Record<string, unknown>;
  };
  const app = new App({ context: { ...cdkJson.context, 'aws:cdk:bundling-stacks': [] } });
  const stack = new PostboxStack(app, 'Postbox', { routeTable: table });
  return Object.keys((Template.fromStack(stack).toJSON() as { Resources: object }).Resources).length;
}

/**
 * A route of its own handler module (routes naming the same module with the same access share one
 * function: the unsubscribe link's GET and POST), so each stands for a new route.
 */
const route = (
  path: string,
  access: RouteDefinition['access'],
  handler: string = sharedRouteTable.defaultRoute.handler,
): RouteDefinition => ({ method: 'POST', path, handler, access });
/** Another existing module, for a second new route. */
const otherHandler = 'functions/reference/openapi.ts';

describe('the stack’s resource budget', () => {
  const today = resourceCount();

  it(`uses at most 60 % of CloudFormation’s ${CLOUDFORMATION_RESOURCE_LIMIT} resources`, () => {
    expect(today).toBeLessThanOrEqual(BUDGET);
  });

  it('adds 4 resources per API route whose access exists, 6 when its access is new', () => {
    const withRoutes = (...routes: RouteDefinition[]) =>
      resourceCount({ ...sharedRouteTable, routes: [...sharedRouteTable.routes, ...routes] });
    expect(withRoutes(route('/api/v1/budget/a', { table: ['read'] })) - today).toBe(4);
    expect(
      withRoutes(
        route('/api/v1/budget/a', { table: ['read'] }),
        route('/api/v1/budget/b', { table: ['read'] }, otherHandler),
      ) - today,
    ).toBe(8);
    expect(withRoutes(route('/api/v1/budget/a', { table: ['read'], sendTo: ['send'], kms: ['decrypt'] })) - today).toBe(
      6,
    );
  });

  it('adds nothing per dashboard page', () => {
    const dashboard = {
      ...sharedRouteTable.dashboard,
      routes: [...sharedRouteTable.dashboard.routes, route('/dashboard/budget', { table: ['read'] })],
    };
    expect(resourceCount({ ...sharedRouteTable, dashboard }) - today).toBe(0);
  });

  // 50 again since API Gateway invokes the functions as one role (40 permissions fewer); it was 40
  // after the webhooks. Below 40, the API routes move to a nested stack (docs/deploy.md).
  it('leaves room under the hard limit for 50 more API routes, ten of them with access no function has yet', () => {
    expect(today + 50 * 4 + 10 * 2).toBeLessThanOrEqual(CLOUDFORMATION_RESOURCE_LIMIT);
  });
});
