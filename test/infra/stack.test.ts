/**
 * Synthesizes the stack (bundling skipped) and checks it against the route table: one
 * function per route, `$default`, consumer and notification handler and no other; exactly the
 * routes of the table; and for each function exactly the IAM actions, resources and conditions
 * the table declares (the middleware's grants held to its own partition keys and attributes;
 * KMS actions on the DKIM key only; SES actions on the account's identities only, sending also
 * on the configuration set). Also the SES configuration set, its event destination (every event
 * type, to the SNS topic SES may publish to) and each notification handler's subscription and
 * dead-letter queue.
 * Every expectation is computed from shared/*.ts, so the tests hold for any route table.
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { App } from 'aws-cdk-lib';
import { HttpMethod } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import type { CfnLogGroup } from 'aws-cdk-lib/aws-logs';
import type { CfnConfigurationSet } from 'aws-cdk-lib/aws-ses';
import * as ses from 'aws-cdk-lib/aws-ses';
import type { CfnTopic } from 'aws-cdk-lib/aws-sns';
import type { CfnQueue } from 'aws-cdk-lib/aws-sqs';
import { describe, expect, it } from 'vitest';
import { keys } from '#dynamo/keys.ts';
import { type QueueName, queueDefinitions, queueUrlEnvName, SEND_CONSUMER_TIMEOUT_SECONDS } from '#platform/queues.ts';
import {
  type KeyAccess,
  middlewarePartitionKeyPrefixes,
  middlewareTableActions,
  middlewareUpdatedAttributes,
  middlewareUpdateReturnValues,
  type ResourceAccess,
  type SesAccess,
  sesActions,
  tableActions,
  tableStreamActions,
} from '#platform/route-access.ts';
import { type NotificationHandlerDefinition, routePaths } from '#platform/routes.ts';
import { configurationSetFor, TRACKING_COMBINATIONS } from '#platform/ses-configuration-sets.ts';
import { MAX_STREAM_FILTERS } from '#platform/stream-filters.ts';
import { keyAttributeNames, tableDefinition } from '#platform/table.ts';
import { PROJECT_ROOT } from '../../infra/functions.ts';
import {
  PostboxStack,
  type PostboxStackProps,
  ROUTE_TIMEOUT_SECONDS,
  type RouteTable,
  sharedRouteTable,
} from '../../infra/stack.ts';
import { synthesizedStack } from '../support/synthesized-stack.ts';

/** What CDK's queue.grantSendMessages grants (the queues use SQS-managed keys, so no KMS). */
const SQS_SEND_ACTIONS = ['sqs:SendMessage', 'sqs:GetQueueAttributes', 'sqs:GetQueueUrl'];
/** What an SQS event source needs (CDK's queue.grantConsumeMessages). */
const SQS_CONSUME_ACTIONS = [
  'sqs:ReceiveMessage',
  'sqs:ChangeMessageVisibility',
  'sqs:GetQueueUrl',
  'sqs:DeleteMessage',
  'sqs:GetQueueAttributes',
];
/**
 * The one KMS action per key access level: what shared/adapters/key-protector.ts calls, and not
 * CDK's grantEncrypt / grantDecrypt, which add kms:ReEncrypt* and kms:GenerateDataKey*.
 */
const KEY_ACTIONS: Record<KeyAccess, string> = { encrypt: 'kms:Encrypt', decrypt: 'kms:Decrypt' };
/** Every key grant requires an encryption context made only of a DKIM key's keys (its organization and domain). */
const KEY_CONTEXT_CONDITION = {
  'ForAllValues:StringEquals': { 'kms:EncryptionContextKeys': ['organization_id', 'domain_id'] },
  Null: { 'kms:EncryptionContextKeys': 'false' },
};
/** Every SES identity of the stack's account and region: `arn:<partition>:ses:<region>:<account>:identity/*`. */
const SES_IDENTITY_ARNS = {
  'Fn::Join': [
    '',
    ['arn:', { Ref: 'AWS::Partition' }, ':ses:', { Ref: 'AWS::Region' }, ':', { Ref: 'AWS::AccountId' }, ':identity/*'],
  ],
};
/** A configuration set of the stack's account and region: `arn:<partition>:ses:<region>:<account>:configuration-set/<name>` (the base one by default). */
const sesConfigurationSetArn = (s: Synthesized, id: string = s.configurationSetId) => ({
  'Fn::Join': [
    '',
    [
      'arn:',
      { Ref: 'AWS::Partition' },
      ':ses:',
      { Ref: 'AWS::Region' },
      ':',
      { Ref: 'AWS::AccountId' },
      ':configuration-set/',
      { Ref: id },
    ],
  ],
});
/**
 * What each SES access level is allowed on: identity management on the identities only;
 * SendEmail (SES v2 authorises it against the identity and the configuration set) on both.
 */
const sesResources = (s: Synthesized): Record<SesAccess, unknown[]> => ({
  identities: [SES_IDENTITY_ARNS],
  send: [SES_IDENTITY_ARNS, ...s.configurationSetIds.map((id) => sesConfigurationSetArn(s, id))],
});
/** Every SES sending event type (SES v2 EventType), as CloudFormation spells them. */
const ALL_SES_EVENT_TYPES = [
  'send',
  'reject',
  'bounce',
  'complaint',
  'delivery',
  'deliveryDelay',
  'renderingFailure',
  'open',
  'click',
  'subscription',
];
/** The SQS maximum, for notification handlers' dead-letter queues. */
const FOURTEEN_DAYS_SECONDS = 14 * 24 * 60 * 60;
/** The topic each notification source's handlers are subscribed to. */
const topicOfSource = (s: Synthesized, _source: NotificationHandlerDefinition['source']): string => s.sesEventsTopicId;
const DEFAULT_SENDING_HOST = 'amazonses.com';
/** What a function needs of its log group (not AWSLambdaBasicExecutionRole, which adds CreateLogGroup on every group). */
const LOG_ACTIONS = ['logs:CreateLogStream', 'logs:PutLogEvents'];

interface CfnResource {
  Type: string;
  Properties: Record<string, unknown>;
  DeletionPolicy?: string;
  UpdateReplacePolicy?: string;
  DependsOn?: string[];
}
type Resources = Record<string, CfnResource>;
type Condition = Record<string, Record<string, unknown>>;
interface Statement {
  Effect: string;
  Action: string | string[];
  Resource: unknown;
  Condition?: Condition;
  NotAction?: unknown;
  NotResource?: unknown;
}
/**
 * action → what it is allowed on, both sorted: the JSON of each resource's CloudFormation
 * expression, followed by ` if <condition JSON>` when the statement has a condition.
 */
type Grants = Record<string, string[]>;

interface Synthesized {
  stack: PostboxStack;
  resources: Resources;
  outputs: Record<string, { Value: unknown }>;
  tableId: string;
  /** The DKIM key (the stack's only KMS key). */
  keyId: string;
  queueIds: Record<QueueName, string>;
  /** The base SES configuration set (no tracking). */
  configurationSetId: string;
  /** Every configuration set, in the order of TRACKING_COMBINATIONS (the base one first). */
  configurationSetIds: string[];
  /** The log group every function writes to. */
  functionLogGroupId: string;
  /** The SNS topic of SES events. */
  sesEventsTopicId: string;
  /** The attachments bucket (the stack's only bucket). */
  bucketId: string;
}

const queueNames = Object.keys(queueDefinitions) as QueueName[];
const toArray = <T>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value]);
const getAtt = (id: string, attribute = 'Arn') => ({ 'Fn::GetAtt': [id, attribute] });

function newStack(routeTable?: RouteTable, props: Omit<PostboxStackProps, 'routeTable'> = {}): PostboxStack {
  // The same feature flags as `cdk synth` (cdk.json), minus the bundling.
  const cdkJson = JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'cdk.json'), 'utf8')) as {
    context?: Record<string, unknown>;
  };
  const app = new App({ context: { ...cdkJson.context, 'aws:cdk:bundling-stacks': [] } });
  return new PostboxStack(app, 'Postbox', { ...props, ...(routeTable ? { routeTable } : {}) });
}

function synthesize(stack: PostboxStack): Synthesized {
  // The stack and its API routes' nested stack, as one template.
  const json = synthesizedStack(stack) as unknown as { Resources: Resources; Outputs: Synthesized['outputs'] };
  const tableIds = idsOfType(json.Resources, 'AWS::DynamoDB::Table');
  expect(tableIds).toHaveLength(1);
  const keyIds = idsOfType(json.Resources, 'AWS::KMS::Key');
  expect(keyIds).toHaveLength(1);
  const bucketIds = idsOfType(json.Resources, 'AWS::S3::Bucket');
  expect(bucketIds).toHaveLength(1);
  const configurationSetIds = idsOfType(json.Resources, 'AWS::SES::ConfigurationSet');
  expect(configurationSetIds).toHaveLength(TRACKING_COMBINATIONS.length);
  const orderedSetIds = stack.sesConfigurationSets.map((set) =>
    stack.getLogicalId(set.node.defaultChild as CfnConfigurationSet),
  );
  expect([...orderedSetIds].sort()).toEqual([...configurationSetIds].sort());
  // Two topics: SES events and alarms.
  expect(idsOfType(json.Resources, 'AWS::SNS::Topic')).toHaveLength(2);
  const queueIds = Object.fromEntries(
    queueNames.map((name) => [name, stack.getLogicalId(stack.queues[name].node.defaultChild as CfnQueue)]),
  ) as Record<QueueName, string>;
  return {
    stack,
    resources: json.Resources,
    outputs: json.Outputs,
    tableId: tableIds[0] as string,
    keyId: keyIds[0] as string,
    queueIds,
    configurationSetId: orderedSetIds[0] as string,
    configurationSetIds: orderedSetIds,
    bucketId: bucketIds[0] as string,
    sesEventsTopicId: stack.getLogicalId(stack.sesEventsTopic.node.defaultChild as CfnTopic),
    functionLogGroupId: stack.getLogicalId(stack.defaultRouteFunction.logGroup.node.defaultChild as CfnLogGroup),
  };
}

