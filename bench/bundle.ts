/**
 * Bundle sizes of every function (largest first: minified bytes, gzip, source map) and the cold
 * module-init time of a few, built with exactly the esbuild options the deployed functions use
 * (infra/bundling.ts). `--analyze` lists the packages that make up most of those few bundles.
 *   npm run bench -- bundle [--runs n] [--analyze] [handler ...]
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { build, type Metafile } from 'esbuild';
import { deployedFunctions } from '#app/routes.ts';
import { type QueueName, queueDefinitions, queueUrlEnvName } from '#platform/queues.ts';
import { copyBundleDataFiles, esbuildOptionsFor } from '../infra/bundling.ts';

/** Whose cold init is timed unless handlers are named: the send route, the send consumer, the SES events. */
const DEFAULT_COLD_HANDLERS = [
  'functions/emails/send.ts',
  'functions/consumers/send-email.ts',
  'functions/consumers/ses-events.ts',
];
const projectRoot = fileURLToPath(new URL('..', import.meta.url));

const { values: flags, positionals } = parseArgs({
  options: { runs: { type: 'string', default: '10' }, analyze: { type: 'boolean', default: false } },
  allowPositionals: true,
});
const RUNS = Number(flags.runs);
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error('--runs must be a positive integer');

interface Stats {
  median: number;
  p90: number;
  min: number;
  max: number;
}

const round = (value: number, digits = 2): number => Number(value.toFixed(digits));
const kib = (bytes: number): number => round(bytes / 1024, 1);

function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (index: number): number => sorted[Math.min(Math.max(index, 0), sorted.length - 1)] ?? Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 === 1 ? at(middle) : (at(middle - 1) + at(middle)) / 2;
  // Nearest-rank percentile.
  const p90 = at(Math.ceil(0.9 * sorted.length) - 1);
  return { median: round(median), p90: round(p90), min: round(at(0)), max: round(at(sorted.length - 1)) };
}

/**
 * What a function's configuration loading needs at import: the table, a region, every queue URL, the
 * attachments bucket and the public base URL (the union of what CDK gives the functions).
 */
const importEnvironment: Record<string, string> = {
  PATH: process.env.PATH ?? '',
  TABLE_NAME: 'bench',
  AWS_REGION: 'us-east-1',
  ATTACHMENTS_BUCKET: 'bench-attachments',
  PUBLIC_BASE_URL: 'https://postbox.invalid',
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  ...Object.fromEntries(
    (Object.keys(queueDefinitions) as QueueName[]).map((queue) => [queueUrlEnvName(queue), 'https://sqs.invalid/0/q']),
  ),
};

/**
 * One fresh Node process importing `file` (no module cache, like a Lambda cold start); returns the
 * milliseconds `await import(file)` took by performance.now().
 */
function coldImportMs(file: string, nodeFlags: string[]): number {
  const script = [
    'const start = performance.now();',
    `await import(${JSON.stringify(pathToFileURL(file).href)});`,
    'process.stdout.write(JSON.stringify({ ms: performance.now() - start }));',
  ].join('\n');
  const child = spawnSync(process.execPath, [...nodeFlags, '--no-warnings', '--input-type=module', '-e', script], {
    env: importEnvironment,
    encoding: 'utf8',
  });
  if (child.status !== 0) {
    throw new Error(`Importing ${file} failed (exit ${child.status}):\n${child.stderr}`);
  }
  const lastLine = child.stdout.trim().split('\n').at(-1) ?? '';
  return (JSON.parse(lastLine) as { ms: number }).ms;
}

/** Alternates the two flag sets run by run, so a burst of load elsewhere on the machine hits both alike. */
function measurePair(file: string): { withSourceMaps: Stats; withoutSourceMaps: Stats } {
  const withMaps: number[] = [];
  const withoutMaps: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    withMaps.push(coldImportMs(file, ['--enable-source-maps']));
    withoutMaps.push(coldImportMs(file, []));
  }
  return { withSourceMaps: stats(withMaps), withoutSourceMaps: stats(withoutMaps) };
}

interface Built {
  handler: string;
  outfile: string;
  rawBytes: number;
  gzipBytes: number;
  sourceMapBytes: number;
  metafile: Metafile;
}

async function bundle(handler: string, dir: string): Promise<Built> {
  const outfile = path.join(dir, `${handler.replace(/[^A-Za-z0-9]+/g, '-')}.mjs`);
  const result = await build({ ...esbuildOptionsFor(path.resolve(projectRoot, handler), outfile), metafile: true });
  copyBundleDataFiles(outfile);
  const code = readFileSync(outfile);
  return {
    handler,
    outfile,
    rawBytes: code.length,
    gzipBytes: gzipSync(code).length,
    sourceMapBytes: statSync(`${outfile}.map`).size,
    metafile: result.metafile,
  };
}

