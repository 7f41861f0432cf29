/**
 * Every file `npm run generate` derives from the code is committed as the code generates it: the
 * OpenAPI document, the runtime's route table, the dashboard's page map and the route map of
 * docs/architecture.md. A route declared without regenerating fails here (and in CI's `--check`).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { functionRouteTable } from '#app/route-table.generated.ts';
import { functionRoutes } from '#app/routes.ts';
import { generatedFiles } from '../../infra/generate/files.ts';

const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url));

describe('generated files', () => {
  it.each(generatedFiles(PROJECT_ROOT).map((file) => [file.path, file.content] as const))(
    '%s is what the code generates',
    (path, content) => {
      expect(readFileSync(join(PROJECT_ROOT, path), 'utf8')).toBe(content);
    },
  );

  it('gives the runtime exactly the declared routes with a function of their own', () => {
    expect(functionRouteTable).toEqual(functionRoutes.map(({ method, path, handler }) => ({ method, path, handler })));
  });
});