function idsOfType(resources: Resources, type: string): string[] {
  return Object.entries(resources)
    .filter(([, resource]) => resource.Type === type)
    .map(([id]) => id)
    .sort();
}

function resource(s: Synthesized, id: string): CfnResource {
  const found = s.resources[id];
  if (!found) throw new Error(`No resource ${id}`);
  return found;
}

/** Route keys the table requires, each with the table entry behind it. */
function expectedRouteKeys(table: RouteTable): Map<string, ResourceAccess> {
  const keys = new Map<string, ResourceAccess>([['$default', table.defaultRoute.access]]);
  for (const route of table.routes) {
    for (const routePath of routePaths(route)) keys.set(`${route.method} ${routePath}`, route.access);
  }
  for (const routePath of ['/dashboard', '/dashboard/{proxy+}']) keys.set(`ANY ${routePath}`, dashboardAccess(table));
  return keys;
}

/** The dashboard function's access, written out independently of unionOfAccess: every level any page declares. */
function dashboardAccess(table: RouteTable): ResourceAccess {
  const levels = (pick: (access: ResourceAccess) => readonly string[] | undefined) =>
    [...new Set(table.dashboard.routes.flatMap((page) => pick(page.access) ?? []))].sort();
  return {
    table: levels((a) => a.table),
    kms: levels((a) => a.kms),
    ses: levels((a) => a.ses),
    sendTo: levels((a) => a.sendTo),
    attachments: levels((a) => a.attachments),
  } as ResourceAccess;
}

function routeKeysInTemplate(s: Synthesized): string[] {
  return idsOfType(s.resources, 'AWS::ApiGatewayV2::Route')
    .map((id) => resource(s, id).Properties.RouteKey as string)
    .sort();
}

/** The function behind an API Gateway route key, following route → integration → function. */
function functionOfRouteKey(s: Synthesized, routeKey: string): string {
  const routeIds = idsOfType(s.resources, 'AWS::ApiGatewayV2::Route').filter(
    (id) => resource(s, id).Properties.RouteKey === routeKey,
  );
  expect(routeIds, routeKey).toHaveLength(1);
  const target = resource(s, routeIds[0] as string).Properties.Target as { 'Fn::Join': [string, unknown[]] };
  const integrationId = (target['Fn::Join'][1][1] as { Ref: string }).Ref;
  const integration = resource(s, integrationId).Properties;
  expect(integration.IntegrationType).toBe('AWS_PROXY');
  expect(integration.PayloadFormatVersion).toBe('2.0');
  return (integration.IntegrationUri as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
}

/** The function an event source mapping on `queue` invokes. */
function functionsConsuming(s: Synthesized, queue: QueueName): string[] {
  return idsOfType(s.resources, 'AWS::Lambda::EventSourceMapping')
    .map((id) => resource(s, id).Properties)
    .filter((mapping) => JSON.stringify(mapping.EventSourceArn) === JSON.stringify(getAtt(s.queueIds[queue])))
    .map((mapping) => (mapping.FunctionName as { Ref: string }).Ref);
}

/** The Lambda functions subscribed to an SNS topic. */
function functionsSubscribedTo(s: Synthesized, topicId: string): string[] {
  return subscriptionsTo(s, topicId).map(
    (subscription) => (subscription.Endpoint as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0],
  );
}

function subscriptionsTo(s: Synthesized, topicId: string): Array<Record<string, unknown>> {
  return idsOfType(s.resources, 'AWS::SNS::Subscription')
    .map((id) => resource(s, id).Properties)
    .filter((subscription) => JSON.stringify(subscription.TopicArn) === JSON.stringify({ Ref: topicId }))
    .filter((subscription) => subscription.Protocol === 'lambda');
}

interface ExpectedFunction {
  label: string;
  id: string;
  kind: 'http' | 'consumer';
  access: ResourceAccess;
  consumes?: QueueName;
  /** Notification handlers: the topic they are subscribed to and their dead-letter queue. */
  notified?: { topicId: string; deadLetterQueueId: string };
  /** Stream handlers: the dead-letter queue their trigger describes failed records to. */
  streamed?: { deadLetterQueueId: string };
  /** Scheduled functions: their own timeout (others: by kind). */
  timeoutSeconds?: number;
}

/** Every function the route table calls for, located in the template by what invokes it. */
function expectedFunctions(s: Synthesized, table: RouteTable): ExpectedFunction[] {
  const functions: ExpectedFunction[] = [
    { label: '$default', id: functionOfRouteKey(s, '$default'), kind: 'http', access: table.defaultRoute.access },
  ];
  for (const route of table.routes) {
    const [canonical, ...aliases] = routePaths(route).map((routePath) =>
      functionOfRouteKey(s, `${route.method} ${routePath}`),
    );
    for (const alias of aliases)
      expect(alias, `${route.method} ${route.path}: every path uses one function`).toBe(canonical);
    functions.push({
      label: `${route.method} ${route.path}`,
      id: canonical as string,
      kind: 'http',
      access: route.access,
    });
  }
  const dashboard = functionOfRouteKey(s, 'ANY /dashboard');
  expect(functionOfRouteKey(s, 'ANY /dashboard/{proxy+}'), 'every dashboard path uses one function').toBe(dashboard);
  expect(String(resource(s, dashboard).Properties.Description)).toBe(
    `Postbox Dashboard: ${table.dashboard.routes.length} pages`,
  );
  functions.push({ label: 'the dashboard', id: dashboard, kind: 'http', access: dashboardAccess(table) });
  for (const consumer of table.consumers) {
    const consuming = functionsConsuming(s, consumer.queue);
    expect(consuming, `consumer of ${consumer.queue}`).toHaveLength(1);
    functions.push({
      label: `consumer of ${consumer.queue}`,
      id: consuming[0] as string,
      kind: 'consumer',
      access: consumer.access,
      consumes: consumer.queue,
    });
  }
  for (const handler of table.notificationHandlers) {
    const topicId = topicOfSource(s, handler.source);
    // Told apart by their description, which names the handler module.
    const subscribed = functionsSubscribedTo(s, topicId).filter((id) =>
      String(resource(s, id).Properties.Description).endsWith(` ${handler.handler}`),
    );
    expect(subscribed, `notification handler ${handler.handler}`).toHaveLength(1);
    const id = subscribed[0] as string;
    const subscription = subscriptionsTo(s, topicId).find(
      (candidate) => JSON.stringify(candidate.Endpoint) === JSON.stringify(getAtt(id)),
    ) as { RedrivePolicy?: { deadLetterTargetArn: { 'Fn::GetAtt': [string, string] } } };
    expect(subscription.RedrivePolicy, `${handler.handler}: dead-letter queue`).toBeDefined();
    functions.push({
      label: `${handler.source} notification handler ${handler.handler}`,
      id,
      kind: 'consumer',
      access: handler.access,
      notified: { topicId, deadLetterQueueId: subscription.RedrivePolicy?.deadLetterTargetArn['Fn::GetAtt'][0] ?? '' },
    });
  }
  for (const scheduled of table.scheduledFunctions) {
    const targeted = functionsScheduledEvery(s, scheduled.everyMinutes).filter((id) =>
      String(resource(s, id).Properties.Description).startsWith(`Postbox ${scheduled.name},`),
    );
    expect(targeted, `scheduled function ${scheduled.name}`).toHaveLength(1);
    functions.push({
      label: `scheduled function ${scheduled.name}`,
      id: targeted[0] as string,
      kind: 'consumer',
      access: scheduled.access,
      timeoutSeconds: scheduled.timeoutSeconds,
    });
  }
  for (const handler of table.streamHandlers) {
    const mappings = idsOfType(s.resources, 'AWS::Lambda::EventSourceMapping')
      .map((id) => resource(s, id).Properties)
      .filter((mapping) => JSON.stringify(mapping.EventSourceArn) === JSON.stringify(getAtt(s.tableId, 'StreamArn')))
      .filter((mapping) =>
        String(resource(s, (mapping.FunctionName as { Ref: string }).Ref).Properties.Description).startsWith(
          `Postbox ${handler.name} `,
        ),
      );
    expect(mappings, `stream handler ${handler.name}`).toHaveLength(1);
    const mapping = mappings[0] as Record<string, unknown>;
    expect(mapping.BisectBatchOnFunctionError, `${handler.name}: bisects a failing batch`).toBe(true);
    expect(mapping.MaximumBatchingWindowInSeconds, `${handler.name}: its batching window`).toBe(
      handler.maxBatchingWindowSeconds,
    );
    expect(
      (mapping.FilterCriteria as { Filters: Array<{ Pattern: string }> }).Filters.map((filter) =>
        JSON.parse(filter.Pattern),
      ),
      `${handler.name}: the route table's filters`,
    ).toEqual(handler.filterPatterns);
    // More than Lambda's default quota of filters per mapping fails the deploy.
    expect(handler.filterPatterns.length, `${handler.name}: its filters fit the quota`).toBeLessThanOrEqual(
      MAX_STREAM_FILTERS,
    );
    const destination = (
      mapping.DestinationConfig as { OnFailure: { Destination: { 'Fn::GetAtt': [string, string] } } }
    ).OnFailure.Destination['Fn::GetAtt'][0];
    functions.push({
      label: `stream handler ${handler.name}`,
      id: (mapping.FunctionName as { Ref: string }).Ref,
      kind: 'consumer',
      access: handler.access,
      streamed: { deadLetterQueueId: destination },
    });
  }
  return functions;
}

/** The functions an EventBridge rule with `rate(n minute(s))` targets. */
function functionsScheduledEvery(s: Synthesized, minutes: number): string[] {
  const expression = `rate(${minutes} minute${minutes === 1 ? '' : 's'})`;
  return idsOfType(s.resources, 'AWS::Events::Rule')
    .map((id) => resource(s, id).Properties as { ScheduleExpression?: string; State?: string; Targets: unknown[] })
    .filter((rule) => rule.ScheduleExpression === expression && rule.State === 'ENABLED')
    .flatMap((rule) => rule.Targets as Array<{ Arn: { 'Fn::GetAtt': [string, string] } }>)
    .map((target) => target.Arn['Fn::GetAtt'][0]);
}

function sortedGrants(grants: Map<string, Set<string>>): Grants {
  return Object.fromEntries(
    [...grants.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([action, on]) => [action, [...on].sort()]),
  );
}

/** A condition in one canonical form: keys sorted, and value lists too (their order means nothing). */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) {
    const items = value.map(canonical);
    return items.every((item) => typeof item === 'string') ? [...(items as string[])].sort() : items;
  }
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, inner]) => [key, canonical(inner)]),
    );
  }
  return value;
}

