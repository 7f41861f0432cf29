/**
 * What each function loads at a cold start, built as it deploys (infra/bundling.ts): the bytes its entry
 * imports statically (eager) in how many files, the lazy chunks behind its `import()`s, the median cold
 * import of fresh Node processes with and without source maps, and the first use of the send routes'
 * lazy imports. `--layout per-function,shared,whole` builds several ways, timed interleaved so load
 * elsewhere hits them alike; `--analyze`: what fills the send function's eager code; `--node`: another Node.
 *   npm run bench -- bundle [--runs n] [--layout l,…] [--analyze] [--node path] [handler ...]
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import type { Metafile } from 'esbuild';
import { deployedFunctions } from '#app/routes.ts';
import { type QueueName, queueDefinitions, queueUrlEnvName } from '#platform/queues.ts';
import {
  type FunctionGraph,
  functionGraph,
  inputBytes,
  outputBytes,
  outputFile,
  sourceMapBytes,
} from '../infra/bundle-graph.ts';
import { type BundleLayout, buildFunctions } from '../infra/bundling.ts';

const SEND = 'functions/emails/send.ts';
/** Whose lazy imports' first use is timed (besides any handler named). */
const LAZY_HANDLERS = [SEND, 'functions/emails/batch.ts'];
const LAYOUTS: readonly BundleLayout[] = ['per-function', 'shared', 'whole'];

const { values: flags, positionals } = parseArgs({
  options: {
    runs: { type: 'string', default: '20' },
    layout: { type: 'string', default: 'per-function' },
    analyze: { type: 'boolean', default: false },
    node: { type: 'string', default: process.execPath },
  },
  allowPositionals: true,
});
const RUNS = Number(flags.runs);
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error('--runs must be a positive integer');
const layouts = flags.layout.split(',') as BundleLayout[];
for (const layout of layouts) {
  if (!LAYOUTS.includes(layout)) throw new Error(`--layout: each of ${LAYOUTS.join(', ')}`);
}

interface Stats {
  median: number;
  p90: number;
}

const round = (value: number): number => Number(value.toFixed(2));
const kib = (bytes: number): string => (bytes / 1024).toFixed(1);

function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (index: number): number => sorted[Math.min(Math.max(index, 0), sorted.length - 1)] ?? Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 === 1 ? at(middle) : (at(middle - 1) + at(middle)) / 2;
  // Nearest-rank percentile.
  return { median: round(median), p90: round(at(Math.ceil(0.9 * sorted.length) - 1)) };
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
 * One fresh Node process (no module cache, like a Lambda cold start) importing `files` in turn; the
 * milliseconds the last `await import()` took by performance.now() (after the others: what it adds).
 */
function importMs(files: string[], sourceMaps: boolean): number {
  const script = [
    'let ms = 0;',
    `for (const url of ${JSON.stringify(files.map((file) => pathToFileURL(file).href))}) {`,
    '  const start = performance.now(); await import(url); ms = performance.now() - start;',
    '}',
    'process.stdout.write(String(ms));',
  ].join('\n');
  const nodeFlags = sourceMaps ? ['--enable-source-maps'] : [];
  const child = spawnSync(flags.node, [...nodeFlags, '--no-warnings', '--input-type=module', '-e', script], {
    env: importEnvironment,
    encoding: 'utf8',
  });
  if (child.status !== 0) throw new Error(`Importing ${files.join(', ')} failed (${child.status}):\n${child.stderr}`);
  return Number(child.stdout.trim().split('\n').at(-1));
}

/** A timed import: the files one process imports in turn (the last one timed). */
interface Probe {
  files: string[];
  withoutSourceMaps: number[];
  withSourceMaps: number[];
}

const probe = (files: string[]): Probe => ({ files, withoutSourceMaps: [], withSourceMaps: [] });