/** The package an input belongs to (`@scope/name`, `name`), or the first folders of our own code. */
function packageOf(input: string): string {
  const parts = input.split('node_modules/').at(-1)?.split('/') ?? [];
  if (input.includes('node_modules/')) {
    return parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? input);
  }
  return parts.slice(0, 2).join('/');
}

/** The packages that make up most of a bundle: bytes each input contributes to the output (esbuild's metafile). */
function largestPackages(built: Built, top = 12): Array<{ package: string; kib: number }> {
  const byPackage = new Map<string, number>();
  for (const output of Object.values(built.metafile.outputs)) {
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      const name = packageOf(input);
      byPackage.set(name, (byPackage.get(name) ?? 0) + bytesInOutput);
    }
  }
  return [...byPackage.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, bytes]) => ({ package: name, kib: kib(bytes) }));
}

async function main(): Promise<void> {
  const coldHandlers = positionals.length > 0 ? positionals : DEFAULT_COLD_HANDLERS;
  for (const handler of coldHandlers) statSync(path.resolve(projectRoot, handler)); // fail early on a wrong path
  const handlers = [
    ...new Set(
      deployedFunctions()
        .map((entry) => entry.handler)
        .concat(coldHandlers),
    ),
  ];
  const dir = mkdtempSync(path.join(tmpdir(), 'postbox-bundle-'));
  try {
    const built: Built[] = [];
    for (const handler of handlers) built.push(await bundle(handler, dir));
    built.sort((a, b) => b.rawBytes - a.rawBytes);

    console.log(`node ${process.version}; ${built.length} functions, largest first (KiB):`);
    console.log(`${'handler'.padEnd(52)} ${'min'.padStart(7)} ${'gzip'.padStart(7)} ${'map'.padStart(8)}`);
    for (const b of built) {
      console.log(
        `${b.handler.padEnd(52)} ${kib(b.rawBytes).toFixed(1).padStart(7)} ${kib(b.gzipBytes).toFixed(1).padStart(7)} ${kib(b.sourceMapBytes).toFixed(1).padStart(8)}`,
      );
    }

    // Medians of RUNS runs, with --enable-source-maps and without; an empty module: the floor any module pays.
    const emptyModule = path.join(dir, 'empty.mjs');
    writeFileSync(emptyModule, 'export {};\n');
    const empty = stats(Array.from({ length: RUNS }, () => coldImportMs(emptyModule, [])));
    console.log(`\ncold import, median (p90) of ${RUNS} fresh processes each; empty module ${empty.median} ms`);
    const cold = [];
    for (const handler of coldHandlers) {
      const b = built.find((candidate) => candidate.handler === handler);
      if (!b) throw new Error(`${handler} was not built`);
      const timing = measurePair(b.outfile);
      cold.push({ handler, kib: kib(b.rawBytes), ...timing });
      const show = (s: Stats) => `${s.median.toFixed(1).padStart(6)} ms (${s.p90.toFixed(1)})`;
      console.log(
        `${handler.padEnd(40)} ${kib(b.rawBytes).toFixed(1).padStart(7)} KiB   --enable-source-maps ${show(timing.withSourceMaps)}   without ${show(timing.withoutSourceMaps)}`,
      );
      if (handler === 'functions/emails/send.ts') {
        const met = (ok: boolean) => (ok ? 'met' : 'not met');
        console.log(
          `    targets: bundle ≤ 400 KB: ${met(b.rawBytes <= 400_000)}; cold import ≤ 60 ms: ${met(timing.withoutSourceMaps.median <= 60)} without source maps, ${met(timing.withSourceMaps.median <= 60)} with`,
        );
      }
      if (flags.analyze) {
        for (const row of largestPackages(b))
          console.log(`    ${row.package.padEnd(44)} ${row.kib.toFixed(1).padStart(7)} KiB`);
      }
    }
    console.log(
      JSON.stringify({
        node: process.version,
        runs: RUNS,
        sizes: built.map((b) => ({
          handler: b.handler,
          rawBytes: b.rawBytes,
          gzipBytes: b.gzipBytes,
          sourceMapBytes: b.sourceMapBytes,
        })),
        emptyModuleMs: empty,
        coldImportMs: cold,
      }),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