function addGrant(
  grants: Map<string, Set<string>>,
  actions: readonly string[],
  resources: readonly unknown[],
  condition?: Condition,
): void {
  const suffix = condition ? ` if ${JSON.stringify(canonical(condition))}` : '';
  for (const action of actions) {
    const on = grants.get(action) ?? new Set<string>();
    for (const arn of resources) on.add(JSON.stringify(arn) + suffix);
    grants.set(action, on);
  }
}

/**
 * The middleware's statements, written out independently of infra/api-function.ts: its
 * actions on the table ARN only, each held to the middleware's partition keys; UpdateItem
 * also to the attributes it writes (plus the primary key) and to ReturnValues that return
 * nothing else.
 */
function middlewareStatements(s: Synthesized): Array<{ Action: string[]; Resource: unknown[]; Condition: Condition }> {
  const tableArn = getAtt(s.tableId);
  const leadingKeys = { 'dynamodb:LeadingKeys': [...middlewarePartitionKeyPrefixes] };
  return [
    {
      Action: ['dynamodb:GetItem'],
      Resource: [tableArn],
      Condition: { 'ForAllValues:StringLike': leadingKeys },
    },
    {
      Action: ['dynamodb:UpdateItem'],
      Resource: [tableArn],
      Condition: {
        'ForAllValues:StringLike': leadingKeys,
        'ForAllValues:StringEquals': {
          'dynamodb:Attributes': [
            tableDefinition.partitionKey,
            tableDefinition.sortKey,
            ...middlewareUpdatedAttributes,
          ],
        },
        StringEquals: { 'dynamodb:ReturnValues': [...middlewareUpdateReturnValues] },
      },
    },
  ];
}

/**
 * What the route table says a function may do: middleware baseline ∪ declared table levels ∪
 * declared queues ∪ declared key levels (on the DKIM key) ∪ declared SES levels (on identities;
 * sending also on the configuration set), plus consuming its queue (queue consumers) or sending
 * failed events to its dead-letter queue (notification handlers: the on-failure destination).
 */
function expectedGrants(s: Synthesized, fn: ExpectedFunction): Grants {
  const grants = new Map<string, Set<string>>();
  const tableArn = getAtt(s.tableId);
  const indexArns = tableDefinition.globalSecondaryIndexes.map((index) => ({
    'Fn::Join': ['', [tableArn, `/index/${index.indexName}`]],
  }));
  if (fn.kind === 'http') {
    for (const statement of middlewareStatements(s)) {
      addGrant(grants, statement.Action, statement.Resource, statement.Condition);
    }
  }
  addGrant(grants, LOG_ACTIONS, [getAtt(s.functionLogGroupId)]);
  for (const level of fn.access.table ?? []) addGrant(grants, tableActions[level], [tableArn, ...indexArns]);
  for (const index of fn.access.indexQuery ?? []) {
    addGrant(grants, ['dynamodb:Query'], [{ 'Fn::Join': ['', [tableArn, `/index/${index}`]] }]);
  }
  for (const queue of fn.access.sendTo ?? []) addGrant(grants, SQS_SEND_ACTIONS, [getAtt(s.queueIds[queue])]);
  for (const queue of fn.access.changeVisibility ?? []) {
    addGrant(grants, ['sqs:ChangeMessageVisibility'], [getAtt(s.queueIds[queue])]);
  }
  if (fn.consumes) addGrant(grants, SQS_CONSUME_ACTIONS, [getAtt(s.queueIds[fn.consumes])]);
  for (const level of fn.access.kms ?? []) {
    addGrant(grants, [KEY_ACTIONS[level]], [getAtt(s.keyId)], KEY_CONTEXT_CONDITION);
  }
  if (fn.notified) addGrant(grants, SQS_SEND_ACTIONS, [getAtt(fn.notified.deadLetterQueueId)]);
  if ((fn.access.tableStream ?? []).length > 0) {
    addGrant(grants, tableStreamActions, [{ 'Fn::Join': ['', [tableArn, '/stream/*']] }]);
  }
  if (fn.streamed) addGrant(grants, SQS_SEND_ACTIONS, [getAtt(fn.streamed.deadLetterQueueId)]);
  for (const level of fn.access.ses ?? []) addGrant(grants, sesActions[level], sesResources(s)[level]);
  // Written out here, not read from route-access.ts: uploads are presigned PUTs; a send reads uploads,
  // looks blobs up, creates them and refreshes them (a copy onto itself); reading is blobs only.
  const objects = (prefix: string) => ({ 'Fn::Join': ['', [getAtt(s.bucketId), `/${prefix}/*`]] });
  const attachmentActions = {
    upload: [['s3:PutObject', 'uploads']],
    store: [
      ['s3:GetObject', 'uploads'],
      ['s3:GetObject', 'blobs'],
      ['s3:PutObject', 'blobs'],
    ],
    read: [['s3:GetObject', 'blobs']],
    // Received messages: the parser reads and deletes SES's copy and writes a record's files; the API
    // reads (presigns) and deletes those files.
    inboundStore: [
      ['s3:GetObject', 'inbound/raw'],
      ['s3:DeleteObject', 'inbound/raw'],
      ['s3:PutObject', 'inbound/files'],
    ],
    inboundRead: [['s3:GetObject', 'inbound/files']],
    inboundDelete: [['s3:DeleteObject', 'inbound/files']],
  } as const;
  for (const level of fn.access.attachments ?? []) {
    for (const [action, prefix] of attachmentActions[level]) addGrant(grants, [action], [objects(prefix)]);
  }
  return sortedGrants(grants);
}

