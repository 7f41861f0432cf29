/**
 * How every Lambda function is built: an esbuild run per function (ES modules, code splitting), so
 * code behind an `import()` (template rendering, attachment storage…) is a chunk of its own, loaded on
 * first use, not at the cold start. infra/function-code.ts makes each function's asset with it; the
 * benchmark (bench/bundle.ts) and the bundle tests build through it too, so they measure what deploys.
 * Why this layout, the bundled AWS SDK and the shims: docs/decisions.md (Bundles).
 */
import { copyFileSync, readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BuildOptions, buildSync, type Metafile } from 'esbuild';

/** The repository root: where handler paths, aliases and data files are relative to. */
export const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Matches Runtime.NODEJS_22_X in infra/api-function.ts. */
export const ESBUILD_TARGET = 'node22';

/** Prefer ES module entry points: they tree-shake better than CommonJS ones. */
const MAIN_FIELDS = ['module', 'main'];

/**
 * ESM output has no `require`; CommonJS dependencies bundled into it still call it for Node
 * built-ins. Defined at the top of every output file (each chunk is a module of its own). The import
 * is aliased so it cannot clash with an identifier inside the bundle.
 */
export const REQUIRE_BANNER =
  "import { createRequire as __postboxCreateRequire } from 'node:module'; const require = __postboxCreateRequire(import.meta.url);";

/**
 * Packages swapped for a smaller stand-in in the bundles only (paths relative to the repository
 * root); each stand-in says why it is equivalent on Lambda.
 */
export const BUNDLE_ALIASES: Readonly<Record<string, string>> = {
  '@aws-sdk/credential-provider-node': './infra/lambda-shims/credential-provider-node.ts',
  'disposable-email-domains-js': './infra/lambda-shims/disposable-email-domains.ts',
  'source-map': './infra/lambda-shims/no-source-map.ts',
};

/**
 * Data files the code reads at run time (`new URL('./<target>', import.meta.url)`) instead of carrying
 * them, copied into a function's folder when some output file there names the target. A function's
 * files (entry and chunks) share one folder, so the relative URL resolves from whichever the code is in.
 */
export const BUNDLE_DATA_FILES: ReadonlyArray<{ source: string; target: string }> = [
  {
    source: 'node_modules/disposable-email-domains-js/dist/dict/disposable_email_blocklist.json',
    target: 'disposable-email-domains.json',
  },
  // The API reference's script (shared/http/reference.ts): 4.3 MB, served from a file, not bundled.
  { source: 'node_modules/@scalar/api-reference/dist/browser/standalone.js', target: 'scalar-standalone.js' },
];

/** A handler module's folder name in a build of several (`functions/emails/send.ts` → `functions-emails-send`). */
export function bundleName(handler: string): string {
  return handler.replace(/\.ts$/, '').replace(/[^A-Za-z0-9_-]+/g, '-');
}

/**
 * How a build lays out several functions (the benchmark compares them; what deploys is `per-function`):
 * - `per-function`: one esbuild run per function, code splitting on, in `<outdir>/<bundleName>/`: its
 *   entry `index.mjs` plus a chunk per `import()` it makes (and what those share with the entry);
 * - `shared`: one run for every function, code splitting across them, all in `<outdir>/` (entries
 *   `<bundleName>.mjs`): no code twice, but a function's code is spread over many small chunks, each a
 *   module Node must load (docs/decisions.md, Bundles, for the measurements);
 * - `whole`: one run per function, no splitting: one file each, `import()`s inlined (before splitting).
 */
export type BundleLayout = 'per-function' | 'shared' | 'whole';

/** The esbuild options of one run: `entries` (output name → handler path from the repository root) into `outdir`. */
function buildOptions(entries: Readonly<Record<string, string>>, outdir: string, splitting = true): BuildOptions {
  return {
    // The handlers' and aliases' relative paths resolve from here.
    absWorkingDir: PROJECT_ROOT,
    entryPoints: { ...entries },
    outdir,
    outExtension: { '.js': '.mjs' },
    splitting,
    chunkNames: 'chunk-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: ESBUILD_TARGET,
    minify: true,
    sourcemap: true,
    mainFields: MAIN_FIELDS,
    banner: { js: REQUIRE_BANNER },
    // The AWS SDK too: see docs/decisions.md (Bundles).
    external: [],
    alias: { ...BUNDLE_ALIASES },
    metafile: true,
    logLevel: 'warning',
  };
}

/** Copies BUNDLE_DATA_FILES into `outdir` when some output file there names them. */
export function copyBundleDataFiles(outdir: string): void {
  const code = readdirSync(outdir)
    .filter((file) => file.endsWith('.mjs'))
    .map((file) => readFileSync(path.join(outdir, file), 'utf8'));
  for (const { source, target } of BUNDLE_DATA_FILES) {
    if (code.some((text) => text.includes(target))) {
      copyFileSync(path.join(PROJECT_ROOT, source), path.join(outdir, target));
    }
  }
}

function run(entries: Record<string, string>, outdir: string, splitting: boolean): Metafile {
  const { metafile } = buildSync(buildOptions(entries, outdir, splitting));
  copyBundleDataFiles(outdir);
  if (!metafile) throw new Error('esbuild returned no metafile');
  return metafile;
}

/**
 * What deploys: `handler` built into `outdir` (its Lambda asset), entry `index.mjs`, a chunk per
 * `import()`, with its data files; returns esbuild's metafile (what each output holds and imports).
 * Synchronous: the CDK's local bundling hook, which calls it, is.
 */
export function buildFunction(handler: string, outdir: string): Metafile {
  return run({ index: handler }, outdir, true);
}

export interface BuiltFunction {
  handler: string;
  /** Its entry file (absolute). */
  entry: string;
  /** The metafile of the run that built it (shared by every function in the `shared` layout). */
  metafile: Metafile;
}

/** Several functions built in one of the layouts (the benchmark, the bundle tests). */
export function buildFunctions(handlers: readonly string[], outdir: string, layout: BundleLayout): BuiltFunction[] {
  if (layout === 'shared') {
    const metafile = run(Object.fromEntries(handlers.map((h) => [bundleName(h), h])), outdir, true);
    return handlers.map((handler) => ({ handler, entry: path.join(outdir, `${bundleName(handler)}.mjs`), metafile }));
  }
  return handlers.map((handler) => {
    const dir = path.join(outdir, bundleName(handler));
    const metafile = layout === 'per-function' ? buildFunction(handler, dir) : run({ index: handler }, dir, false);
    return { handler, entry: path.join(dir, 'index.mjs'), metafile };
  });
}
