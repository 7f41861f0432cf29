/**
 * docs/architecture.md maps every route to its handler, schema, service, stores and grant. These checks
 * keep that map true as the code moves: every route of the table has its row, each row names the
 * route's handler, services the handler imports and the access the route table declares, and every file
 * the document names exists.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { apiRoutes, consumers, notificationHandlers, scheduledFunctions, streamHandlers } from '#app/routes.ts';

const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url));

const doc = readFileSync(join(PROJECT_ROOT, 'docs/architecture.md'), 'utf8').replace(/```[\s\S]*?```/g, '');
const cells = (line: string) =>
  line
    .split('|')
    .slice(1, -1)
    .map((cell) => cell.trim());
const codeSpans = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1] as string);

/** The route map's rows, by their first cell (`METHOD /api/v1/...`). */
const routeRows = new Map(
  doc
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => [codeSpans(cells(line)[0] ?? '')[0] ?? '', cells(line)] as const),
);

describe('docs/architecture.md', () => {
  it('has one row per API route, naming which keys may call it and its handler', () => {
    for (const route of apiRoutes) {
      const row = routeRows.get(`${route.method} ${route.path}`);
      expect(row, `${route.method} ${route.path}`).toBeDefined();
      const keys = route.operation.public ? 'none' : route.operation.permission === 'full_access' ? 'full' : 'sending';
      expect(row?.[1], route.path).toBe(keys);
      expect(`functions/${codeSpans(row?.[2] ?? '')[0]}`).toBe(route.handler);
    }
  });

  it("names, for each API route, services its handler imports and exactly the route table's access", () => {
    for (const route of apiRoutes) {
      const row = routeRows.get(`${route.method} ${route.path}`) ?? [];
      const handlerSource = readFileSync(join(PROJECT_ROOT, route.handler), 'utf8');
      // What the cell says in parentheses is what the service uses in turn.
      const services = codeSpans((row[4] ?? '').replace(/\([^)]*\)/g, '')).filter((name) =>
        name.endsWith('.service.ts'),
      );
      // A row whose service cell starts with "—" names a route that calls no service (the document's).
      if ((row[4] ?? '').startsWith('—')) expect(handlerSource, route.path).not.toMatch(/\.service\.ts'/);
      else expect(services.length, route.path).toBeGreaterThan(0);
      for (const service of services) expect(handlerSource, `${route.path} → ${service}`).toContain(`'#${service}'`);
      const declared = Object.entries(route.access)
        .map(([resource, levels]) => `${resource}: ${(levels as string[]).join(', ')}`)
        .join('; ');
      if (declared === '') expect(row[6], route.path).toMatch(/^— /);
      else expect(row[6], route.path).toBe(declared);
    }
  });

  it('names the handler of every consumer, notification handler and scheduled function', () => {
    for (const fn of [...consumers, ...notificationHandlers, ...scheduledFunctions, ...streamHandlers]) {
      expect(doc).toContain(`\`${fn.handler.replace(/^functions\//, '')}\``);
    }
  });

  it('names only files that exist', () => {
    const named = new Set(codeSpans(doc).filter((span) => /^[\w./-]+\.(ts|cjs|json|md)$/.test(span)));
    expect(named.size).toBeGreaterThan(50);
    // A path is named from the root, from functions/ or shared/, or from its feature's folder.
    const files = (readdirSync(PROJECT_ROOT, { recursive: true }) as string[]).filter(
      (path) => !path.startsWith('node_modules') && !path.startsWith('.git') && !path.startsWith('cdk.out'),
    );
    const missing = [...named].filter((span) => !files.some((path) => path === span || path.endsWith(`/${span}`)));
    expect(missing).toEqual([]);
  });
});