function roleOf(s: Synthesized, functionId: string): string {
  return (resource(s, functionId).Properties.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
}

/** Every statement of every policy attached to the function's role. */
function statementsOf(s: Synthesized, functionId: string): Statement[] {
  const roleId = roleOf(s, functionId);
  const role = resource(s, roleId).Properties;
  expect(role.Policies, 'no inline role policies').toBeUndefined();
  expect(role.ManagedPolicyArns, 'no managed policies').toBeUndefined();
  const statements: Statement[] = [];
  for (const policyId of idsOfType(s.resources, 'AWS::IAM::Policy')) {
    const policy = resource(s, policyId).Properties as {
      Roles: Array<{ Ref: string }>;
      PolicyDocument: { Statement: Statement[] };
    };
    if (policy.Roles.some((ref) => ref.Ref === roleId)) statements.push(...policy.PolicyDocument.Statement);
  }
  return statements;
}

/** Everything the function's role may do, from every policy attached to it. */
function actualGrants(s: Synthesized, functionId: string): Grants {
  const grants = new Map<string, Set<string>>();
  for (const statement of statementsOf(s, functionId)) {
    expect(statement.Effect).toBe('Allow');
    expect(statement.NotAction).toBeUndefined();
    expect(statement.NotResource).toBeUndefined();
    expect(toArray(statement.Resource)).not.toContain('*');
    addGrant(grants, toArray(statement.Action), toArray(statement.Resource), statement.Condition);
  }
  return sortedGrants(grants);
}

/**
 * DynamoDB actions a statement without a condition grants the function beyond its declared
 * levels: GetItem without `read`, UpdateItem without `write`, and so on. The middleware's
 * actions must come only from its conditioned statements.
 */
function unconditionedTableActionsBeyondDeclared(s: Synthesized, fn: ExpectedFunction): string[] {
  const declared = new Set([
    ...(fn.access.table ?? []).flatMap((level) => tableActions[level]),
    ...((fn.access.indexQuery ?? []).length > 0 ? ['dynamodb:Query'] : []),
    ...((fn.access.tableStream ?? []).length > 0 ? tableStreamActions : []),
  ]);
  return statementsOf(s, fn.id)
    .filter((statement) => statement.Condition === undefined)
    .flatMap((statement) => toArray(statement.Action))
    .filter((action) => action.startsWith('dynamodb:') && !declared.has(action))
    .sort();
}

/** The queues whose URL a function is given: those it sends to and those whose visibility it changes. */
function queuesNamed(fn: ExpectedFunction): QueueName[] {
  return [...new Set([...(fn.access.sendTo ?? []), ...(fn.access.changeVisibility ?? [])])];
}

function environmentOf(s: Synthesized, functionId: string): Record<string, unknown> {
  return (resource(s, functionId).Properties.Environment as { Variables: Record<string, unknown> }).Variables;
}

/**
 * The environment the route table calls for (SPF_INCLUDE_HOST on every HTTP function,
 * SES_CONFIGURATION_SET on every function that sends).
 */
function expectedEnvironment(s: Synthesized, fn: ExpectedFunction, sendingHost: string): Record<string, unknown> {
  return {
    TABLE_NAME: { Ref: s.tableId },
    POWERTOOLS_SERVICE_NAME: 'postbox',
    POWERTOOLS_METRICS_NAMESPACE: 'Postbox',
    POSTBOX_STACK_NAME: 'Postbox',
    NODE_OPTIONS: '--enable-source-maps',
    ...Object.fromEntries(queuesNamed(fn).map((queue) => [queueUrlEnvName(queue), { Ref: s.queueIds[queue] }])),
    ...(fn.kind === 'http' ? { SPF_INCLUDE_HOST: sendingHost } : {}),
    ...((fn.access.kms ?? []).length > 0 ? { KMS_KEY_ID: getAtt(s.keyId) } : {}),
    ...((fn.access.ses ?? []).length > 0 ? { IDENTITY_PROVIDER: 'ses' } : {}),
    ...((fn.access.attachments ?? []).length > 0 ? { ATTACHMENTS_BUCKET: { Ref: s.bucketId } } : {}),
    ...((fn.access.ses ?? []).includes('send')
      ? {
          SES_CONFIGURATION_SET: { Ref: s.configurationSetId },
          SES_MAX_SEND_RATE: { Ref: 'SesMaxSendRate' },
          PUBLIC_BASE_URL: s.stack.resolve(s.stack.api.apiEndpoint),
        }
      : {}),
  };
}

/**
 * What a function that declares no key access has of the key anyway: any `kms:` action (on
 * any resource) and the KMS_KEY_ID variable. Empty for every function that declares `kms`.
 */
function undeclaredKeyAccess(s: Synthesized, fn: ExpectedFunction): string[] {
  if ((fn.access.kms ?? []).length > 0) return [];
  const actions = statementsOf(s, fn.id)
    .flatMap((statement) => toArray(statement.Action))
    .filter((action) => action.startsWith('kms:'));
  return [...actions, ...('KMS_KEY_ID' in environmentOf(s, fn.id) ? ['env KMS_KEY_ID'] : [])].sort();
}

/** The function's statements that carry a condition, in canonical form. */
function conditionedStatements(s: Synthesized, functionId: string): unknown[] {
  return statementsOf(s, functionId)
    .filter((statement) => statement.Condition !== undefined)
    .map((statement) =>
      canonical({
        Effect: statement.Effect,
        Action: toArray(statement.Action),
        Resource: toArray(statement.Resource),
        Condition: statement.Condition,
      }),
    );
}

/** Whether an IAM `StringLike` pattern (`*` and `?` wildcards) matches a value. */
function stringLike(pattern: string, value: string): boolean {
  const escaped = pattern
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  return new RegExp(`^${escaped}$`).test(value);
}

const syntheticTable: RouteTable = {
  routes: [
    ...sharedRouteTable.routes,
    {
      method: 'POST',
      path: '/api/v1/test-only/{id}/enqueue',
      handler: sharedRouteTable.defaultRoute.handler,
      access: { table: ['read', 'write'], sendTo: ['send'] },
    },
    {
      method: 'POST',
      path: '/api/v1/test-only/{id}/rekey',
      handler: sharedRouteTable.defaultRoute.handler,
      access: { table: ['read'], kms: ['encrypt', 'decrypt'], ses: ['identities'] },
    },
  ],
  dashboard: sharedRouteTable.dashboard,
  defaultRoute: sharedRouteTable.defaultRoute,
  consumers: [
    {
      queue: 'send',
      handler: sharedRouteTable.defaultRoute.handler,
      access: { table: ['write'], kms: ['decrypt'] },
      batchSize: 10,
      maxConcurrency: 4,
    },
  ],
  notificationHandlers: [
    ...sharedRouteTable.notificationHandlers,
    {
      source: 'ses-events',
      handler: sharedRouteTable.defaultRoute.handler,
      // changeVisibility outside a consumer: the grant must come from the declaration alone.
      access: { table: ['read'], sendTo: ['send'], ses: ['send'], changeVisibility: ['send'] },
    },
  ],
  scheduledFunctions: [
    ...sharedRouteTable.scheduledFunctions,
    {
      name: 'test-only-report',
      handler: sharedRouteTable.defaultRoute.handler,
      access: { table: ['read'], indexQuery: ['GSI1', 'GSI2'] },
      everyMinutes: 5,
      timeoutSeconds: 20,
    },
  ],
  streamHandlers: sharedRouteTable.streamHandlers,
};

describe.each([
  ['the shared route table', sharedRouteTable],
  ['a route table with a queue sender, a consumer and two notification handlers', syntheticTable],
])('PostboxStack built from %s', (_name, table) => {
  const s = synthesize(newStack(table === sharedRouteTable ? undefined : table));
  // Routes naming the same handler module with the same access share a function (the unsubscribe link).
  const routeFunctionCount = new Set(table.routes.map((route) => `${route.handler} ${JSON.stringify(route.access)}`))
    .size;
  const functionCount =
    routeFunctionCount +
    2 +
    table.consumers.length +
    table.notificationHandlers.length +
    table.streamHandlers.length +
    table.scheduledFunctions.length;

  it('has exactly one Lambda function per API route, the dashboard, $default, consumer, notification and stream handler, and no other', () => {
    const functionIds = idsOfType(s.resources, 'AWS::Lambda::Function');
    expect(functionIds).toHaveLength(functionCount);
    const wired = [...new Set(expectedFunctions(s, table).map((fn) => fn.id))];
    expect(wired.length, 'each entry has its own function').toBe(functionCount);
    expect([...wired].sort()).toEqual(functionIds);
    // HTTP functions with identical access share a role; every other function has its own.
    const functions = expectedFunctions(s, table);
    const httpAccess = new Set(
      functions.filter((fn) => fn.kind === 'http').map((fn) => JSON.stringify(canonical(fn.access))),
    );
    const consumerCount = functions.filter((fn) => fn.kind === 'consumer').length;
    // …and API Gateway's own role, which invokes the HTTP functions (checked below).
    expect(idsOfType(s.resources, 'AWS::IAM::Role')).toHaveLength(httpAccess.size + consumerCount + 1);
    for (const fn of functions) {
      const sharing = functions.filter((other) => other !== fn && roleOf(s, other.id) === roleOf(s, fn.id));
      for (const other of sharing) {
        expect(other.kind, `${fn.label} shares a role with ${other.label}`).toBe('http');
        expect(canonical(other.access), `${fn.label} shares a role with ${other.label}`).toEqual(canonical(fn.access));
      }
    }
    expect(idsOfType(s.resources, 'AWS::Lambda::EventSourceMapping')).toHaveLength(
      table.consumers.length + table.streamHandlers.length,
    );
    const lambdaSubscriptions = idsOfType(s.resources, 'AWS::SNS::Subscription').filter(
      (id) => resource(s, id).Properties.Protocol === 'lambda',
    );
    expect(lambdaSubscriptions).toHaveLength(table.notificationHandlers.length);
    // No custom resources (the deprecated logRetention prop would add one, with its own function).
    expect(Object.values(s.resources).filter((r) => r.Type.startsWith('Custom::'))).toEqual([]);
  });

  it('routes exactly the table: every canonical and /v1 path, the dashboard, $default, nothing else', () => {
    expect(routeKeysInTemplate(s)).toEqual([...expectedRouteKeys(table).keys()].sort());
    expect(idsOfType(s.resources, 'AWS::ApiGatewayV2::Api')).toHaveLength(1);
  });

  it('runs every function on Node.js 22, arm64, 512 MB, logging to the one log group, kept a month', () => {
    // The functions' log group and the API's access log.
    expect(idsOfType(s.resources, 'AWS::Logs::LogGroup')).toHaveLength(2);
    const logGroups = [
      ...new Set(
        idsOfType(s.resources, 'AWS::Lambda::Function').map(
          (id) => (resource(s, id).Properties.LoggingConfig as { LogGroup: { Ref: string } }).LogGroup.Ref,
        ),
      ),
    ];
    expect(logGroups).toHaveLength(1);
    for (const fn of expectedFunctions(s, table)) {
      const props = resource(s, fn.id).Properties;
      expect(props.Runtime, fn.label).toBe('nodejs22.x');
      expect(props.Architectures, fn.label).toEqual(['arm64']);
      expect(props.MemorySize, fn.label).toBe(512);
      expect(props.Handler, fn.label).toBe('index.handler');
      expect(props.Timeout, fn.label).toBe(
        fn.timeoutSeconds ?? (fn.kind === 'http' ? ROUTE_TIMEOUT_SECONDS : SEND_CONSUMER_TIMEOUT_SECONDS),
      );
      const logGroupId = ((props.LoggingConfig as { LogGroup: { Ref: string } }).LogGroup as { Ref: string }).Ref;
      expect(logGroupId, fn.label).toBe(logGroups[0]);
    }
    expect(resource(s, logGroups[0] as string).Properties.RetentionInDays).toBe(30);
  });

  it('gives every function the table name and the URL of each queue it sends to or changes visibility on, and no other queue', () => {
    for (const fn of expectedFunctions(s, table)) {
      const variables = environmentOf(s, fn.id);
      expect(variables.TABLE_NAME, fn.label).toEqual({ Ref: s.tableId });
      expect(variables.POWERTOOLS_SERVICE_NAME, fn.label).toBe('postbox');
      expect(variables.NODE_OPTIONS, fn.label).toBe('--enable-source-maps');
      const queueVariables = Object.fromEntries(
        Object.entries(variables).filter(([name]) => name.endsWith('_QUEUE_URL')),
      );
      expect(queueVariables, fn.label).toEqual(
        Object.fromEntries(queuesNamed(fn).map((queue) => [queueUrlEnvName(queue), { Ref: s.queueIds[queue] }])),
      );
    }
  });

  it('sets exactly the expected environment: SPF host on HTTP functions, key and SES only where declared', () => {
    for (const fn of expectedFunctions(s, table)) {
      expect(environmentOf(s, fn.id), fn.label).toEqual(expectedEnvironment(s, fn, DEFAULT_SENDING_HOST));
    }
  });

  it('grants each function exactly middleware baseline ∪ declared table levels, queues, key and SES levels', () => {
    for (const fn of expectedFunctions(s, table)) {
      const actual = actualGrants(s, fn.id);
      const expected = expectedGrants(s, fn);
      expect(Object.keys(actual).sort(), `${fn.label}: actions`).toEqual(Object.keys(expected).sort());
      expect(actual, `${fn.label}: actions and resources`).toEqual(expected);
      for (const action of Object.keys(actual)) {
        expect(action, fn.label).not.toContain('*');
        expect(
          actual[action]?.map((entry) => entry.split(' if ')[0]),
          fn.label,
        ).not.toContain('"*"');
      }
    }
  });

  it("holds each HTTP function's middleware actions to the table, its partition keys and its attributes", () => {
    const expectedMiddleware = middlewareStatements(s);
    expect(expectedMiddleware.flatMap((statement) => statement.Action).sort()).toEqual(
      [...middlewareTableActions].sort(),
    );
    for (const fn of expectedFunctions(s, table)) {
      const expected = fn.kind === 'http' ? expectedMiddleware.map((st) => canonical({ Effect: 'Allow', ...st })) : [];
      const keyLevels = [...new Set(fn.access.kms ?? [])];
      if (keyLevels.length > 0) {
        expected.push(
          canonical({
            Effect: 'Allow',
            Action: keyLevels.map((level) => KEY_ACTIONS[level]),
            Resource: [getAtt(s.keyId)],
            Condition: KEY_CONTEXT_CONDITION,
          }),
        );
      }
      expect(conditionedStatements(s, fn.id), fn.label).toEqual(expected);
    }
  });

  it('gives a function without declared key access no kms action and no KMS_KEY_ID', () => {
    const functions = expectedFunctions(s, table);
    for (const fn of functions) expect(undeclaredKeyAccess(s, fn), fn.label).toEqual([]);
    // The check is not vacuous: the table has functions on both sides.
    expect(functions.some((fn) => (fn.access.kms ?? []).length > 0)).toBe(true);
    expect(functions.some((fn) => (fn.access.kms ?? []).length === 0)).toBe(true);
  });

  it('grants kms actions only on the DKIM key and ses actions only on identities (and the configuration set), only where declared', () => {
    const keyArn = JSON.stringify(getAtt(s.keyId));
    const identityArns = JSON.stringify(SES_IDENTITY_ARNS);
    const configurationSetArns = s.configurationSetIds.map((id) => JSON.stringify(sesConfigurationSetArn(s, id)));
    for (const fn of expectedFunctions(s, table)) {
      const grants = actualGrants(s, fn.id);
      const kmsActions = Object.keys(grants).filter((action) => action.startsWith('kms:'));
      const sesGranted = Object.keys(grants).filter((action) => action.startsWith('ses:'));
      const declaredSes = fn.access.ses ?? [];
      expect(kmsActions, fn.label).toEqual([...new Set((fn.access.kms ?? []).map((l) => KEY_ACTIONS[l]))].sort());
      expect(sesGranted, fn.label).toEqual([...new Set(declaredSes.flatMap((l) => sesActions[l]))].sort());
      for (const action of kmsActions) {
        expect(grants[action], `${fn.label}: ${action}`).toEqual([
          `${keyArn} if ${JSON.stringify(canonical(KEY_CONTEXT_CONDITION))}`,
        ]);
      }
      for (const action of sesGranted) {
        const sends = declaredSes.includes('send') && sesActions.send.includes(action);
        expect(grants[action], `${fn.label}: ${action}`).toEqual(
          (sends ? [identityArns, ...configurationSetArns] : [identityArns]).sort(),
        );
      }
    }
  });

  it('gives SES_CONFIGURATION_SET and SendEmail on the configuration set exactly to the functions that send', () => {
    const functions = expectedFunctions(s, table);
    const sends = (fn: ExpectedFunction) => (fn.access.ses ?? []).includes('send');
    expect(functions.some(sends), 'some function sends').toBe(true);
    const configurationSetArn = JSON.stringify(sesConfigurationSetArn(s));
    for (const fn of functions) {
      const variables = environmentOf(s, fn.id);
      const onConfigurationSet = Object.entries(actualGrants(s, fn.id))
        .filter(([, on]) => on.includes(configurationSetArn))
        .map(([action]) => action);
      if (sends(fn)) {
        expect(variables.SES_CONFIGURATION_SET, fn.label).toEqual({ Ref: s.configurationSetId });
        expect(onConfigurationSet, fn.label).toEqual([...sesActions.send].sort());
        expect(actualGrants(s, fn.id)['ses:SendEmail'], fn.label).toEqual(
          [
            JSON.stringify(SES_IDENTITY_ARNS),
            ...s.configurationSetIds.map((id) => JSON.stringify(sesConfigurationSetArn(s, id))),
          ].sort(),
        );
      } else {
        expect(variables, fn.label).not.toHaveProperty('SES_CONFIGURATION_SET');
        expect(onConfigurationSet, fn.label).toEqual([]);
        expect(actualGrants(s, fn.id), fn.label).not.toHaveProperty('ses:SendEmail');
      }
    }
  });

  it('creates a configuration set per tracking combination: fixed names, opportunistic TLS, reputation metrics, sending enabled', () => {
    expect(s.configurationSetIds.map((id) => resource(s, id).Properties)).toEqual(
      ['postbox', 'postbox-opens', 'postbox-clicks', 'postbox-opens-clicks'].map((Name) => ({
        Name,
        DeliveryOptions: { TlsPolicy: 'OPTIONAL' },
        ReputationOptions: { ReputationMetricsEnabled: true },
        SendingOptions: { SendingEnabled: true },
      })),
    );
    expect(TRACKING_COMBINATIONS.map((tracking) => configurationSetFor('postbox', tracking))).toEqual([
      'postbox',
      'postbox-opens',
      'postbox-clicks',
      'postbox-opens-clicks',
    ]);
  });

  it('publishes every SES event type to the SES events topic, Open and Click only from the sets that track them', () => {
    // Every type CDK knows is one the destinations cover (a type added later shows up here).
    expect(Object.values(ses.EmailSendingEvent).sort()).toEqual([...ALL_SES_EVENT_TYPES].sort());
    const destinations = idsOfType(s.resources, 'AWS::SES::ConfigurationSetEventDestination');
    expect(destinations).toHaveLength(TRACKING_COMBINATIONS.length);
    s.configurationSetIds.forEach((setId, index) => {
      const tracking = TRACKING_COMBINATIONS[index] as { opens: boolean; clicks: boolean };
      const ofSet = destinations.filter(
        (id) => JSON.stringify(resource(s, id).Properties.ConfigurationSetName) === JSON.stringify({ Ref: setId }),
      );
      expect(ofSet, setId).toHaveLength(1);
      const properties = resource(s, ofSet[0] as string).Properties as {
        EventDestination: Record<string, unknown> & { MatchingEventTypes: string[] };
      };
      const expected = ALL_SES_EVENT_TYPES.filter(
        (type) => (type !== 'open' || tracking.opens) && (type !== 'click' || tracking.clicks),
      );
      expect([...properties.EventDestination.MatchingEventTypes].sort(), setId).toEqual([...expected].sort());
      expect(properties.EventDestination).toEqual({
        Name: expect.any(String),
        Enabled: true,
        MatchingEventTypes: expect.any(Array),
        SnsDestination: { TopicARN: { Ref: s.sesEventsTopicId } },
      });
    });
  });

  it('lets SES publish to the topic for this account and its configuration sets only, before the destinations exist', () => {
    const policies = idsOfType(s.resources, 'AWS::SNS::TopicPolicy').filter((id) =>
      (resource(s, id).Properties.Topics as unknown[]).some(
        (topic) => JSON.stringify(topic) === JSON.stringify({ Ref: s.sesEventsTopicId }),
      ),
    );
    expect(policies).toHaveLength(1);
    const statements = (
      resource(s, policies[0] as string).Properties.PolicyDocument as { Statement: Array<Record<string, unknown>> }
    ).Statement;
    expect(statements).toEqual([
      {
        Sid: 'AllowPublishThroughSSLOnly',
        Effect: 'Deny',
        Principal: '*',
        Action: 'sns:Publish',
        Resource: { Ref: s.sesEventsTopicId },
        Condition: { Bool: { 'aws:SecureTransport': 'false' } },
      },
      ...s.configurationSetIds.map((id) => ({
        Sid: expect.any(String),
        Effect: 'Allow',
        Principal: { Service: 'ses.amazonaws.com' },
        Action: 'sns:Publish',
        Resource: { Ref: s.sesEventsTopicId },
        Condition: {
          StringEquals: {
            'AWS:SourceAccount': { Ref: 'AWS::AccountId' },
            'AWS:SourceArn': sesConfigurationSetArn(s, id),
          },
        },
      })),
    ]);
    for (const destination of idsOfType(s.resources, 'AWS::SES::ConfigurationSetEventDestination')) {
      expect(resource(s, destination).DependsOn).toContain(policies[0]);
    }
    // No SSE: SES cannot publish to a topic encrypted with the AWS-managed key (its policy
    // cannot grant ses.amazonaws.com), see infra/stack.ts.
    expect(resource(s, s.sesEventsTopicId).Properties.KmsMasterKeyId).toBeUndefined();
  });

  it('subscribes each notification handler to its topic, with its own encrypted, TLS-only dead-letter queue', () => {
    const notified = expectedFunctions(s, table).filter((fn) => fn.notified);
    expect(notified).toHaveLength(table.notificationHandlers.length);
    const deadLetterQueueIds = notified.map((fn) => fn.notified?.deadLetterQueueId ?? '');
    expect(new Set(deadLetterQueueIds).size, 'one dead-letter queue each').toBe(notified.length);
    for (const fn of notified) {
      const { topicId, deadLetterQueueId } = fn.notified as NonNullable<ExpectedFunction['notified']>;
      const subscriptions = subscriptionsTo(s, topicId).filter(
        (subscription) => JSON.stringify(subscription.Endpoint) === JSON.stringify(getAtt(fn.id)),
      );
      expect(subscriptions, fn.label).toEqual([
        {
          Protocol: 'lambda',
          TopicArn: { Ref: topicId },
          Endpoint: getAtt(fn.id),
          RedrivePolicy: { deadLetterTargetArn: getAtt(deadLetterQueueId) },
        },
      ]);
      // SNS may invoke the function, from this topic only.
      const permissions = idsOfType(s.resources, 'AWS::Lambda::Permission')
        .map((id) => resource(s, id).Properties)
        .filter((permission) => JSON.stringify(permission.FunctionName) === JSON.stringify(getAtt(fn.id)));
      expect(permissions, fn.label).toEqual([
        {
          Action: 'lambda:InvokeFunction',
          FunctionName: getAtt(fn.id),
          Principal: 'sns.amazonaws.com',
          SourceArn: { Ref: topicId },
        },
      ]);
      // Events the handler fails on, after Lambda's retries of the asynchronous invocation.
      const invokeConfigs = idsOfType(s.resources, 'AWS::Lambda::EventInvokeConfig')
        .map((id) => resource(s, id).Properties)
        .filter((config) => JSON.stringify(config.FunctionName) === JSON.stringify({ Ref: fn.id }));
      expect(invokeConfigs, fn.label).toEqual([
        {
          FunctionName: { Ref: fn.id },
          Qualifier: '$LATEST',
          MaximumRetryAttempts: 2,
          MaximumEventAgeInSeconds: 6 * 60 * 60,
          DestinationConfig: { OnFailure: { Destination: getAtt(deadLetterQueueId) } },
        },
      ]);
      const queue = resource(s, deadLetterQueueId);
      expect(queue.Type, fn.label).toBe('AWS::SQS::Queue');
      expect(queue.Properties, fn.label).toEqual({
        MessageRetentionPeriod: FOURTEEN_DAYS_SECONDS,
        SqsManagedSseEnabled: true,
      });
      const policies = idsOfType(s.resources, 'AWS::SQS::QueuePolicy')
        .map((id) => resource(s, id).Properties as { Queues: unknown[]; PolicyDocument: { Statement: unknown[] } })
        .filter((policy) =>
          policy.Queues.some((q) => JSON.stringify(q) === JSON.stringify({ Ref: deadLetterQueueId })),
        );
      expect(policies, fn.label).toHaveLength(1);
      expect(policies[0]?.PolicyDocument.Statement, fn.label).toEqual([
        {
          Effect: 'Deny',
          Principal: { AWS: '*' },
          Action: 'sqs:*',
          Resource: getAtt(deadLetterQueueId),
          Condition: { Bool: { 'aws:SecureTransport': 'false' } },
        },
        {
          Effect: 'Allow',
          Principal: { Service: 'sns.amazonaws.com' },
          Action: 'sqs:SendMessage',
          Resource: getAtt(deadLetterQueueId),
          Condition: { ArnEquals: { 'aws:SourceArn': { Ref: topicId } } },
        },
      ]);
    }
  });

  it('grants GetItem, UpdateItem and every other table action unconditioned only to declared levels', () => {
    for (const fn of expectedFunctions(s, table)) {
      expect(unconditionedTableActionsBeyondDeclared(s, fn), fn.label).toEqual([]);
    }
  });

  it('lets API Gateway, and nothing else, invoke exactly the HTTP functions through its role', () => {
    const roleIds = idsOfType(s.resources, 'AWS::IAM::Role').filter((id) => id.startsWith('ApiInvokeRole'));
    expect(roleIds).toHaveLength(1);
    const roleId = roleIds[0] as string;
    const role = resource(s, roleId).Properties as { AssumeRolePolicyDocument: { Statement: Statement[] } };
    expect(role.AssumeRolePolicyDocument.Statement).toEqual([
      { Action: 'sts:AssumeRole', Effect: 'Allow', Principal: { Service: 'apigateway.amazonaws.com' } },
    ]);
    const statements = idsOfType(s.resources, 'AWS::IAM::Policy')
      .map(
        (id) =>
          resource(s, id).Properties as { Roles: Array<{ Ref: string }>; PolicyDocument: { Statement: Statement[] } },
      )
      .filter((policy) => policy.Roles.some((ref) => ref.Ref === roleId))
      .flatMap((policy) => policy.PolicyDocument.Statement);
    const http = expectedFunctions(s, table).filter((fn) => fn.kind === 'http');
    expect(statements.flatMap((statement) => toArray(statement.Action))).toEqual(['lambda:InvokeFunction']);
    const invoked = statements.flatMap((statement) => toArray(statement.Resource)).map((arn) => JSON.stringify(arn));
    expect(invoked.sort()).toEqual([...new Set(http.map((fn) => JSON.stringify(getAtt(fn.id))))].sort());
    // Every integration is invoked as that role, so no function needs a permission for the API.
    for (const id of idsOfType(s.resources, 'AWS::ApiGatewayV2::Integration')) {
      expect(resource(s, id).Properties.CredentialsArn, id).toEqual(getAtt(roleId));
    }
    const apiPermissions = idsOfType(s.resources, 'AWS::Lambda::Permission').filter(
      (id) => resource(s, id).Properties.Principal === 'apigateway.amazonaws.com',
    );
    expect(apiPermissions).toEqual([]);
  });

  it('attaches IAM policies only to the function roles and the API’s invoke role, never a wildcard action', () => {
    const roles = new Set([
      ...expectedFunctions(s, table).map((fn) => roleOf(s, fn.id)),
      ...idsOfType(s.resources, 'AWS::IAM::Role').filter((id) => id.startsWith('ApiInvokeRole')),
    ]);
    expect(idsOfType(s.resources, 'AWS::IAM::ManagedPolicy')).toEqual([]);
    for (const policyId of idsOfType(s.resources, 'AWS::IAM::Policy')) {
      const policy = resource(s, policyId).Properties as {
        Roles?: Array<{ Ref: string }>;
        Users?: unknown;
        Groups?: unknown;
        PolicyDocument: { Statement: Statement[] };
      };
      expect(policy.Users ?? policy.Groups, policyId).toBeUndefined();
      for (const ref of policy.Roles ?? []) expect(roles.has(ref.Ref), policyId).toBe(true);
      const actions = policy.PolicyDocument.Statement.flatMap((statement) => toArray(statement.Action));
      expect(
        actions.filter((action) => action.includes('*')),
        policyId,
      ).toEqual([]);
    }
  });

  it('runs each scheduled function from one enabled EventBridge rule at its rate, and no other rule', () => {
    const rules = idsOfType(s.resources, 'AWS::Events::Rule').map((id) => resource(s, id).Properties);
    expect(rules).toHaveLength(table.scheduledFunctions.length);
    for (const scheduled of table.scheduledFunctions) {
      const fn = expectedFunctions(s, table).find(
        (candidate) => candidate.label === `scheduled function ${scheduled.name}`,
      );
      if (!fn) throw new Error(`${scheduled.name}: function not found`);
      const targeting = rules.filter((rule) =>
        (rule.Targets as Array<{ Arn: unknown }>).some(
          (target) => JSON.stringify(target.Arn) === JSON.stringify(getAtt(fn.id)),
        ),
      );
      expect(targeting, scheduled.name).toHaveLength(1);
      expect(targeting[0]?.Targets, scheduled.name).toHaveLength(1);
      // EventBridge may invoke it (and nothing else may, through this permission).
      const permissions = idsOfType(s.resources, 'AWS::Lambda::Permission')
        .map((id) => resource(s, id).Properties)
        .filter((permission) => JSON.stringify(permission.FunctionName) === JSON.stringify(getAtt(fn.id)));
      expect(permissions.map((permission) => permission.Principal)).toEqual(['events.amazonaws.com']);
    }
  });

  it('alarms when a dead-letter queue of the queues holds a message', () => {
    const alarms = idsOfType(s.resources, 'AWS::CloudWatch::Alarm').map((id) => resource(s, id).Properties);
    for (const name of queueNames) {
      const deadLetterId = (
        resource(s, s.queueIds[name]).Properties as {
          RedrivePolicy: { deadLetterTargetArn: { 'Fn::GetAtt': [string] } };
        }
      ).RedrivePolicy.deadLetterTargetArn['Fn::GetAtt'][0];
      const alarm = alarms.find((candidate) =>
        ((candidate.Dimensions ?? []) as Array<{ Value: unknown }>).some(
          (dimension) =>
            JSON.stringify(dimension.Value) === JSON.stringify({ 'Fn::GetAtt': [deadLetterId, 'QueueName'] }),
        ),
      );
      expect(alarm, name).toMatchObject({
        Namespace: 'AWS/SQS',
        MetricName: 'ApproximateNumberOfMessagesVisible',
        Statistic: 'Maximum',
        Period: 60,
        Threshold: 0,
        ComparisonOperator: 'GreaterThanThreshold',
        EvaluationPeriods: 1,
        TreatMissingData: 'notBreaching',
      });
    }
  });

  it('wires each consumer to its queue with batch size, concurrency cap and partial batch failures', () => {
    for (const consumer of table.consumers) {
      const mappings = idsOfType(s.resources, 'AWS::Lambda::EventSourceMapping')
        .map((id) => resource(s, id).Properties)
        .filter((m) => JSON.stringify(m.EventSourceArn) === JSON.stringify(getAtt(s.queueIds[consumer.queue])));
      expect(mappings).toHaveLength(1);
      expect(mappings[0]).toMatchObject({
        BatchSize: consumer.batchSize,
        ScalingConfig: { MaximumConcurrency: consumer.maxConcurrency },
        FunctionResponseTypes: ['ReportBatchItemFailures'],
      });
    }
  });

  it('lets every function that changes visibility on a queue do so there: its URL and ChangeMessageVisibility', () => {
    const changers = expectedFunctions(s, table).filter((fn) => (fn.access.changeVisibility ?? []).length > 0);
    // Not vacuous: the send consumer backs off its retries, and the synthetic table has a non-consumer that does.
    expect(changers.length).toBeGreaterThan(0);
    for (const fn of changers) {
      for (const queue of fn.access.changeVisibility ?? []) {
        expect(environmentOf(s, fn.id)[queueUrlEnvName(queue)], fn.label).toEqual({ Ref: s.queueIds[queue] });
        expect(actualGrants(s, fn.id)['sqs:ChangeMessageVisibility'], fn.label).toContain(
          JSON.stringify(getAtt(s.queueIds[queue])),
        );
      }
    }
  });

  it('creates the table on demand, with PITR, TTL, string keys, the GSIs with their projections, retained', () => {
    const table = resource(s, s.tableId);
    expect(table.DeletionPolicy).toBe('Retain');
    expect(table.UpdateReplacePolicy).toBe('Retain');
    const props = table.Properties as {
      BillingMode: string;
      PointInTimeRecoverySpecification: unknown;
      TimeToLiveSpecification: unknown;
      KeySchema: unknown;
      AttributeDefinitions: Array<{ AttributeName: string; AttributeType: string }>;
      GlobalSecondaryIndexes: Array<{ IndexName: string; KeySchema: unknown; Projection: unknown }>;
    };
    expect(props.BillingMode).toBe('PAY_PER_REQUEST');
    expect(props.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
    expect(props.TimeToLiveSpecification).toEqual({ AttributeName: 'expires_at', Enabled: true });
    expect(tableDefinition.timeToLiveAttribute).toBe('expires_at');
    expect(props.KeySchema).toEqual([
      { AttributeName: tableDefinition.partitionKey, KeyType: 'HASH' },
      { AttributeName: tableDefinition.sortKey, KeyType: 'RANGE' },
    ]);
    expect(props.AttributeDefinitions.map((a) => a.AttributeName).sort()).toEqual(keyAttributeNames().sort());
    expect(props.AttributeDefinitions.every((a) => a.AttributeType === 'S')).toBe(true);
    expect(props.GlobalSecondaryIndexes.map((index) => index.IndexName).sort()).toEqual([
      'GSI1',
      'GSI2',
      'GSI3',
      'GSI4',
      'GSI5',
    ]);
    for (const index of tableDefinition.globalSecondaryIndexes) {
      expect(props.GlobalSecondaryIndexes.find((candidate) => candidate.IndexName === index.indexName)).toEqual({
        IndexName: index.indexName,
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: 'HASH' },
          { AttributeName: index.sortKey, KeyType: 'RANGE' },
        ],
        Projection:
          index.projection.type === 'INCLUDE'
            ? { ProjectionType: 'INCLUDE', NonKeyAttributes: [...index.projection.nonKeyAttributes] }
            : { ProjectionType: index.projection.type },
      });
    }
    // The SES message id index only names the email (threading reads the key, nothing else); the email
    // list indexes hold keys only, so no status change or update of the email ever writes them.
    for (const name of ['GSI3', 'GSI4', 'GSI5']) {
      expect(props.GlobalSecondaryIndexes.find((index) => index.IndexName === name)?.Projection).toEqual({
        ProjectionType: 'KEYS_ONLY',
      });
    }
    // The due index projects nothing the claim or the hand-over writes.
    const due = props.GlobalSecondaryIndexes.find((index) => index.IndexName === 'GSI2')?.Projection as {
      NonKeyAttributes: string[];
    };
    for (const attribute of ['lease_until', 'ses_message_id', 'sent_at', 'delivery_attempts', 'updated_at'])
      expect(due.NonKeyAttributes).not.toContain(attribute);
  });

  it('creates one DKIM key: customer managed, rotated, retained, aliased, usable only through IAM', () => {
    const key = resource(s, s.keyId);
    expect(key.DeletionPolicy).toBe('Retain');
    expect(key.UpdateReplacePolicy).toBe('Retain');
    const props = key.Properties as {
      EnableKeyRotation?: boolean;
      KeySpec?: string;
      KeyUsage?: string;
      Description?: string;
      KeyPolicy: { Statement: Array<Record<string, unknown>> };
    };
    expect(props.EnableKeyRotation).toBe(true);
    // Symmetric encryption key (the defaults): the only kind with automatic rotation.
    expect(props.KeySpec ?? 'SYMMETRIC_DEFAULT').toBe('SYMMETRIC_DEFAULT');
    expect(props.KeyUsage ?? 'ENCRYPT_DECRYPT').toBe('ENCRYPT_DECRYPT');
    expect(props.Description).toMatch(/DKIM private keys/);
    // The key policy only delegates to this account's IAM; no function role is named in it.
    expect(props.KeyPolicy.Statement).toEqual([
      {
        Effect: 'Allow',
        Action: 'kms:*',
        Principal: {
          AWS: { 'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':iam::', { Ref: 'AWS::AccountId' }, ':root']] },
        },
        Resource: '*',
      },
    ]);
    const aliases = idsOfType(s.resources, 'AWS::KMS::Alias').map((id) => resource(s, id).Properties);
    expect(aliases).toEqual([{ AliasName: 'alias/postbox-dkim', TargetKeyId: getAtt(s.keyId) }]);
  });

  it('creates each queue with a dead-letter queue, a long enough visibility timeout, encryption and TLS only', () => {
    expect(idsOfType(s.resources, 'AWS::SQS::Queue')).toHaveLength(
      2 * queueNames.length +
        table.notificationHandlers.length +
        table.scheduledFunctions.length +
        table.streamHandlers.length,
    );
    for (const name of queueNames) {
      const definition = queueDefinitions[name];
      const props = resource(s, s.queueIds[name]).Properties as {
        VisibilityTimeout: number;
        MessageRetentionPeriod: number;
        SqsManagedSseEnabled: boolean;
        RedrivePolicy: { deadLetterTargetArn: { 'Fn::GetAtt': [string, string] }; maxReceiveCount: number };
      };
      expect(props.VisibilityTimeout).toBeGreaterThanOrEqual(6 * SEND_CONSUMER_TIMEOUT_SECONDS);
      expect(props.VisibilityTimeout).toBe(definition.visibilityTimeoutSeconds);
      expect(props.MessageRetentionPeriod).toBe(definition.messageRetentionSeconds);
      expect(props.SqsManagedSseEnabled).toBe(true);
      expect(props.RedrivePolicy.maxReceiveCount).toBe(definition.maxReceiveCount);
      const deadLetterId = props.RedrivePolicy.deadLetterTargetArn['Fn::GetAtt'][0];
      const deadLetter = resource(s, deadLetterId);
      expect(deadLetter.Type).toBe('AWS::SQS::Queue');
      expect(deadLetterId).not.toBe(s.queueIds[name]);
      expect(deadLetter.Properties).toMatchObject({
        MessageRetentionPeriod: definition.deadLetterRetentionSeconds,
        SqsManagedSseEnabled: true,
      });
      for (const queueId of [s.queueIds[name], deadLetterId]) {
        const policies = idsOfType(s.resources, 'AWS::SQS::QueuePolicy')
          .map((id) => resource(s, id).Properties as { Queues: unknown[]; PolicyDocument: { Statement: unknown[] } })
          .filter((policy) => policy.Queues.some((q) => JSON.stringify(q) === JSON.stringify({ Ref: queueId })));
        expect(policies, `${queueId}: enforceSSL`).toHaveLength(1);
        expect(policies[0]?.PolicyDocument.Statement).toContainEqual(
          expect.objectContaining({
            Effect: 'Deny',
            Action: 'sqs:*',
            Condition: { Bool: { 'aws:SecureTransport': 'false' } },
          }),
        );
      }
    }
  });

  it('outputs the API URL, the table name, each queue URL, the SES events topic and the configuration set', () => {
    expect(s.outputs.SesEventsTopicArn?.Value).toEqual({ Ref: s.sesEventsTopicId });
    expect(s.outputs.SesConfigurationSetName?.Value).toEqual({ Ref: s.configurationSetId });
    expect(s.outputs.ApiUrl?.Value).toEqual({
      'Fn::GetAtt': [idsOfType(s.resources, 'AWS::ApiGatewayV2::Api')[0], 'ApiEndpoint'],
    });
    expect(s.outputs.TableName?.Value).toEqual({ Ref: s.tableId });
    for (const name of queueNames) {
      const queueOutputs = Object.entries(s.outputs).filter(
        ([, output]) => JSON.stringify(output.Value) === JSON.stringify({ Ref: s.queueIds[name] }),
      );
      expect(queueOutputs.map(([key]) => key)).toEqual([`${name.charAt(0).toUpperCase()}${name.slice(1)}QueueUrl`]);
    }
  });
});

describe('the sendingHost stack prop', () => {
  it('sets SPF_INCLUDE_HOST on every HTTP function and on no consumer', () => {
    const s = synthesize(newStack(syntheticTable, { sendingHost: 'mail.example.net' }));
    for (const fn of expectedFunctions(s, syntheticTable)) {
      expect(environmentOf(s, fn.id), fn.label).toEqual(expectedEnvironment(s, fn, 'mail.example.net'));
    }
  });
});

describe('the scheduler function', () => {
  it('may do what finishing a handed-over email does: read its collection, write events, counts and suppressions', () => {
    const s = synthesize(newStack());
    const scheduler = expectedFunctions(s, sharedRouteTable).find((fn) => fn.label === 'scheduled function scheduler');
    if (!scheduler) throw new Error('scheduler: function not found');
    const grants = actualGrants(s, scheduler.id);
    const onTable = JSON.stringify(getAtt(s.tableId));
    for (const action of [
      // the collection (readEmailEvents), suppression lookups (BatchGetItem), the due index (Query)
      'dynamodb:Query',
      'dynamodb:GetItem',
      'dynamodb:BatchGetItem',
      // events, status and counts, soft bounces; suppressions (a transaction with a condition check)
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
      'dynamodb:ConditionCheckItem',
    ]) {
      expect(grants[action], action).toContain(onTable);
    }
    expect(grants['sqs:SendMessage'], 'releases and sweeps').toBeDefined();
  });
});

describe("the middleware's IAM condition values", () => {
  it('match the partition keys of API keys and rate-limit windows and no other entity', () => {
    const matches = (pk: string) => middlewarePartitionKeyPrefixes.some((pattern) => stringLike(pattern, pk));
    expect(matches(keys.apiKey('0123abcd').PK)).toBe(true);
    expect(matches(keys.rateLimitWindow('org', 'org_1', 1_700_000_000).PK)).toBe(true);
    expect(matches(keys.rateLimitWindow('ip', '203.0.113.9', 1_700_000_000).PK)).toBe(true);
    expect(matches(keys.rateLimitWindow('member', 'mem_1', 1_700_000_000).PK)).toBe(true);
    expect(matches(keys.rateLimitWindow('signin', '203.0.113.9', 1_700_000_000).PK)).toBe(true);
    expect(matches(keys.organization('org_1').PK)).toBe(false);
    // The organization's pointer to a key lives in the organization's partition.
    expect(matches(keys.apiKeyOfOrganization('org_1', 'key_1').PK)).toBe(false);
    expect(middlewarePartitionKeyPrefixes.every((pattern) => /^[A-Z]+#\*$/.test(pattern))).toBe(true);
  });

  it('let UpdateItem write neither revocation, rate limit nor ownership, nor return whole items', () => {
    for (const forbidden of ['revoked_at', 'rate_limit_per_second', 'organization_id', 'GSI1PK', 'GSI2PK']) {
      expect(middlewareUpdatedAttributes).not.toContain(forbidden);
    }
    expect([...middlewareUpdateReturnValues].sort()).toEqual(['NONE', 'UPDATED_NEW']);
  });
});

describe('the stack checks above', () => {
  it('notice a grant widened outside the route table', () => {
    const stack = newStack();
    const [first] = stack.routeFunctions;
    if (!first) return;
    stack.table.grantReadWriteData(first.fn.function);
    const s = synthesize(stack);
    const fn = expectedFunctions(s, sharedRouteTable).find((candidate) => candidate.label.endsWith(first.route.path));
    if (!fn) throw new Error('route function not found');
    expect(actualGrants(s, fn.id)).not.toEqual(expectedGrants(s, fn));
  });

  it('notice key or SES access widened in the route table the stack is built from', () => {
    const declaresKey = (access: ResourceAccess) => (access.kms ?? []).length > 0;
    const encryptOnly = sharedRouteTable.routes.find(
      (route) => declaresKey(route.access) && !route.access.kms?.includes('decrypt'),
    );
    const withoutKey = sharedRouteTable.routes.find((route) => !declaresKey(route.access));
    if (!encryptOnly || !withoutKey) throw new Error('the route table has no route to widen');
    const widened: RouteTable = {
      ...sharedRouteTable,
      routes: sharedRouteTable.routes.map((route) => {
        if (route === encryptOnly) return { ...route, access: { ...route.access, kms: ['encrypt', 'decrypt'] } };
        if (route === withoutKey)
          return { ...route, access: { ...route.access, kms: ['decrypt'], ses: ['identities'] } };
        return route;
      }),
    };
    // Built from the widened table, checked against the shared one.
    const s = synthesize(newStack(widened));
    const functions = expectedFunctions(s, sharedRouteTable);
    const fnOf = (route: { method: string; path: string }) => {
      const fn = functions.find((candidate) => candidate.label === `${route.method} ${route.path}`);
      if (!fn) throw new Error(`${route.path}: function not found`);
      return fn;
    };
    const widenedKey = fnOf(encryptOnly);
    expect(Object.keys(actualGrants(s, widenedKey.id))).toContain('kms:Decrypt');
    expect(actualGrants(s, widenedKey.id)).not.toEqual(expectedGrants(s, widenedKey));
    const gainedKey = fnOf(withoutKey);
    expect(actualGrants(s, gainedKey.id)).not.toEqual(expectedGrants(s, gainedKey));
    expect(undeclaredKeyAccess(s, gainedKey)).toEqual(['env KMS_KEY_ID', 'kms:Decrypt']);
    expect(environmentOf(s, gainedKey.id)).not.toEqual(expectedEnvironment(s, gainedKey, DEFAULT_SENDING_HOST));
    // Every other function is untouched.
    for (const fn of functions.filter((candidate) => candidate !== widenedKey && candidate !== gainedKey)) {
      expect(actualGrants(s, fn.id), fn.label).toEqual(expectedGrants(s, fn));
    }
  });

  it('notice SES sending or SES_CONFIGURATION_SET given to a notification handler outside the route table', () => {
    const [handler] = sharedRouteTable.notificationHandlers;
    if (!handler) throw new Error('the route table has no notification handler');
    expect(handler.access.ses ?? []).not.toContain('send');
    const widened: RouteTable = {
      ...sharedRouteTable,
      notificationHandlers: sharedRouteTable.notificationHandlers.map((candidate) =>
        candidate === handler ? { ...candidate, access: { ...candidate.access, ses: ['send'] } } : candidate,
      ),
    };
    const s = synthesize(newStack(widened));
    const functions = expectedFunctions(s, sharedRouteTable);
    const fn = functions.find((candidate) => candidate.label.endsWith(` ${handler.handler}`));
    if (!fn) throw new Error('notification function not found');
    expect(actualGrants(s, fn.id)).not.toEqual(expectedGrants(s, fn));
    expect(environmentOf(s, fn.id)).toHaveProperty('SES_CONFIGURATION_SET');
    expect(environmentOf(s, fn.id)).not.toEqual(expectedEnvironment(s, fn, DEFAULT_SENDING_HOST));
    for (const other of functions.filter((candidate) => candidate !== fn)) {
      expect(actualGrants(s, other.id), other.label).toEqual(expectedGrants(s, other));
    }
  });

  it("notice CDK's broader key grants (grantEncryptDecrypt) in place of the declared actions", () => {
    const stack = newStack();
    const target = stack.routeFunctions.find(({ route }) => (route.access.kms ?? []).length > 0);
    if (!target) throw new Error('no route declares key access');
    stack.dkimKey.grantEncryptDecrypt(target.fn.function);
    const s = synthesize(stack);
    const fn = expectedFunctions(s, sharedRouteTable).find(
      (candidate) => candidate.label === `${target.route.method} ${target.route.path}`,
    );
    if (!fn) throw new Error('route function not found');
    const actual = actualGrants(s, fn.id);
    expect(actual).not.toEqual(expectedGrants(s, fn));
    expect(Object.keys(actual)).toContain('kms:GenerateDataKey*');
  });

  it('notice the middleware actions granted without their condition', () => {
    const stack = newStack();
    // What every HTTP function had before the LeadingKeys condition.
    stack.defaultRouteFunction.function.addToRolePolicy(
      new iam.PolicyStatement({ actions: [...middlewareTableActions], resources: [stack.table.tableArn] }),
    );
    const s = synthesize(stack);
    const fn = expectedFunctions(s, sharedRouteTable).find((candidate) => candidate.label === '$default');
    if (!fn) throw new Error('$default function not found');
    expect(actualGrants(s, fn.id)).not.toEqual(expectedGrants(s, fn));
    expect(unconditionedTableActionsBeyondDeclared(s, fn)).toEqual(['dynamodb:GetItem', 'dynamodb:UpdateItem']);
  });

  it('notice a function or a route added outside the route table', () => {
    const stack = newStack();
    new lambda.Function(stack, 'Stray', {
      runtime: lambda.Runtime.NODEJS_22_X,
      handler: 'index.handler',
      code: lambda.Code.fromInline('export const handler = async () => ({});'),
    });
    stack.api.addRoutes({
      path: '/api/v1/stray',
      methods: [HttpMethod.GET],
      integration: new HttpLambdaIntegration('StrayIntegration', stack.defaultRouteFunction.function),
    });
    const s = synthesize(stack);
    const wired = expectedFunctions(s, sharedRouteTable).map((fn) => fn.id);
    expect(idsOfType(s.resources, 'AWS::Lambda::Function')).not.toEqual([...wired].sort());
    expect(routeKeysInTemplate(s)).not.toEqual([...expectedRouteKeys(sharedRouteTable).keys()].sort());
  });

  it('refuse two route table entries that map to one construct id', () => {
    const [route] = sharedRouteTable.routes;
    if (!route) return;
    // Another handler (a route naming the same handler and access would share its function).
    const clash = {
      ...route,
      path: route.path.replace(/[^/]+$/, (last) => `{${last}}`),
      handler: sharedRouteTable.defaultRoute.handler,
    };
    expect(() => newStack({ ...sharedRouteTable, routes: [route, clash] })).toThrow(/construct id/);
  });
});
