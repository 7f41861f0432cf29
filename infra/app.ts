/**
 * The CDK app (cdk.json runs it with tsx). The stack is environment-agnostic unless the
 * CDK CLI (or the caller) sets CDK_DEFAULT_ACCOUNT / CDK_DEFAULT_REGION.
 */
import { App } from 'aws-cdk-lib';
import { PostboxStack } from './stack.ts';

const app = new App();
const account = process.env.CDK_DEFAULT_ACCOUNT || undefined;
const region = process.env.CDK_DEFAULT_REGION || undefined;

new PostboxStack(app, 'Postbox', {
  ...(account || region ? { env: { account, region } } : {}),
  description: 'Postbox: transactional email API',
});
