/**
 * The dashboard's one function (functions/dashboard/router.ts) serves exactly the route table's pages, and
 * API Gateway's routes (matchGatewayRoute, which the local gateway uses and infra/http-api.ts mirrors) send it
 * every path under /dashboard and nothing else.
 */
import { describe, expect, it, vi } from 'vitest';
import { matchGatewayRoute } from '#app/route-matching.ts';
import { apiRoutes, dashboardFunction, dashboardPages, defaultRoute } from '#app/routes.ts';
import { pageHandlers } from '../../../functions/dashboard/router.ts';

// The webhook pages load the webhook queue's producer, which reads its URL (given to the function by its `sendTo`).
vi.hoisted(() => {
  process.env.WEBHOOKS_QUEUE_URL ??= 'https://sqs.us-east-1.amazonaws.com/000000000000/postbox-webhooks';
});

describe('the dashboard function', () => {
  it('has a handler for every page of the route table and no other', () => {
    expect(Object.keys(pageHandlers).sort()).toEqual([...new Set(dashboardPages.map((page) => page.handler))].sort());
    for (const handler of Object.values(pageHandlers)) expect(typeof handler).toBe('function');
  });

  it('runs with the union of its pages’ access', () => {
    expect(dashboardFunction.access).toEqual({
      table: ['read', 'update', 'write'],
      sendTo: ['webhooks'],
      kms: ['decrypt', 'encrypt'],
      ses: ['identities'],
      attachments: ['inboundDelete', 'inboundRead', 'read'],
    });
  });
});

describe('matchGatewayRoute', () => {
  it('sends /dashboard and every path under it to the dashboard function, with the proxy variable', () => {
    expect(matchGatewayRoute('GET', '/dashboard')).toEqual({
      handler: dashboardFunction.handler,
      functionId: 'Dashboard',
      routeKey: 'ANY /dashboard',
    });
    expect(matchGatewayRoute('DELETE', '/dashboard/emails/em%201/x')).toEqual({
      handler: dashboardFunction.handler,
      functionId: 'Dashboard',
      routeKey: 'ANY /dashboard/{proxy+}',
      pathParameters: { proxy: 'emails/em 1/x' },
    });
  });

  it('sends an API route to its own function under both paths, and anything else to $default', () => {
    const send = apiRoutes.find((route) => route.path === '/api/v1/emails/send');
    expect(matchGatewayRoute('POST', '/v1/emails/send')).toMatchObject({
      handler: send?.handler,
      routeKey: 'POST /v1/emails/send',
    });
    expect(matchGatewayRoute('GET', '/api/v1/emails/abc')).toMatchObject({ pathParameters: { id: 'abc' } });
    for (const [method, path] of [
      ['GET', '/dashboard/'],
      ['GET', '/dashboardx'],
      ['DELETE', '/api/v1/emails/send'],
      ['GET', '/nowhere'],
    ] as const) {
      expect(matchGatewayRoute(method, path), `${method} ${path}`).toEqual({
        handler: defaultRoute.handler,
        functionId: 'default',
        routeKey: '$default',
      });
    }
  });
});
