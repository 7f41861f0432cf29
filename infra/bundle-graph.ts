/**
 * What a function loads, read from the esbuild metafile of its build (infra/bundling.ts):
 * its entry file and every chunk reached through static imports (eager: loaded at its cold start), and
 * the chunks reached only through an `import()` (lazy: loaded on first use). The benchmark and the
 * bundle tests measure and check functions with it.
 */
import * as path from 'node:path';
import type { Metafile } from 'esbuild';
import { type BuiltFunction, PROJECT_ROOT } from './bundling.ts';

export interface LazyImport {
  /** The output an `import()` loads. */
  output: string;
  /** The output whose code holds that `import()`. */
  from: string;
  /** What the first such import loads beyond the eager outputs: `output` and the chunks it imports. */
  loads: string[];
}

export interface FunctionGraph {
  /** The entry's output path (as the metafile names outputs: relative to the build's working directory). */
  entry: string;
  /** The entry and every output its static imports reach, transitively. */
  eager: string[];
  /** Outputs reached only through a dynamic import (from the eager ones or from each other). */
  lazy: string[];
  /** Every `import()` target outside the eager outputs, with what loading it adds. */
  lazyImports: LazyImport[];
}

/** Outputs reachable from `start` through imports of the given kinds (external ones aside). */
function reach(metafile: Metafile, start: Iterable<string>, follow: (kind: string) => boolean): Set<string> {
  const seen = new Set<string>();
  const stack = [...start];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    if (seen.has(next)) continue;
    seen.add(next);
    for (const imported of metafile.outputs[next]?.imports ?? []) {
      if (!imported.external && follow(imported.kind)) stack.push(imported.path);
    }
  }
  return seen;
}

/** The graph of a built function's entry (esbuild names outputs relative to PROJECT_ROOT, its working directory). */
export function functionGraph({ handler, entry: entryFile, metafile }: BuiltFunction): FunctionGraph {
  const entry = Object.keys(metafile.outputs).find((output) => outputFile(output) === entryFile);
  if (!entry) throw new Error(`${handler}: no output ${entryFile} in the metafile`);
  const eager = reach(metafile, [entry], (kind) => kind === 'import-statement');
  const lazyImports: LazyImport[] = [];
  for (const from of reach(metafile, [entry], () => true)) {
    for (const imported of metafile.outputs[from]?.imports ?? []) {
      if (imported.kind !== 'dynamic-import' || imported.external || eager.has(imported.path)) continue;
      if (lazyImports.some((known) => known.output === imported.path)) continue;
      const loads = [...reach(metafile, [imported.path], (kind) => kind === 'import-statement')];
      lazyImports.push({ output: imported.path, from, loads: loads.filter((output) => !eager.has(output)) });
    }
  }
  const lazy = [...new Set(lazyImports.flatMap((lazyImport) => lazyImport.loads))];
  return { entry, eager: [...eager], lazy, lazyImports };
}

/** An output's absolute path. */
export const outputFile = (output: string): string => path.resolve(PROJECT_ROOT, output);

/** The bytes of these output files (their code, not their source maps). */
export function outputBytes(metafile: Metafile, outputs: readonly string[]): number {
  return outputs.reduce((sum, output) => sum + (metafile.outputs[output]?.bytes ?? 0), 0);
}

/** The bytes of these outputs' source maps. */
export function sourceMapBytes(metafile: Metafile, outputs: readonly string[]): number {
  return outputBytes(
    metafile,
    outputs.map((output) => `${output}.map`),
  );
}

/** The source modules bundled into these outputs (repository-relative, `node_modules/…` for packages). */
export function inputsOf(metafile: Metafile, outputs: readonly string[]): string[] {
  return [...new Set(outputs.flatMap((output) => Object.keys(metafile.outputs[output]?.inputs ?? {})))];
}

/** Each input's bytes in these outputs (after minification): what makes a function's code large. */
export function inputBytes(metafile: Metafile, outputs: readonly string[]): Map<string, number> {
  const bytes = new Map<string, number>();
  for (const output of outputs) {
    for (const [input, { bytesInOutput }] of Object.entries(metafile.outputs[output]?.inputs ?? {})) {
      bytes.set(input, (bytes.get(input) ?? 0) + bytesInOutput);
    }
  }
  return bytes;
}
