/**
 * Generates the SDK's types from the OpenAPI document: `npm run sdk:types` writes sdk/src/schema.d.ts
 * from docs/openapi.json (openapi-typescript, then Biome's formatting, so `npm run lint` accepts the
 * file as generated); `npm run sdk:types -- --check` fails when the committed file differs from a
 * fresh generation (CI runs it right after the OpenAPI freshness check).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

const root = fileURLToPath(new URL('../..', import.meta.url));
const SOURCE = 'docs/openapi.json';
const TARGET = 'sdk/src/schema.d.ts';

const HEADER = `/**
 * The Postbox API's types, generated from ${SOURCE} by openapi-typescript (\`npm run sdk:types\`).
 * Do not edit: change the API's contracts, then run \`npm run generate\`.
 */

`;

async function generate(): Promise<string> {
  const document = JSON.parse(readFileSync(path.join(root, SOURCE), 'utf8'));
  // Defaults belong to request fields (`priority`, `data`…): optional for the caller, not required.
  // A bare `{"type": "object"}` (a batch entry's `data`) is any object, not `Record<string, never>`.
  const ast = await openapiTS(document, { defaultNonNullable: false, emptyObjectsUnknown: true });
  const source = HEADER + astToString(ast);
  // Biome formats what openapi-typescript prints (quotes, indentation), as it formats every other file.
  return execFileSync(path.join(root, 'node_modules/.bin/biome'), ['format', `--stdin-file-path=${TARGET}`], {
    cwd: root,
    input: source,
    encoding: 'utf8',
  });
}

const fresh = await generate();
const target = path.join(root, TARGET);
if (process.argv.includes('--check')) {
  const committed = existsSync(target) ? readFileSync(target, 'utf8') : '';
  if (committed !== fresh) {
    process.stderr.write(`${TARGET} is stale: it differs from the types of ${SOURCE}. Run \`npm run generate\`.\n`);
    process.exit(1);
  }
  process.stdout.write(`${TARGET} is up to date with ${SOURCE}\n`);
} else if (existsSync(target) && readFileSync(target, 'utf8') === fresh) {
  process.stdout.write(`${TARGET} unchanged\n`);
} else {
  writeFileSync(target, fresh);
  process.stdout.write(`wrote ${TARGET} from ${SOURCE}\n`);
}
