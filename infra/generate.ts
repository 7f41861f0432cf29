/**
 * `npm run generate` writes every file derived from the code: docs/openapi.json, the runtime's route
 * table, the dashboard's page map, the route map of docs/architecture.md, then the SDK's types.
 * `npm run generate -- --check` fails when a committed file differs from a fresh generation (CI runs it).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generatedFiles } from './generate/files.ts';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const check = process.argv.includes('--check');
let stale = 0;

for (const file of generatedFiles(root)) {
  const target = path.join(root, file.path);
  let committed = '';
  try {
    committed = readFileSync(target, 'utf8');
  } catch {
    // A missing file differs like any other.
  }
  if (committed === file.content) continue;
  if (check) {
    console.error(`${file.path} is not what the code generates: run \`npm run generate\` and commit the result.`);
    stale += 1;
  } else {
    writeFileSync(target, file.content);
    console.log(`wrote ${file.path}`);
  }
}
if (stale > 0) process.exit(1);
if (check) console.log('generated files are up to date');

// The SDK's types come from docs/openapi.json (written above).
execFileSync(process.execPath, ['--import', 'tsx', 'sdk/scripts/generate-types.ts', ...(check ? ['--check'] : [])], {
  cwd: root,
  stdio: 'inherit',
});
