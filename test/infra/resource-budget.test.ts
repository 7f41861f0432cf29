/**
 * The stacks' room to grow (docs/deploy.md, "Resource budget"): CloudFormation refuses a stack of more
 * than 500 resources. The API routes live in a nested stack of their own: four resources each there (its
 * function, integration, canonical and /v1 routes), plus a role and its policy in the stack when its access
 * is new; a dashboard page costs nothing. Both stay within 60 % of the limit, with room for more, also
 * with email receiving on (its receipt rule and what it needs are in the stack).
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { App } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import type { RouteDefinition } from '#platform/routes.ts';
import { PROJECT_ROOT } from '../../infra/functions.ts';
import { PostboxStack, type PostboxStackProps, type RouteTable, sharedRouteTable } from '../../infra/stack.ts';
import { synthesizedStack } from '../support/synthesized-stack.ts';

const CLOUDFORMATION_RESOURCE_LIMIT = 500;
const BUDGET = 0.6 * CLOUDFORMATION_RESOURCE_LIMIT;

/** Resources of the stack itself (its nested stack counting one) and of the API routes' nested stack. */
function resourceCount(
  table: RouteTable = sharedRouteTable,
  props: Omit<PostboxStackProps, 'routeTable'> = {},
): { stack: number; routes: number } {
  const cdkJson = JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'cdk.json'), 'utf8')) as {
    context?: Record<string, unknown>;
  };
  const app = new App({ context: { ...cdkJson.context, 'aws:cdk:bundling-stacks': [] } });
  const synthesized = synthesizedStack(new PostboxStack(app, 'Postbox', { ...props, routeTable: table }));
  return { stack: Object.keys(synthesized.own).length, routes: Object.keys(synthesized.nested.Resources).length };
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

describe('the stacks’ resource budget', () => {
  const today = resourceCount();
  const added = (table: RouteTable) => {
    const count = resourceCount(table);
    return { stack: count.stack - today.stack, routes: count.routes - today.routes };
  };
  const withRoutes = (...routes: RouteDefinition[]) =>
    added({ ...sharedRouteTable, routes: [...sharedRouteTable.routes, ...routes] });

  it(`uses at most 60 % of CloudFormation’s ${CLOUDFORMATION_RESOURCE_LIMIT} resources in each stack`, () => {
    expect(today.stack).toBeLessThanOrEqual(BUDGET);
    expect(today.routes).toBeLessThanOrEqual(BUDGET);
  });

  // Receiving email (`-c receiving=true`): the topic, its policy, the queue's subscription and the rule; with a
  // rule set of its own, the set and its activation too (custom resource, its function, role and log group).
  it('counts receiving email in the stack: 9 resources with its own rule set, 4 with an existing one', () => {
    const receiving = resourceCount(sharedRouteTable, { receiving: {} });
    expect({ stack: receiving.stack - today.stack, routes: receiving.routes - today.routes }).toEqual({
      stack: 9,
      routes: 0,
    });
    expect(receiving.stack).toBeLessThanOrEqual(BUDGET);
    expect(receiving.stack + 10 * 10 + 10 * 2).toBeLessThanOrEqual(CLOUDFORMATION_RESOURCE_LIMIT);
    const existingRuleSet = resourceCount(sharedRouteTable, { receiving: { ruleSetName: 'shared-set' } });
    expect(existingRuleSet.stack - today.stack).toBe(4);
  });

  it('adds 4 resources per API route to the routes’ stack, and a role and its policy to the stack when its access is new', () => {
    expect(withRoutes(route('/api/v1/budget/a', { table: ['read'] }))).toEqual({ stack: 0, routes: 4 });
    expect(
      withRoutes(
        route('/api/v1/budget/a', { table: ['read'] }),
        route('/api/v1/budget/b', { table: ['read'] }, otherHandler),
      ),
    ).toEqual({ stack: 0, routes: 8 });
    expect(withRoutes(route('/api/v1/budget/a', { table: ['read'], sendTo: ['send'], kms: ['decrypt'] }))).toEqual({
      stack: 2,
      routes: 4,
    });
  });

  it('adds nothing per dashboard page', () => {
    const dashboard = {
      ...sharedRouteTable.dashboard,
      routes: [...sharedRouteTable.dashboard.routes, route('/dashboard/budget', { table: ['read'] })],
    };
    expect(added({ ...sharedRouteTable, dashboard })).toEqual({ stack: 0, routes: 0 });
  });

  // The routes' stack: 50 more API routes. The stack: ten more pipeline functions (a consumer with its
  // queue, dead-letter queue and alarms costs about 10), and the roles of ten new accesses.
  it('leaves room under the hard limit for 50 more API routes and 10 more pipeline functions', () => {
    expect(today.routes + 50 * 4).toBeLessThanOrEqual(CLOUDFORMATION_RESOURCE_LIMIT);
    expect(today.stack + 10 * 10 + 10 * 2).toBeLessThanOrEqual(CLOUDFORMATION_RESOURCE_LIMIT);
  });
});
