/**
 * Builds @postbox/local into local/dist: one esbuild run over the CLI, `startPostbox` and every
 * function the local cloud runs, with code splitting, so the handlers share their chunks instead of
 * carrying a copy each. Everything is bundled but the four emulators (the package's dependencies);
 * the data files the code reads at run time are copied next to the files that name them.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { build } from 'esbuild';
import { BUNDLE_ALIASES, BUNDLE_DATA_FILES, REQUIRE_BANNER } from '../../infra/bundling.ts';
import { PROJECT_ROOT } from '../../infra/functions.ts';
import { consumers, deployedFunctions, streamHandlers } from '../../shared/app/routes.ts';

const OUT = path.join(PROJECT_ROOT, 'local', 'dist');
const EMULATORS = ['amplify-dynamodb-simulator', 'fauxqs', 'aws-ses-v2-local', '@20minutes/s3rver'];
const DATA_FILES = [
  ...BUNDLE_DATA_FILES,
  { source: 'infra/local/dynamodb-local-loopback.xml', target: 'dynamodb-local-loopback.xml' },
];

const handlers = [...new Set([...deployedFunctions(), ...consumers, ...streamHandlers].map((fn) => fn.handler))];
rmSync(OUT, { recursive: true, force: true });
const result = await build({
  absWorkingDir: PROJECT_ROOT,
  entryPoints: {
    cli: 'local/src/cli.ts',
    index: 'local/src/index.ts',
    ...Object.fromEntries(handlers.map((handler) => [handler.replace(/\.ts$/, ''), handler])),
  },
  outdir: OUT,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  minify: true,
  chunkNames: 'chunks/[name]-[hash]',
  mainFields: ['module', 'main'],
  banner: { js: REQUIRE_BANNER },
  alias: { ...BUNDLE_ALIASES },
  external: EMULATORS,
  metafile: true,
  logLevel: 'warning',
});

// The data files, next to each output that names one (its code reads it relative to itself).
for (const output of Object.keys(result.metafile.outputs).filter((file) => file.endsWith('.js'))) {
  const code = readFileSync(path.join(PROJECT_ROOT, output), 'utf8');
  for (const { source, target } of DATA_FILES) {
    if (code.includes(target))
      copyFileSync(path.join(PROJECT_ROOT, source), path.join(PROJECT_ROOT, path.dirname(output), target));
  }
}
// The CLI runs as `postbox-local`.
const cli = path.join(OUT, 'cli.js');
writeFileSync(cli, `#!/usr/bin/env node\n${readFileSync(cli, 'utf8').replace(/^#!.*\n/, '')}`, { mode: 0o755 });
// The public entry's types (index.ts imports only Node built-ins).
execFileSync(
  path.join(PROJECT_ROOT, 'node_modules', '.bin', 'tsc'),
  [
    'local/src/index.ts',
    '--declaration',
    '--emitDeclarationOnly',
    '--outDir',
    'local/dist',
    '--target',
    'es2022',
    '--module',
    'nodenext',
    '--moduleResolution',
    'nodenext',
    '--skipLibCheck',
    '--types',
    'node',
    '--strict',
  ],
  { cwd: PROJECT_ROOT, stdio: 'inherit' },
);

const size = (dir: string): number =>
  readdirSync(dir, { withFileTypes: true }).reduce(
    (total, entry) =>
      total +
      (entry.isDirectory() ? size(path.join(dir, entry.name)) : readFileSync(path.join(dir, entry.name)).length),
    0,
  );
console.log(`built local/dist: ${handlers.length} functions, ${(size(OUT) / 1024 / 1024).toFixed(1)} MiB`);
