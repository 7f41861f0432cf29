/**
 * The CDK app (cdk.json runs it with tsx). The stack's name comes from `-c stackName=…` (default
 * `Postbox`): the SES configuration set, the key alias and the API are named after it, so two stacks
 * (say `PostboxStaging` and `PostboxProduction`) can live in one account and region. The region is
 * never guessed: it comes from `-c region=…` or the AWS configuration (AWS_REGION, the profile's
 * region), and synthesis stops with an error when neither gives one (infra/stack-environment.ts).
 * Receiving email is opt-in: `-c receiving=true` [`-c receiptRuleSet=<name>`] [`-c inboundRetentionDays=<n>`].
 */
import { loadConfig, NODE_REGION_CONFIG_FILE_OPTIONS, NODE_REGION_CONFIG_OPTIONS } from '@smithy/core/config';
import { App } from 'aws-cdk-lib';
import { receivingFromContext } from './inbound-receiving.ts';
import { PostboxStack } from './stack.ts';
import { stackEnvironment } from './stack-environment.ts';

const app = new App();
// The region the AWS SDK would use (AWS_REGION, the profile's config), if any.
const configuredRegion = await loadConfig(NODE_REGION_CONFIG_OPTIONS, NODE_REGION_CONFIG_FILE_OPTIONS)().catch(
  () => undefined,
);
const { stackName, account, region } = stackEnvironment(
  app.node.tryGetContext.bind(app.node),
  process.env,
  configuredRegion,
);

new PostboxStack(app, stackName, {
  env: { account, region },
  description: 'Postbox: transactional email API',
  ...receivingFromContext(app.node.tryGetContext.bind(app.node)),
});
