/**
 * The cdk-nag findings (AwsSolutions and Serverless packs, test/infra/cdk-nag.test.ts) that Postbox
 * keeps on purpose, each with its reason. Every other finding fails the tests. An acknowledgement
 * covers the construct it is made on and what it contains; each is made on the narrowest construct
 * that holds the finding.
 */
import { type CfnElement, Stack, Token, Validations } from 'aws-cdk-lib';
import { AwsCustomResource } from 'aws-cdk-lib/custom-resources';
import type { IConstruct } from 'constructs';

/** The parts of the PostboxStack that hold acknowledged findings (a type of its own: no import cycle). */
export interface AcknowledgedParts extends IConstruct {
  api: IConstruct;
  apiRoutesStack: IConstruct;
  routeFunctions: ReadonlyArray<{ fn: IConstruct }>;
  dashboardFunction: IConstruct;
  defaultRouteFunction: IConstruct;
  consumerFunctions: ReadonlyArray<{ fn: IConstruct }>;
  notificationFunctions: ReadonlyArray<{ fn: IConstruct; deadLetterQueue: IConstruct }>;
  scheduledFunctionsBuilt: ReadonlyArray<{ fn: IConstruct; deadLetterQueue: IConstruct }>;
  streamFunctions: ReadonlyArray<{ fn: IConstruct; deadLetterQueue: IConstruct }>;
  table: IConstruct;
  attachmentsBucket: IConstruct;
  everyDeadLetterQueue: Readonly<Record<string, IConstruct>>;
  alarmTopic: IConstruct;
  /** The opt-in receipt rule's parts (inbound-receiving.ts), when the stack receives email. */
  receiving?: { subscription: IConstruct; activation?: { role: IConstruct } };
}

const acknowledge = (scope: IConstruct, id: string, reason: string): void =>
  Validations.of(scope).acknowledge({ id, reason });

