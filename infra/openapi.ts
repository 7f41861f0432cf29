/**
 * `npm run openapi` writes the API's OpenAPI document to docs/openapi.json (generated from the route
 * table and the operations: shared/http/openapi.ts); `npm run openapi -- --check` fails when the
 * committed file differs from a fresh generation (CI runs it), so the file is never stale.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openApiDocument } from '#http/openapi.ts';

const file = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'openapi.json');
const fresh = `${JSON.stringify(openApiDocument(), null, 2)}\n`;

if (process.argv.includes('--check')) {
  let committed = '';
  try {
    committed = readFileSync(file, 'utf8');
  } catch {
    // A missing file differs like any other.
  }
  if (committed !== fresh) {
    console.error('docs/openapi.json is not what the code generates: run `npm run openapi` and commit the result.');
    process.exit(1);
  }
  console.log('docs/openapi.json is up to date');
} else {
  writeFileSync(file, fresh);
  console.log(`wrote docs/openapi.json (${Buffer.byteLength(fresh)} bytes)`);
}
