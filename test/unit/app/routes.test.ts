import { describe, expect, it } from 'vitest';
import { matchGatewayRoute, matchRoute, routeId } from '#app/route-matching.ts';
import { routes } from '#app/routes.ts';
import { isDashboardPath, routePaths } from '#platform/routes.ts';

describe('route table', () => {
  it('gives every route a /v1 alias', () => {
    expect(routePaths({ path: '/api/v1/domains/{id}/verify' })).toEqual([
      '/api/v1/domains/{id}/verify',
      '/v1/domains/{id}/verify',
    ]);
    expect(() => routePaths({ path: '/domains' })).toThrow();
  });

  it('serves the reference at /docs only (no /v1 alias), each route its own function, named readably', () => {
    expect(routePaths({ path: '/docs' })).toEqual(['/docs']);
    expect(routePaths({ path: '/docs/assets/{file}' })).toEqual(['/docs/assets/{file}']);
    expect(routeId({ method: 'GET', path: '/docs' })).toBe('GetDocs');
    expect(routeId({ method: 'GET', path: '/docs/assets/{file}' })).toBe('GetDocsAssetsFile');
    expect(routeId({ method: 'GET', path: '/api/v1/openapi.json' })).toBe('GetOpenapiJson');
    expect(matchGatewayRoute('GET', '/docs/assets/scalar.js')).toMatchObject({
      handler: 'functions/reference/asset.ts',
      pathParameters: { file: 'scalar.js' },
    });
    expect(matchGatewayRoute('GET', '/v1/docs').handler).toBe('functions/unmatched-route.ts');
  });

  it('serves dashboard pages on their own path only, names them readably and matches them', () => {
    expect(routePaths({ path: '/dashboard/emails/{id}' })).toEqual(['/dashboard/emails/{id}']);
    expect(routeId({ method: 'POST', path: '/dashboard/settings/api-keys/{id}/revoke' })).toBe(
      'PostDashboardSettingsApiKeysIdRevoke',
    );
    const page = matchRoute('GET', '/dashboard/emails/abc');
    if (!('match' in page)) throw new Error('no match');
    expect(page.match.route.handler).toBe('functions/dashboard/emails/detail.ts');
    expect(page.match.pathParameters).toEqual({ id: 'abc' });
    expect(matchRoute('GET', '/v1/dashboard/emails')).toEqual({ allowedMethods: [] });
  });

  it('lets every signed-in dashboard page read the table (its session is read before the page runs)', () => {
    // The sign-in form reads (and on first use creates) its token's signing secret, and deletes nothing.
    const publicPages = new Map([
      ['GET /dashboard/assets/{file}', []],
      ['GET /dashboard/sign-in', ['read', 'update']],
    ]);
    const pages = routes.filter((route) => isDashboardPath(route.path));
    expect(pages.length).toBeGreaterThan(20);
    for (const route of pages) {
      const key = `${route.method} ${route.path}`;
      const expected = publicPages.get(key);
      if (expected) expect(route.access.table ?? [], key).toEqual(expected);
      else expect(route.access.table ?? [], key).toContain('read');
    }
  });

  it('has unique method + path pairs and unique ids', () => {
    const keys = routes.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(new Set(routes.map(routeId)).size).toBe(routes.length);
  });

  it('names routes readably', () => {
    expect(routeId({ method: 'GET', path: '/api/v1/settings/auto-validation' })).toBe('GetSettingsAutoValidation');
    expect(routeId({ method: 'POST', path: '/api/v1/domains/{id}/verify' })).toBe('PostDomainsIdVerify');
  });

  it('matches canonical and alias paths to the same route', () => {
    const canonical = matchRoute('GET', '/api/v1/settings/auto-validation');
    const alias = matchRoute('get', '/v1/settings/auto-validation');
    if (!('match' in canonical) || !('match' in alias)) throw new Error('no match');
    expect(canonical.match.routeKey).toBe('GET /api/v1/settings/auto-validation');
    expect(alias.match.routeKey).toBe('GET /v1/settings/auto-validation');
    expect(alias.match.route).toBe(canonical.match.route);
  });

  it('reports the allowed methods of a known path and none for an unknown one', () => {
    expect(matchRoute('DELETE', '/api/v1/settings/auto-validation')).toEqual({ allowedMethods: ['GET', 'PUT'] });
    expect(matchRoute('GET', '/api/v1/settings')).toEqual({ allowedMethods: [] });
    expect(matchRoute('GET', '/api/v1/settings/auto-validation/')).toEqual({ allowedMethods: [] });
  });
});
