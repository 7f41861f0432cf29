/**
 * The esbuild options every Lambda function is built with, in two forms that must stay equivalent:
 * `lambdaBundling` for NodejsFunction's `bundling` prop (the CDK runs the esbuild CLI) and
 * `esbuildOptionsFor` for `esbuild.build` (the bundle-size benchmark, bench/bundle.ts), so the benchmark
 * measures exactly what is deployed. Why the AWS SDK is bundled, and the shims: docs/decisions.md,
 * "Libraries we chose" (Bundles).
 */

import { copyFileSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BundlingOptions, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { BuildOptions } from 'esbuild';

const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Matches Runtime.NODEJS_22_X in infra/api-function.ts. */
export const ESBUILD_TARGET = 'node22';

/** Prefer ES module entry points: they tree-shake better than CommonJS ones. */
const MAIN_FIELDS = ['module', 'main'];

/**
 * ESM output has no `require`; CommonJS dependencies bundled into it still call it for
 * Node built-ins. Define it at the top of the bundle. The import is aliased so it cannot
 * clash with an identifier inside the bundle.
 */
export const REQUIRE_BANNER =
  "import { createRequire as __postboxCreateRequire } from 'node:module'; const require = __postboxCreateRequire(import.meta.url);";

/**
 * Packages swapped for a smaller stand-in in the bundles only (paths relative to the repository
 * root, where CDK runs esbuild); each stand-in says why it is equivalent on Lambda.
 */
export const BUNDLE_ALIASES: Readonly<Record<string, string>> = {
  '@aws-sdk/credential-provider-node': './infra/lambda-shims/credential-provider-node.ts',
  'disposable-email-domains-js': './infra/lambda-shims/disposable-email-domains.ts',
  'source-map': './infra/lambda-shims/no-source-map.ts',
};

/**
 * Data files a bundle reads at run time instead of carrying in its code, copied next to its
 * index.mjs when the bundle names the target (so only the functions that use one get it).
 */
export const BUNDLE_DATA_FILES: ReadonlyArray<{ source: string; target: string }> = [
  {
    source: 'node_modules/disposable-email-domains-js/dist/dict/disposable_email_blocklist.json',
    target: 'disposable-email-domains.json',
  },
  // The API reference's script (shared/http/reference.ts): 4.3 MB, served from a file, not bundled.
  { source: 'node_modules/@scalar/api-reference/dist/browser/standalone.js', target: 'scalar-standalone.js' },
];

const quote = (value: string): string => `'${value.replaceAll("'", `'\\''`)}'`;

/** Shell commands (NodejsFunction's afterBundling hook) that copy BUNDLE_DATA_FILES into an asset. */
function copyDataFilesCommands(inputDir: string, outputDir: string): string[] {
  return BUNDLE_DATA_FILES.map(({ source, target }) => {
    const bundle = quote(path.join(outputDir, 'index.mjs'));
    const from = quote(path.join(inputDir, source));
    return `if grep -qF ${quote(target)} ${bundle}; then cp ${from} ${quote(path.join(outputDir, target))}; fi`;
  });
}

/** The same for a bundle built with esbuildOptionsFor (the benchmark, the bundle tests). */
export function copyBundleDataFiles(outfile: string): void {
  const code = readFileSync(outfile, 'utf8');
  for (const { source, target } of BUNDLE_DATA_FILES) {
    if (code.includes(target)) copyFileSync(path.join(PROJECT_ROOT, source), path.join(path.dirname(outfile), target));
  }
}

/** For NodejsFunction's `bundling` prop (its ESM output file is index.mjs). */
export const lambdaBundling: BundlingOptions = {
  format: OutputFormat.ESM,
  target: ESBUILD_TARGET,
  minify: true,
  sourceMap: true,
  mainFields: MAIN_FIELDS,
  banner: REQUIRE_BANNER,
  // Bundle the SDK too; see the comment at the top of this file.
  bundleAwsSDK: true,
  externalModules: [],
  commandHooks: {
    beforeBundling: () => [],
    beforeInstall: () => [],
    afterBundling: copyDataFilesCommands,
  },
  esbuildArgs: {
    '--alias': Object.entries(BUNDLE_ALIASES).map(([name, replacement]) => `${name}=${replacement}`),
  },
};

/** The same build for `esbuild.build`, writing one .mjs bundle (plus its source map) to `outfile`. */
export function esbuildOptionsFor(entry: string, outfile: string): BuildOptions {
  return {
    // The aliases' relative paths resolve from here, as in CDK's build.
    absWorkingDir: PROJECT_ROOT,
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: ESBUILD_TARGET,
    minify: true,
    sourcemap: true,
    mainFields: MAIN_FIELDS,
    banner: { js: REQUIRE_BANNER },
    external: [],
    alias: { ...BUNDLE_ALIASES },
    logLevel: 'warning',
  };
}