export function acknowledgeNagFindings(stack: AcknowledgedParts): void {
  acknowledge(
    stack,
    'AwsSolutions-L1',
    'Node.js 22 is the runtime Postbox is built and tested for (package.json engines, esbuild target node22); a runtime upgrade is a tested change, not a default.',
  );
  acknowledge(stack, 'Serverless-LambdaLatestVersion', 'As AwsSolutions-L1: Node.js 22 is the tested runtime.');
  acknowledge(
    stack,
    'Serverless-LambdaTracing',
    'No X-Ray: it bills per trace and needs xray:PutTraceSegments on "*"; a request is one hop (API Gateway → function → DynamoDB/SQS), and its request id is on the access log line and on every log line it causes.',
  );
  // The API's own routes ($default, the dashboard) and those of its nested stack (every API route).
  for (const routes of [stack.api, stack.apiRoutesStack]) {
    acknowledge(
      routes,
      'AwsSolutions-APIG4',
      'Authorization is the API key (Authorization: Bearer), checked by the shared middleware of every function (hash lookup, revocation, environment, permission); dashboard pages use a signed session cookie. A Lambda authorizer would add a second invocation per request for the same check.',
    );
  }

  // Dead letters: each function's failures already go somewhere, by how it is invoked.
  const functionsBy = (built: ReadonlyArray<{ fn: IConstruct }>) => built.map(({ fn }) => fn);
  const deadLetterPaths: Array<[IConstruct[], string, string]> = [
    [
      [...functionsBy(stack.routeFunctions), stack.dashboardFunction, stack.defaultRouteFunction],
      'Serverless-LambdaDLQ',
      'Invoked synchronously by API Gateway: a failure is answered to the caller (500), there is no event to keep.',
    ],
    [
      functionsBy(stack.consumerFunctions),
      'Serverless-LambdaDLQ',
      'Fed by an SQS event source mapping: a message that keeps failing moves to the queue’s dead-letter queue (redrive policy), which is alarmed.',
    ],
    [
      functionsBy(stack.notificationFunctions),
      'Serverless-LambdaDLQ',
      'Invoked asynchronously by SNS: its on-failure destination is its dead-letter queue (an invocation record per failed event), which is alarmed.',
    ],
    [
      functionsBy(stack.scheduledFunctionsBuilt),
      'Serverless-LambdaDLQ',
      'Run every minute by EventBridge: a failed run is redone by the next one (its work is in the table), and its errors are alarmed; runs EventBridge cannot deliver go to the target’s dead-letter queue.',
    ],
    [
      functionsBy(stack.streamFunctions),
      'Serverless-LambdaDLQ',
      'Fed by the table stream’s event source mapping: a batch that keeps failing (after bisecting and 10 retries) is described in the mapping’s on-failure destination, a dead-letter queue, which is alarmed.',
    ],
    [
      functionsBy(stack.consumerFunctions),
      'Serverless-LambdaEventSourceMappingDestination',
      'An SQS event source mapping has no on-failure destination (only stream and Kafka sources do); the queue’s redrive policy is its dead-letter path.',
    ],
  ];
  for (const [functions, id, reason] of deadLetterPaths) {
    for (const fn of functions) acknowledge(fn, id, reason);
  }

  // Dead-letter queues have no dead-letter queue of their own.
  for (const queue of Object.values(stack.everyDeadLetterQueue)) {
    acknowledge(
      queue,
      'Serverless-SQSRedrivePolicy',
      'A dead-letter queue: the end of the line, alarmed when it holds a message.',
    );
    acknowledge(
      queue,
      'AwsSolutions-SQS3',
      'A dead-letter queue (of a queue, an SNS subscription, a Lambda on-failure destination or an EventBridge target).',
    );
  }

  acknowledge(
    stack.alarmTopic,
    'Serverless-SNSRedrivePolicy',
    'The alarm email subscription: an alarm notification SNS cannot deliver has nowhere better to go, and the alarm’s state and history stay in CloudWatch.',
  );

  // A table's stream ARN ends in a label DynamoDB picks when the stream is enabled; AWS documents
  // `<table>/stream/*` for a Lambda trigger's role (the table's own streams, no other table's).
  const tableId = Stack.of(stack).getLogicalId(stack.table.node.defaultChild as CfnElement);
  acknowledge(
    stack,
    `AwsSolutions-IAM5[Resource::<${tableId}.Arn>/stream/*]`,
    'The stream’s label is chosen by DynamoDB when the stream is enabled: `<table>/stream/*` names this table’s streams only, as AWS documents for Lambda triggers.',
  );

  // SES identities are the organizations' domains, known only at run time.
  const stackOf = Stack.of(stack);
  const literal = (value: string, placeholder: string): string => (Token.isUnresolved(value) ? placeholder : value);
  const identities = `arn:<AWS::Partition>:ses:${literal(stackOf.region, '<AWS::Region>')}:${literal(stackOf.account, '<AWS::AccountId>')}:identity/*`;
  acknowledge(
    stack,
    `AwsSolutions-IAM5[Resource::${identities}]`,
    'SES identities are the sending domains organizations add at run time; the statement is held to this account and region, and SendEmail also to the stack’s configuration set.',
  );

  // Attachment objects are named by organization and content hash or upload id, known only at run
  // time: each grant is held to one prefix of the one bucket (route-access.ts attachmentGrants).
  const bucketId = stackOf.getLogicalId(stack.attachmentsBucket.node.defaultChild as CfnElement);
  for (const prefix of ['uploads', 'blobs']) {
    acknowledge(
      stack,
      `AwsSolutions-IAM5[Resource::<${bucketId}.Arn>/${prefix}/*]`,
      `Objects under ${prefix}/ are named by organization and upload id or content hash at run time; each grant is object reads or writes on one prefix of the attachments bucket, never a listing.`,
    );
  }
  for (const [prefix, naming] of [
    ['inbound/raw', 'SES receiving names each stored message by its own message id'],
    ['inbound/files', 'a received message’s files are named by organization, record id and content hash'],
  ]) {
    acknowledge(
      stack,
      `AwsSolutions-IAM5[Resource::<${bucketId}.Arn>/${prefix}/*]`,
      `Under ${prefix}/ ${naming}, at run time; each grant is object reads, writes or deletes on that one prefix of the attachments bucket, never a listing.`,
    );
  }
  if (stack.receiving) acknowledgeReceivingFindings(stack.receiving);

  acknowledge(
    stack.attachmentsBucket,
    'AwsSolutions-S1',
    'No server access logs: objects are written only by Postbox’s functions (each request logged with its organization) or through a URL one of them presigned for an hour for one organization; an operator who needs object-level audit turns on CloudTrail data events for the bucket.',
  );
}

/** The opt-in receipt rule's (inbound-receiving.ts): its subscription and the rule set's activation. */
function acknowledgeReceivingFindings(receiving: NonNullable<AcknowledgedParts['receiving']>): void {
  acknowledge(
    receiving.subscription,
    'Serverless-SNSRedrivePolicy',
    'The received-email topic’s subscription of the inbound queue, in this account and region: SNS retries a delivery to SQS 100,015 times over 23 days, and what it still cannot deliver is a broken queue policy, which the stack’s tests check; SES’s copy of each message stays under inbound/raw/ for 15 days.',
  );
  if (!receiving.activation) return;
  const { role } = receiving.activation;
  acknowledge(
    role,
    'AwsSolutions-IAM5[Resource::*]',
    'ses:SetActiveReceiptRuleSet, the role’s one SES action, has no resource type IAM can check: it can only be granted on `*`.',
  );
  acknowledge(
    role,
    'Serverless-LambdaStarPermissions',
    'As AwsSolutions-IAM5: ses:SetActiveReceiptRuleSet is granted on `*`, the only way.',
  );
  // CDK's AwsCustomResource provider: one function per stack, made at the stack's root.
  const provider = Stack.of(role).node.tryFindChild(`AWS${AwsCustomResource.PROVIDER_FUNCTION_UUID.replace(/-/g, '')}`);
  if (!provider) return;
  acknowledge(
    provider,
    'Serverless-LambdaDLQ',
    'Invoked by CloudFormation for the rule set’s activation: a failure fails the deploy (and rolls it back), there is no event to keep.',
  );
}
