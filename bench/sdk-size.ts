/**
 * The SDK's size as an application ships it: sdk/src/index.ts bundled by esbuild (ESM, platform
 * neutral, minified), raw and gzip (level 9); the same without minification for reference.
 *
 *   npm run bench -- sdk-size
 */
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const entry = fileURLToPath(new URL('../sdk/src/index.ts', import.meta.url));

async function bundle(minify: boolean): Promise<Uint8Array> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    minify,
    write: false,
    logLevel: 'silent',
  });
  const [output] = result.outputFiles;
  if (!output) throw new Error('esbuild wrote nothing');
  return output.contents;
}

const rows = [];
for (const minify of [true, false]) {
  const code = await bundle(minify);
  rows.push({
    bundle: minify ? 'minified' : 'not minified',
    bytes: code.byteLength,
    'gzip bytes': gzipSync(code, { level: 9 }).byteLength,
  });
}
console.log('@postbox/sdk: sdk/src/index.ts bundled with esbuild (ESM, platform neutral, es2022)');
console.table(rows);
