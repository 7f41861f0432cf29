/**
 * Opt-in email receiving (`cdk deploy -c receiving=true`): an SES receipt rule that scans each message,
 * stores it in the attachments bucket under `inbound/raw/` and publishes SES's `Received` notification to
 * a topic the inbound queue subscribes to with raw delivery (the queue's body is the notification, which
 * shared/inbound/receipt.ts parses). The rule goes in the stack's own rule set, activated by a custom
 * resource, or in an existing one (`-c receiptRuleSet=<name>`). docs/deploy.md, "Receiving email".
 */
import { ArnFormat, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import * as ses from 'aws-cdk-lib/aws-ses';
import * as sns from 'aws-cdk-lib/aws-sns';
import { SqsSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import * as cr from 'aws-cdk-lib/custom-resources';
import type { Construct } from 'constructs';
import { attachmentsBucket, INBOUND_RETENTION_DAYS, MAX_INBOUND_RETENTION_DAYS } from '#platform/buckets.ts';

/** What `-c receiving=true` and `-c receiptRuleSet=<name>` ask for. */
export interface ReceivingSettings {
  /** An existing (active) rule set to add the rule to; the stack makes and activates its own without one. */
  ruleSetName?: string;
}

/** SES's rule for rule set and rule names: letters, digits, `_`, `-`, `.`, at most 64, a letter or digit at each end. */
const SES_RECEIPT_NAME = /^[A-Za-z0-9](?:[A-Za-z0-9_.-]{0,62}[A-Za-z0-9])?$/;

/** Days a received message is kept: a whole number from 1 to MAX_INBOUND_RETENTION_DAYS, or an error saying so. */
export function inboundRetentionDays(value: unknown): number {
  if (value === undefined) return INBOUND_RETENTION_DAYS;
  const days = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
  if (typeof days !== 'number' || !Number.isInteger(days) || days < 1 || days > MAX_INBOUND_RETENTION_DAYS) {
    throw new Error(
      `inboundRetentionDays must be a whole number of days from 1 to ${MAX_INBOUND_RETENTION_DAYS} (got ${JSON.stringify(value)})`,
    );
  }
  return days;
}

/**
 * The receiving settings of the app's context (`-c receiving=true`, `-c receiptRuleSet=<name>`,
 * `-c inboundRetentionDays=<days>`), checked: anything else stops synthesis with the reason.
 */
export function receivingFromContext(context: (key: string) => unknown): {
  receiving?: ReceivingSettings;
  inboundRetentionDays?: number;
} {
  const on = context('receiving');
  if (on !== undefined && ![true, false, 'true', 'false'].includes(on as string | boolean)) {
    throw new Error(`receiving must be true or false (got ${JSON.stringify(on)})`);
  }
  const ruleSetName = context('receiptRuleSet');
  const receiving = on === true || on === 'true';
  if (ruleSetName !== undefined) {
    if (!receiving) throw new Error('receiptRuleSet names where the receipt rule goes: pass -c receiving=true too');
    if (typeof ruleSetName !== 'string' || !SES_RECEIPT_NAME.test(ruleSetName)) {
      throw new Error(`receiptRuleSet ${JSON.stringify(ruleSetName)} is not an SES receipt rule set name`);
    }
  }
  const days = context('inboundRetentionDays');
  return {
    ...(receiving ? { receiving: ruleSetName === undefined ? {} : { ruleSetName: ruleSetName as string } } : {}),
    ...(days === undefined ? {} : { inboundRetentionDays: inboundRetentionDays(days) }),
  };
}

/** An SES name for one of the stack's receiving resources: the stack's name in lower case and a suffix (`postbox-inbound`). */
export function receivingResourceName(stackName: string, suffix: string): string {
  return `${stackName.toLowerCase().slice(0, 63 - suffix.length)}-${suffix}`;
}

export interface InboundReceivingProps {
  bucket: s3.Bucket;
  /** The inbound queue (its consumer parses the notifications). */
  queue: sqs.IQueue;
  settings: ReceivingSettings;
}

export interface InboundReceiving {
  /** Where SES publishes each message's `Received` notification. */
  topic: sns.Topic;
  /** The inbound queue's subscription to the topic (made in the queue's scope). */
  subscription: sns.Subscription;
  rule: ses.ReceiptRule;
  ruleSetName: string;
  /** The stack's own rule set, when it makes one (none with `receiptRuleSet`). */
  ruleSet?: ses.ReceiptRuleSet;
  /** What activates the stack's own rule set, and the role it runs as. */
  activation?: { resource: cr.AwsCustomResource; role: iam.Role };
}

/**
 * The S3 action by hand rather than aws-ses-actions' S3, which also adds a bucket statement held by
 * aws:SourceAccount alone: allows add up, so the rule-scoped statement below would be moot beside it.
 */
const storeIn = (bucket: s3.IBucket, topic: sns.ITopic): ses.IReceiptRuleAction => ({
  bind: () => ({
    s3Action: {
      bucketName: bucket.bucketName,
      objectKeyPrefix: attachmentsBucket.prefixes.inboundRaw,
      topicArn: topic.topicArn,
    },
  }),
});

export function createInboundReceiving(scope: Construct, props: InboundReceivingProps): InboundReceiving {
  const stack = Stack.of(scope);
  const ruleSetName = props.settings.ruleSetName ?? receivingResourceName(stack.stackName, 'receiving');
  const ruleName = receivingResourceName(stack.stackName, 'inbound');
  // Built from the names, not from the rule: the policies below must exist before the rule (SES checks
  // it may write and publish when the rule is created), so they cannot refer to it.
  const ruleArn = stack.formatArn({
    service: 'ses',
    resource: 'receipt-rule-set',
    resourceName: `${ruleSetName}:receipt-rule/${ruleName}`,
    arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
  });
  const onlyThisRule = { StringEquals: { 'aws:SourceAccount': stack.account, 'aws:SourceArn': ruleArn } };
  const sesPrincipal = new iam.ServicePrincipal('ses.amazonaws.com');

  // Not encrypted at rest, like the SES events topic: SES can publish to an encrypted topic only if the
  // key policy lets it use the key, which the AWS-managed key (alias/aws/sns) cannot; a customer-managed
  // key would cost another key for messages that are transient (handed at once to the inbound queue,
  // which is encrypted) and hold headers, never a body (that is in the bucket). TLS only.
  const topic = new sns.Topic(scope, 'InboundTopic', { displayName: 'Postbox received email', enforceSSL: true });
  topic.addToResourcePolicy(
    new iam.PolicyStatement({
      sid: 'AllowThisReceiptRule',
      principals: [sesPrincipal],
      actions: ['sns:Publish'],
      resources: [topic.topicArn],
      conditions: onlyThisRule,
    }),
  );
  // Raw delivery: the queue's message is SES's notification itself, as the local SMTP server sends it.
  const subscription = topic.addSubscription(new SqsSubscription(props.queue, { rawMessageDelivery: true }));

  props.bucket.addToResourcePolicy(
    new iam.PolicyStatement({
      sid: 'AllowThisReceiptRulePuts',
      principals: [sesPrincipal],
      actions: ['s3:PutObject'],
      resources: [props.bucket.arnForObjects(`${attachmentsBucket.prefixes.inboundRaw}*`)],
      conditions: onlyThisRule,
    }),
  );

  const ruleSet = props.settings.ruleSetName
    ? undefined
    : new ses.ReceiptRuleSet(scope, 'InboundRuleSet', { receiptRuleSetName: ruleSetName });
  const rule = new ses.ReceiptRule(scope, 'InboundRule', {
    ruleSet: ruleSet ?? ses.ReceiptRuleSet.fromReceiptRuleSetName(scope, 'ExistingRuleSet', ruleSetName),
    receiptRuleName: ruleName,
    enabled: true,
    // Spam and virus verdicts on every message (the parser withholds the files of a virus `fail`).
    scanEnabled: true,
    // OPTIONAL: SES always offers STARTTLS and senders nearly always take it; REQUIRE would bounce the
    // mail of the few servers that still send in clear, and their senders cannot change that.
    tlsPolicy: ses.TlsPolicy.OPTIONAL,
    // No recipients: every verified identity whose MX points here. The parser drops recipients no
    // organization receives for.
    actions: [storeIn(props.bucket, topic)],
  });
  for (const policy of [props.bucket.policy, topic.node.tryFindChild('Policy')]) {
    if (policy) rule.node.addDependency(policy);
  }

  return {
    topic,
    subscription,
    rule,
    ruleSetName,
    ...(ruleSet ? { ruleSet, activation: activate(scope, ruleSet, rule) } : {}),
  };
}

/**
 * Makes the stack's rule set the region's active one (SES has one per account and region). On delete it
 * deactivates receiving: SES will not delete an active set, and a custom resource cannot first ask which
 * set is active, so whatever set is active then is turned off (docs/deploy.md says so).
 */
function activate(
  scope: Construct,
  ruleSet: ses.ReceiptRuleSet,
  rule: ses.ReceiptRule,
): { resource: cr.AwsCustomResource; role: iam.Role } {
  const logGroup = new logs.LogGroup(scope, 'InboundRuleSetActivationLogs', {
    retention: logs.RetentionDays.ONE_MONTH,
    removalPolicy: RemovalPolicy.DESTROY,
  });
  // Its own role, not the provider's default (AWSLambdaBasicExecutionRole: every log group of the
  // account): writing to its log group and the one SES call. SetActiveReceiptRuleSet names no resource
  // IAM could check, hence `*`.
  const role = new iam.Role(scope, 'InboundRuleSetActivationRole', {
    assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
    inlinePolicies: {
      activate: new iam.PolicyDocument({
        statements: [
          new iam.PolicyStatement({
            actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
            resources: [logGroup.logGroupArn],
          }),
          new iam.PolicyStatement({ actions: ['ses:SetActiveReceiptRuleSet'], resources: ['*'] }),
        ],
      }),
    },
  });
  const call = (parameters: Record<string, string>): cr.AwsSdkCall => ({
    service: 'SES',
    action: 'setActiveReceiptRuleSet',
    parameters,
    physicalResourceId: cr.PhysicalResourceId.of(ruleSet.receiptRuleSetName),
  });
  const resource = new cr.AwsCustomResource(scope, 'InboundRuleSetActivation', {
    onCreate: call({ RuleSetName: ruleSet.receiptRuleSetName }),
    onUpdate: call({ RuleSetName: ruleSet.receiptRuleSetName }),
    // No name: no active set.
    onDelete: call({}),
    role,
    logGroup,
    memorySize: 256,
    timeout: Duration.minutes(1),
    // The runtime's SDK has SES v1: nothing is downloaded at deploy time.
    installLatestAwsSdk: false,
  });
  // Activated once its rule exists, so the set never takes mail it has nothing to do with.
  resource.node.addDependency(rule);
  return { resource, role };
}
