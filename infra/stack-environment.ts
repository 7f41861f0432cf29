/**
 * Where the app deploys, checked before anything is built: a stack name CloudFormation accepts, and
 * a region that was given rather than guessed. The CDK CLI's CDK_DEFAULT_REGION is not used for the
 * region: the CLI sets it to us-east-1 when nothing is configured, which is exactly the silent guess
 * to refuse. The region comes from `-c region=…` or from the AWS configuration the SDK itself reads
 * (AWS_REGION, or the profile's `region` in ~/.aws/config).
 */

export const DEFAULT_STACK_NAME = 'Postbox';

export interface StackEnvironment {
  stackName: string;
  region: string;
  /** Absent when the CLI has no credentials (synth works without them). */
  account: string | undefined;
}

/** CloudFormation's rule for stack names: a letter, then letters, digits and hyphens, at most 128. */
const STACK_NAME = /^[A-Za-z][A-Za-z0-9-]{0,127}$/;
/** An AWS region name such as `eu-west-1` or `us-gov-west-1`. */
const REGION = /^[a-z]{2}(-[a-z]+)+-\d$/;

export function stackEnvironment(
  context: (key: string) => unknown,
  env: Readonly<Record<string, string | undefined>>,
  /** The region of the AWS configuration (see above), if it has one. */
  configuredRegion: string | undefined,
): StackEnvironment {
  const stackName = String(context('stackName') ?? DEFAULT_STACK_NAME);
  if (!STACK_NAME.test(stackName)) {
    throw new Error(
      `Stack name "${stackName}" is not valid: a letter, then letters, digits and hyphens (at most 128 characters)`,
    );
  }
  const region = String(context('region') ?? configuredRegion ?? '');
  if (region === '') {
    throw new Error(
      'No region: pass -c region=<region> (e.g. cdk deploy -c region=eu-west-1), set AWS_REGION, or configure ' +
        'one for the AWS profile. Postbox does not guess a region.',
    );
  }
  if (!REGION.test(region)) throw new Error(`Region "${region}" is not an AWS region name`);
  const account = env.CDK_DEFAULT_ACCOUNT || undefined;
  return { stackName, region, account };
}
/**
 * The SES configuration set every email is sent through (SES_CONFIGURATION_SET of the functions
 * that declare `ses: ['send']`), named after the stack so that two stacks (staging and
 * production) can live in one account and region. SES allows letters, digits, `-` and `_`, at most
 * 64 characters; a stack name is letters, digits and hyphens.
 */
export function sesConfigurationSetName(stackName: string): string {
  return stackName.toLowerCase().slice(0, 64);
}