/** RUNS rounds; each runs every probe once without and once with source maps, so load elsewhere hits all alike. */
function timeAll(probes: Probe[]): void {
  for (let run = 0; run < RUNS; run += 1) {
    for (const p of probes) {
      p.withoutSourceMaps.push(importMs(p.files, false));
      p.withSourceMaps.push(importMs(p.files, true));
    }
  }
}

const show = (samples: number[]) => {
  const s = stats(samples);
  return `${s.median.toFixed(1).padStart(6)} (${s.p90.toFixed(1).padStart(5)})`;
};

/** The package an input belongs to (`@scope/name`, `name`), or our own file. */
function packageOf(input: string): string {
  if (!input.includes('node_modules/')) return input;
  const parts = input.split('node_modules/').at(-1)?.split('/') ?? [];
  return parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? input);
}

type Graph = FunctionGraph & { handler: string; metafile: Metafile };

interface LayoutRun {
  layout: BundleLayout;
  buildMs: number;
  graphs: Map<string, Graph>;
  cold: Map<string, Probe>;
  lazy: Array<{ handler: string; module: string; loadsBytes: number; probe: Probe }>;
}

function build(layout: BundleLayout, handlers: string[], dir: string, timed: string[]): LayoutRun {
  const started = performance.now();
  const built = buildFunctions(handlers, path.join(dir, layout), layout);
  const buildMs = Math.round(performance.now() - started);
  const graphs = new Map(
    built.map((fn) => [fn.handler, { ...functionGraph(fn), handler: fn.handler, metafile: fn.metafile }]),
  );
  const cold = new Map(timed.map((handler) => [handler, probe([outputFile(graphs.get(handler)?.entry ?? '')])]));
  const lazy = [...new Set([...LAZY_HANDLERS, ...positionals])].flatMap((handler) => {
    const graph = graphs.get(handler);
    return (graph?.lazyImports ?? []).map((lazyImport) => ({
      handler,
      module: graph?.metafile.outputs[lazyImport.output]?.entryPoint ?? lazyImport.output,
      loadsBytes: outputBytes(graph?.metafile as Metafile, lazyImport.loads),
      probe: probe([outputFile(graph?.entry ?? ''), outputFile(lazyImport.output)]),
    }));
  });
  return { layout, buildMs, graphs, cold, lazy };
}

function row(graph: Graph, cold: Probe | undefined) {
  const { metafile } = graph;
  const eagerBytes = outputBytes(metafile, graph.eager);
  return {
    handler: graph.handler,
    eagerFiles: graph.eager.length,
    eagerBytes,
    gzipBytes: gzipSync(Buffer.concat(graph.eager.map((output) => readFileSync(outputFile(output))))).length,
    lazyBytes: outputBytes(metafile, graph.lazy),
    sourceMapBytes: sourceMapBytes(metafile, graph.eager),
    coldMs: cold && { withoutSourceMaps: stats(cold.withoutSourceMaps), withSourceMaps: stats(cold.withSourceMaps) },
  };
}

