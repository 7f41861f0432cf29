/**
 * Bundle size and cold module-init time of one handler, built with exactly the esbuild
 * options the deployed functions use (infra/bundling.ts).
 *
 *   npx tsx bench/bundle.ts [handler…]     (default functions/settings/get-auto-validation.ts)
 *
 * Cold init: a fresh `node` process per run (no module cache, like a Lambda cold start)
 * times `await import(bundle)` with performance.now(). The same is measured for an empty
 * module, whose time is the floor that any module pays. Runs use `--enable-source-maps`,
 * as the deployed functions do (NODE_OPTIONS), and also without it, to show its cost.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { esbuildOptionsFor } from '../infra/bundling.ts';

const RUNS = 10;
const DEFAULT_HANDLER = 'functions/settings/get-auto-validation.ts';
const projectRoot = fileURLToPath(new URL('..', import.meta.url));

interface Stats {
  median: number;
  p90: number;
  min: number;
  max: number;
  samples: number[];
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
  return {
    median: round(median),
    p90: round(p90),
    min: round(at(0)),
    max: round(at(sorted.length - 1)),
    samples: samples.map((s) => round(s)),
  };
}

/** One fresh Node process importing `file`; returns the milliseconds the import took. */
function coldImportMs(file: string, nodeFlags: string[]): number {
  const script = [
    'const start = performance.now();',
    `await import(${JSON.stringify(pathToFileURL(file).href)});`,
    'process.stdout.write(JSON.stringify({ ms: performance.now() - start }));',
  ].join('\n');
  const child = spawnSync(process.execPath, [...nodeFlags, '--no-warnings', '--input-type=module', '-e', script], {
    // A clean environment: what any function's config loading may need (as CDK sets it).
    env: {
      PATH: process.env.PATH ?? '',
      TABLE_NAME: 'bench',
      AWS_REGION: 'us-east-1',
      SEND_QUEUE_URL: 'https://sqs.us-east-1.amazonaws.com/000000000000/bench-send',
      SES_CONFIGURATION_SET: 'bench',
      KMS_KEY_ID: 'arn:aws:kms:us-east-1:000000000000:key/bench',
      SPF_INCLUDE_HOST: 'amazonses.com',
    },
    encoding: 'utf8',
  });
  if (child.status !== 0) {
    throw new Error(`Importing ${file} failed (exit ${child.status}):\n${child.stderr}`);
  }
  const lastLine = child.stdout.trim().split('\n').at(-1) ?? '';
  return (JSON.parse(lastLine) as { ms: number }).ms;
}

function measure(file: string, nodeFlags: string[]): Stats {
  return stats(Array.from({ length: RUNS }, () => coldImportMs(file, nodeFlags)));
}

async function main(): Promise<void> {
  for (const handler of process.argv.length > 2 ? process.argv.slice(2) : [DEFAULT_HANDLER])
    await measureHandler(handler);
}

async function measureHandler(handler: string): Promise<void> {
  const entry = path.resolve(projectRoot, handler);
  statSync(entry); // fail early on a wrong path
  const dir = mkdtempSync(path.join(tmpdir(), 'postbox-bundle-'));
  try {
    const outfile = path.join(dir, 'index.mjs');
    await build(esbuildOptionsFor(entry, outfile));
    const code = readFileSync(outfile);
    const gzipped = gzipSync(code).length;
    const emptyModule = path.join(dir, 'empty.mjs');
    writeFileSync(emptyModule, 'export {};\n');

    const withSourceMaps = ['--enable-source-maps'];
    const bundle = measure(outfile, withSourceMaps);
    const bundleNoSourceMaps = measure(outfile, []);
    const empty = measure(emptyModule, withSourceMaps);

    const summary = {
      handler: path.relative(projectRoot, entry),
      node: process.version,
      runs: RUNS,
      bundle: {
        rawBytes: code.length,
        rawKiB: kib(code.length),
        gzipBytes: gzipped,
        gzipKiB: kib(gzipped),
        sourceMapKiB: kib(statSync(`${outfile}.map`).size),
      },
      coldImportMs: {
        bundle,
        bundleWithoutSourceMaps: bundleNoSourceMaps,
        emptyModule: empty,
        bundleMinusEmptyMedian: round(bundle.median - empty.median),
      },
    };

    const line = (label: string, s: Stats): string =>
      `${label.padEnd(40)} median ${s.median.toFixed(2).padStart(7)} ms   p90 ${s.p90.toFixed(2).padStart(7)} ms`;
    console.log(`handler: ${summary.handler} (node ${summary.node}, ${RUNS} fresh processes each)`);
    console.log(
      `bundle size: ${summary.bundle.rawKiB} KiB raw, ${summary.bundle.gzipKiB} KiB gzip (source map ${summary.bundle.sourceMapKiB} KiB)`,
    );
    console.log(line('cold import, bundle (--enable-source-maps)', bundle));
    console.log(line('cold import, bundle (no source maps)', bundleNoSourceMaps));
    console.log(line('cold import, empty module (baseline)', empty));
    console.log(JSON.stringify(summary));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
