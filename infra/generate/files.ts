/** Every file `npm run generate` writes, formatted as `npm run lint` wants them (test/infra/generated-files.test.ts). */
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import { openApiDocument } from '#app/openapi-document.ts';
import { dashboardPagesFile } from './dashboard-pages.ts';
import type { GeneratedFile } from './generated-file.ts';
import { architectureDocFile } from './route-map.ts';
import { routeTableFile } from './route-table.ts';

/** Biome's formatting (and import order) of a TypeScript file: the generators write plain lines. */
function formatted(root: string, file: GeneratedFile): GeneratedFile {
  const biome = path.join(root, 'node_modules', '.bin', 'biome');
  const content = execFileSync(biome, ['check', '--write', `--stdin-file-path=${file.path}`], {
    cwd: root,
    input: file.content,
    encoding: 'utf8',
  });
  return { path: file.path, content };
}

export function generatedFiles(root: string): GeneratedFile[] {
  return [
    { path: 'docs/openapi.json', content: `${JSON.stringify(openApiDocument(), null, 2)}\n` },
    formatted(root, routeTableFile()),
    formatted(root, dashboardPagesFile()),
    architectureDocFile(root),
  ];
}