function report(run: LayoutRun): ReturnType<typeof row>[] {
  const files = [...new Set([...run.graphs.values()].map((graph) => graph.metafile))].flatMap((metafile) =>
    Object.entries(metafile.outputs).filter(([output]) => output.endsWith('.mjs')),
  );
  const total = files.reduce((sum, [, output]) => sum + output.bytes, 0);
  console.log(`\nlayout ${run.layout}: built in ${run.buildMs} ms, ${files.length} files, ${kib(total)} KiB of code`);
  console.log(
    `${'handler'.padEnd(44)} ${'files'.padStart(5)} ${'eager'.padStart(7)} ${'gzip'.padStart(6)} ${'lazy'.padStart(6)} ${'maps'.padStart(7)}   ${'no maps: ms'.padStart(14)}   ${'maps: ms'.padStart(14)}`,
  );
  const rows = [...run.graphs.values()].map((graph) => row(graph, run.cold.get(graph.handler)));
  for (const r of rows.sort((a, b) => b.eagerBytes - a.eagerBytes)) {
    const probed = run.cold.get(r.handler);
    const cold = probed ? `${show(probed.withoutSourceMaps)}   ${show(probed.withSourceMaps)}` : '';
    console.log(
      `${r.handler.padEnd(44)} ${String(r.eagerFiles).padStart(5)} ${kib(r.eagerBytes).padStart(7)} ${kib(r.gzipBytes).padStart(6)} ${kib(r.lazyBytes).padStart(6)} ${kib(r.sourceMapBytes).padStart(7)}   ${cold}`,
    );
    if (r.handler === SEND && r.coldMs) {
      const met = (ok: boolean) => (ok ? 'met' : 'not met');
      console.log(
        `    targets: eager code ≤ 400 KB: ${met(r.eagerBytes <= 400_000)}; cold import ≤ 60 ms: ${met(r.coldMs.withoutSourceMaps.median <= 60)} without source maps, ${met(r.coldMs.withSourceMaps.median <= 60)} with`,
      );
    }
  }
  if (run.lazy.length > 0) console.log("first use of a lazy import (the chunk's import after the entry's):");
  for (const lazy of run.lazy) {
    console.log(
      `  ${lazy.handler.padEnd(28)} ${lazy.module.padEnd(46)} +${kib(lazy.loadsBytes).padStart(6)} KiB  ${show(lazy.probe.withoutSourceMaps)}   ${show(lazy.probe.withSourceMaps)}`,
    );
  }
  const send = run.graphs.get(SEND);
  if (flags.analyze && send) {
    const byPackage = new Map<string, number>();
    for (const [input, bytes] of inputBytes(send.metafile, send.eager)) {
      byPackage.set(packageOf(input), (byPackage.get(packageOf(input)) ?? 0) + bytes);
    }
    console.log(`${SEND}: its eager code by package or file (KiB)`);
    for (const [name, bytes] of [...byPackage.entries()].sort((a, b) => b[1] - a[1]).slice(0, 30)) {
      console.log(`  ${name.padEnd(70)} ${kib(bytes).padStart(7)}`);
    }
  }
  return rows;
}

async function main(): Promise<void> {
  const handlers = [...new Set(deployedFunctions().map((entry) => entry.handler))];
  const unknown = positionals.filter((handler) => !handlers.includes(handler));
  if (unknown.length > 0) throw new Error(`Not a deployed handler: ${unknown.join(', ')}`);
  const timed = positionals.length > 0 ? positionals : handlers;
  const dir = mkdtempSync(path.join(tmpdir(), 'postbox-bundle-'));
  try {
    const runs = layouts.map((layout) => build(layout, handlers, dir, timed));
    const empty = probe([path.join(dir, 'empty.mjs')]);
    writeFileSync(empty.files[0] as string, 'export {};\n');
    timeAll([empty, ...runs.flatMap((run) => [...run.cold.values(), ...run.lazy.map((lazy) => lazy.probe)])]);
    const nodeVersion = spawnSync(flags.node, ['--version'], { encoding: 'utf8' }).stdout.trim();
    console.log(
      `node ${nodeVersion}; ${handlers.length} functions; cold import: median (p90) ms of ${RUNS} fresh processes, ` +
        `without and with --enable-source-maps (an empty module: ${stats(empty.withoutSourceMaps).median} ms)`,
    );
    const results = runs.map((run) => ({
      layout: run.layout,
      buildMs: run.buildMs,
      functions: report(run),
      lazyImports: run.lazy.map(({ probe: p, ...lazy }) => ({
        ...lazy,
        withoutSourceMaps: stats(p.withoutSourceMaps),
        withSourceMaps: stats(p.withSourceMaps),
      })),
    }));
    console.log(
      JSON.stringify({ node: nodeVersion, runs: RUNS, emptyModuleMs: stats(empty.withoutSourceMaps), results }),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
