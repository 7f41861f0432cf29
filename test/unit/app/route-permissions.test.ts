/**
 * Every API route says which keys may call it (its operation's `permission`), and the document and the
 * middleware follow that one declaration: a route cannot be added without the choice, sending keys
 * reach exactly the sending routes, and every route that can refuse a key documents 403 FORBIDDEN.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '#app/openapi-document.ts';
import { apiRoutes } from '#app/routes.ts';
import { API_KEY_PERMISSIONS, permits } from '#core/api-key-permission.ts';
import { ApiError } from '#core/errors.ts';
import type { ApiContext } from '#http/context.ts';
import { authorizeKey } from '#http/middleware/authorize-key.ts';
import { API_PREFIX } from '#platform/routes.ts';

const document = openApiDocument() as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
const endpoint = (route: (typeof apiRoutes)[number]) => `${route.method} ${route.path.slice(API_PREFIX.length)}`;
const forbiddenDocumented = (route: (typeof apiRoutes)[number]) => {
  const responses = document.paths[route.path.slice(API_PREFIX.length)]?.[route.method.toLowerCase()]?.responses;
  return JSON.stringify(responses?.['403'] ?? null).includes('"FORBIDDEN"');
};

describe('route permissions', () => {
  it('classify every API route, and let sending keys call exactly send, batch, uploads and the key’s description', () => {
    for (const route of apiRoutes) {
      expect(API_KEY_PERMISSIONS, endpoint(route)).toContain(route.operation.permission);
      if (route.operation.public) expect(route.operation.permission, endpoint(route)).toBe('sending_access');
    }
    const sending = apiRoutes
      .filter((route) => !route.operation.public && route.operation.permission === 'sending_access')
      .map(endpoint)
      .sort();
    expect(sending).toEqual(['GET /api-key', 'POST /attachments', 'POST /emails/batch', 'POST /emails/send']);
  });

  it('document 403 FORBIDDEN on every route that refuses a sending key, and on send and batch (domains)', () => {
    for (const route of apiRoutes) {
      const refuses =
        !route.operation.public &&
        (route.operation.permission === 'full_access' ||
          ['POST /emails/send', 'POST /emails/batch'].includes(endpoint(route)));
      expect(forbiddenDocumented(route), endpoint(route)).toBe(refuses);
    }
  });

  it('refuse a sending key below full access, and nothing else', async () => {
    expect(permits('full_access', 'full_access')).toBe(true);
    expect(permits('full_access', 'sending_access')).toBe(true);
    expect(permits('sending_access', 'sending_access')).toBe(true);
    expect(permits('sending_access', 'full_access')).toBe(false);
    const run = async (permission: 'full_access' | 'sending_access', needed: 'full_access' | 'sending_access') => {
      const context = { caller: { permission } } as unknown as ApiContext;
      const request = {
        event: {} as APIGatewayProxyEventV2,
        context,
        response: undefined,
        error: undefined,
        internal: {},
      };
      try {
        await authorizeKey(needed).before?.(request as never);
        return 'allowed';
      } catch (error) {
        return error instanceof ApiError ? `${error.statusCode} ${error.code}` : 'other';
      }
    };
    expect(await run('sending_access', 'full_access')).toBe('403 FORBIDDEN');
    expect(await run('sending_access', 'sending_access')).toBe('allowed');
    expect(await run('full_access', 'full_access')).toBe('allowed');
  });
});
