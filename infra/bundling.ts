/**
 * The esbuild options every Lambda function is built with, in two forms that must stay
 * equivalent: `lambdaBundling` for NodejsFunction's `bundling` prop (the CDK runs the
 * esbuild CLI), and `esbuildOptionsFor` for calling `esbuild.build` directly (the
 * bundle-size benchmark), so the benchmark measures exactly what is deployed.
 *
 * The AWS SDK v3 is bundled rather than taken from the Lambda runtime (NodejsFunction's
 * default externalizes `@aws-sdk/*`):
 *  - the SDK version is then the one in package-lock.json, tested with the code, not
 *    whatever version the runtime happens to ship (which changes under us without a deploy);
 *  - cold start is measured, not assumed: only the SDK clients and commands a handler
 *    imports are bundled (tree-shaken, minified, one file), instead of resolving many
 *    files of the runtime's copy at init; bench/bundle.ts reports the bundle size and the
 *    cold module-init time of a handler built with these exact options.
 */

import { type BundlingOptions, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { BuildOptions } from 'esbuild';

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
};

/** The same build for `esbuild.build`, writing one .mjs bundle (plus its source map) to `outfile`. */
export function esbuildOptionsFor(entry: string, outfile: string): BuildOptions {
  return {
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
    logLevel: 'warning',
  };
}
