/**
 * cdk-nag's AwsSolutions and Serverless rule packs over the whole app: no finding that is not
 * acknowledged with its reason in infra/nag-acknowledgements.ts. Run after `app.synth()` with
 * `validateScope` (cdk-nag 3's entry point for tests). Both with and without a region, since finding
 * ids can name it.
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { App } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import { AwsSolutionsChecks, ServerlessChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../infra/functions.ts';
import { PostboxStack } from '../../infra/stack.ts';

function appWith(env?: { region: string; account?: string }): { app: App; stack: PostboxStack } {
  const cdkJson = JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'cdk.json'), 'utf8')) as {
    context?: Record<string, unknown>;
  };
  const app = new App({ context: { ...cdkJson.context, 'aws:cdk:bundling-stacks': [] } });
  const stack = new PostboxStack(app, 'Postbox', env ? { env } : {});
  return { app, stack };
}

/** Every unacknowledged finding of both packs: `rule at resource`. */
function findings(app: App): string[] {
  app.synth();
  return [new AwsSolutionsChecks(), new ServerlessChecks()].flatMap((pack) =>
    pack
      .validateScope(app)
      .violations.flatMap((violation) =>
        violation.violatingResources.map((resource) => `${violation.ruleName} at ${resource.resourceLogicalId}`),
      ),
  );
}

describe('cdk-nag (AwsSolutions, Serverless)', () => {
  it.each([
    ['without an environment', undefined],
    ['in a region and account', { region: 'eu-west-1', account: '123456789012' }],
  ])('finds nothing unacknowledged %s', (_name, env) => {
    expect(findings(appWith(env).app)).toEqual([]);
  });

  it('finds what is not acknowledged (the check is not vacuous)', () => {
    const { app, stack } = appWith();
    stack.defaultRouteFunction.function.role?.addManagedPolicy(
      iam.ManagedPolicy.fromAwsManagedPolicyName('AmazonDynamoDBFullAccess'),
    );
    expect(findings(app).some((finding) => finding.startsWith('AwsSolutions-IAM4'))).toBe(true);
  });
});
