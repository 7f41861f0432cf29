/**
 * A function's code: its own asset, built with esbuild's JavaScript API (infra/bundling.ts:
 * `buildFunction`, code splitting for its lazy imports) through the CDK's local bundling, which skips it
 * where the CDK skips bundling (`aws:cdk:bundling-stacks`) and stages each asset once per synthesis.
 * Not NodejsFunction: its esbuild call writes one file (`outfile`), which rules out code splitting.
 */
import { AssetHashType, BundlingOutput, DockerImage } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { buildFunction } from './bundling.ts';

/**
 * The asset of `handler` (a path from `projectRoot`, as in the route table), entry `index.mjs`: its
 * Lambda handler is `index.handler`.
 */
export function functionCode(projectRoot: string, handler: string): lambda.Code {
  return lambda.Code.fromAsset(projectRoot, {
    // Hashed from the build's output: a function whose code did not change is not deployed again.
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      // Never pulled: the local build below succeeds or throws (no Docker: docs/deploy.md).
      image: DockerImage.fromRegistry('postbox-local-bundling-only'),
      // Never run either; it names the handler in the CDK's asset cache key, which leaves `local` out.
      command: ['esbuild', handler],
      outputType: BundlingOutput.NOT_ARCHIVED,
      local: {
        tryBundle(outputDir) {
          buildFunction(handler, outputDir);
          return true;
        },
      },
    },
  });
}
