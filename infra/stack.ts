/**
 * The Postbox stack: the composition and its outputs. Functions and API routes come only from the
 * features' route declarations (shared/app/routes.ts); synthesis needs no AWS credentials, network or
 * context lookups. The parts are built in storage.ts (table, DKIM key, attachments bucket),
 * send-pipeline.ts (queues, consumers, SES events, scheduled functions), http-api.ts (the API and its
 * route functions), operations.ts (stage, alarms), inbound-receiving.ts (the opt-in SES receipt rule) and
 * functions.ts (how every function is made). What the stack creates: docs/deploy.md.
 */
import { CfnOutput, CfnParameter, Lazy, type NestedStack, Stack, type StackProps } from 'aws-cdk-lib';
import type { HttpApi, HttpStage } from 'aws-cdk-lib/aws-apigatewayv2';
import type * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as events from 'aws-cdk-lib/aws-events';
import type * as kms from 'aws-cdk-lib/aws-kms';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as ses from 'aws-cdk-lib/aws-ses';
import type * as sns from 'aws-cdk-lib/aws-sns';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import {
  consumers,
  dashboardFunction,
  defaultRoute,
  functionRoutes,
  notificationHandlers,
  scheduledFunctions,
  streamHandlers,
} from '#app/routes.ts';
import { type QueueName, queueDefinitions } from '#platform/queues.ts';
import type {
  ConsumerDefinition,
  NotificationHandlerDefinition,
  RouteDefinition,
  RouteGroupDefinition,
  ScheduledFunctionDefinition,
  StreamHandlerDefinition,
} from '#platform/routes.ts';
import type { ApiFunction } from './api-function.ts';
import { functionFactory, pascalCase } from './functions.ts';
import { createHttpApi } from './http-api.ts';
import {
  createInboundReceiving,
  type InboundReceiving,
  inboundRetentionDays,
  type ReceivingSettings,
} from './inbound-receiving.ts';
import { acknowledgeNagFindings } from './nag-acknowledgements.ts';
import { createAlarms, createAlarmTopic, createApiStage } from './operations.ts';
import {
  createConsumers,
  createNotificationHandlers,
  createQueues,
  createScheduledFunctions,
  createSesEvents,
  createStreamHandlers,
  type StreamFunction,
} from './send-pipeline.ts';
import { createAttachmentsBucket, createDkimKey, createTable } from './storage.ts';

export { ROUTE_TIMEOUT_SECONDS } from '#platform/routes.ts';

/** The declarations (shared/app/routes.ts) the stack is built from. */
export interface RouteTable {
  /** API and reference routes: a function each. */
  routes: readonly RouteDefinition[];
  /** The dashboard's pages: one function. */
  dashboard: RouteGroupDefinition;
  defaultRoute: Pick<RouteDefinition, 'handler' | 'access'>;
  consumers: readonly ConsumerDefinition[];
  notificationHandlers: readonly NotificationHandlerDefinition[];
  scheduledFunctions: readonly ScheduledFunctionDefinition[];
  streamHandlers: readonly StreamHandlerDefinition[];
}

export const sharedRouteTable: RouteTable = {
  routes: functionRoutes,
  dashboard: dashboardFunction,
  defaultRoute,
  consumers,
  notificationHandlers,
  scheduledFunctions,
  streamHandlers,
};

export interface PostboxStackProps extends StackProps {
  /**
   * The route table to build from; defaults to the declarations (shared/app/routes.ts). Only tests pass another
   * (to exercise consumers and queue senders before the real table has any).
   */
  routeTable?: RouteTable;
  /**
   * The host customers `include:` in their domain's SPF record (SPF_INCLUDE_HOST of the
   * HTTP functions); SES's, `amazonses.com`, by default.
   */
  sendingHost?: string;
  /**
   * Where recipients reach the API (PUBLIC_BASE_URL: Postbox's one-click unsubscribe links), e.g. a
   * custom domain in front of it; the API's own endpoint by default.
   */
  publicBaseUrl?: string;
  /**
   * Receive email (`-c receiving=true`): an SES receipt rule into the attachments bucket and the inbound
   * queue, in the stack's own (activated) rule set or in `ruleSetName`, an existing active one.
   */
  receiving?: ReceivingSettings;
  /** Days a received message is kept (INBOUND_RETENTION_DAYS; `-c inboundRetentionDays=`): 1 to 365, 30 by default. */
  inboundRetentionDays?: number;
}

export const DEFAULT_SENDING_HOST = 'amazonses.com';
/** SES's maximum send rate of a new production account (SesMaxSendRate's default). */
export const DEFAULT_SES_MAX_SEND_RATE = 14;

export class PostboxStack extends Stack {
  readonly table: dynamodb.Table;
  readonly queues: Readonly<Record<QueueName, sqs.Queue>>;
  readonly deadLetterQueues: Readonly<Record<QueueName, sqs.Queue>>;
  readonly dkimKey: kms.Key;
  readonly attachmentsBucket: s3.Bucket;
  readonly api: HttpApi;
  /** The API routes' functions, integrations and routes (docs/deploy.md, "Resource budget"). */
  readonly apiRoutesStack: NestedStack;
  readonly routeFunctions: ReadonlyArray<{ route: RouteDefinition; fn: ApiFunction }>;
  readonly defaultRouteFunction: ApiFunction;
  readonly dashboardFunction: ApiFunction;
  readonly consumerFunctions: ReadonlyArray<{ consumer: ConsumerDefinition; fn: ApiFunction }>;
  readonly sesConfigurationSet: ses.ConfigurationSet;
  /** Every configuration set, in the order of TRACKING_COMBINATIONS (the base one first). */
  readonly sesConfigurationSets: readonly ses.ConfigurationSet[];
  /** The topic the configuration set publishes every SES sending event to. */
  readonly sesEventsTopic: sns.Topic;
  readonly notificationFunctions: ReadonlyArray<{
    handler: NotificationHandlerDefinition;
    fn: ApiFunction;
    deadLetterQueue: sqs.Queue;
  }>;
  readonly scheduledFunctionsBuilt: ReadonlyArray<{
    scheduled: ScheduledFunctionDefinition;
    fn: ApiFunction;
    rule: events.Rule;
    deadLetterQueue: sqs.Queue;
  }>;
  readonly streamFunctions: readonly StreamFunction[];
  /** One per queue: its dead-letter queue holds a message (something could not be delivered). */
  readonly deadLetterAlarms: Readonly<Record<QueueName, cloudwatch.Alarm>>;
  /** Every dead-letter queue of the stack, by what it holds (`send queue`, `ses-events notification handler`, …). */
  readonly everyDeadLetterQueue: Readonly<Record<string, sqs.Queue>>;
  /** Every alarm notifies this topic (and the `AlarmEmail` address, when given). */
  readonly alarmTopic: sns.Topic;
  readonly alarms: readonly cloudwatch.Alarm[];
  readonly apiStage: HttpStage;
  /** The SES receipt rule and what it needs, when the stack receives email. */
  readonly receiving?: InboundReceiving;

  constructor(scope: Construct, id: string, props: PostboxStackProps = {}) {
    super(scope, id, props);
    const routeTable = props.routeTable ?? sharedRouteTable;
    // Checked before anything is built: a bad value stops synthesis with the reason.
    const retentionDays = inboundRetentionDays(props.inboundRetentionDays);

    this.table = createTable(this);
    const { queues, deadLetterQueues } = createQueues(this);
    this.queues = queues;
    this.deadLetterQueues = deadLetterQueues;
    this.dkimKey = createDkimKey(this);
    this.attachmentsBucket = createAttachmentsBucket(this, retentionDays);
    const sendingHost = props.sendingHost ?? DEFAULT_SENDING_HOST;
    const { configurationSet, configurationSets, topic } = createSesEvents(this);
    this.sesConfigurationSet = configurationSet;
    this.sesConfigurationSets = configurationSets;
    this.sesEventsTopic = topic;
    const notificationTopics: Record<NotificationHandlerDefinition['source'], sns.ITopic> = { 'ses-events': topic };

    const sesMaxSendRate = new CfnParameter(this, 'SesMaxSendRate', {
      type: 'Number',
      default: DEFAULT_SES_MAX_SEND_RATE,
      minValue: 1,
      description:
        "SES sends per second across all consumers: the account's maximum send rate in this region (SES console, Account dashboard; 1 in the sandbox, 14 on a new production account)",
    });
    const functionFor = functionFactory(this, {
      sesMaxSendRate: sesMaxSendRate.valueAsString,
      table: this.table,
      queues: this.queues,
      dkimKey: this.dkimKey,
      attachmentsBucket: this.attachmentsBucket,
      sendingHost,
      configurationSet: this.sesConfigurationSet,
      configurationSets,
      // The API is made after the functions (it routes to them): its endpoint is read at synthesis.
      publicBaseUrl: props.publicBaseUrl ?? Lazy.string({ produce: () => this.api.apiEndpoint }),
      // Only when set: the functions' own default (shared/core/config.ts) is the same 30 days.
      ...(props.inboundRetentionDays === undefined
        ? {}
        : { settings: { INBOUND_RETENTION_DAYS: String(retentionDays) } }),
    });

    const httpApi = createHttpApi(this, routeTable.routes, routeTable.dashboard, routeTable.defaultRoute, functionFor);
    this.defaultRouteFunction = httpApi.defaultRouteFunction;
    this.dashboardFunction = httpApi.dashboardFunction;
    this.api = httpApi.api;
    this.apiRoutesStack = httpApi.routesStack;
    this.routeFunctions = httpApi.routeFunctions;

    this.consumerFunctions = createConsumers(routeTable.consumers, this.queues, functionFor);
    this.notificationFunctions = createNotificationHandlers(
      this,
      routeTable.notificationHandlers,
      notificationTopics,
      functionFor,
    );
    this.scheduledFunctionsBuilt = createScheduledFunctions(this, routeTable.scheduledFunctions, functionFor);
    this.streamFunctions = createStreamHandlers(this, routeTable.streamHandlers, this.table, functionFor);
    const queueNames = Object.keys(queueDefinitions) as QueueName[];
    this.everyDeadLetterQueue = {
      ...Object.fromEntries(queueNames.map((name) => [`${name} queue`, this.deadLetterQueues[name]])),
      ...Object.fromEntries(
        this.notificationFunctions.map((n) => [`${n.handler.source} notification handler`, n.deadLetterQueue]),
      ),
      ...Object.fromEntries(
        this.scheduledFunctionsBuilt.map((f) => [`${f.scheduled.name} schedule`, f.deadLetterQueue]),
      ),
      ...Object.fromEntries(this.streamFunctions.map((f) => [`${f.handler.name} stream handler`, f.deadLetterQueue])),
    };
    const { stage, accessLogs } = createApiStage(this, this.api);
    this.apiStage = stage;
    this.alarmTopic = createAlarmTopic(this);
    const alarms = createAlarms(this, {
      topic: this.alarmTopic,
      deadLetterQueues: this.everyDeadLetterQueue,
      pipelineFunctions: Object.fromEntries([
        ...this.consumerFunctions.map((c) => [`${c.consumer.queue} queue consumer`, c.fn.function]),
        ...this.notificationFunctions.map((n) => [`${n.handler.source} notification handler`, n.fn.function]),
        ...this.scheduledFunctionsBuilt.map((f) => [`${f.scheduled.name} scheduled function`, f.fn.function]),
        ...this.streamFunctions.map((f) => [`${f.handler.name} stream handler`, f.fn.function]),
      ]),
      api: this.api,
    });
    this.alarms = alarms.all;
    this.deadLetterAlarms = Object.fromEntries(
      queueNames.map((name) => [name, alarms.deadLetter[`${name} queue`] as cloudwatch.Alarm]),
    ) as Record<QueueName, cloudwatch.Alarm>;

    new CfnOutput(this, 'ApiUrl', { value: this.api.apiEndpoint, description: 'Base URL of the Postbox API' });
    new CfnOutput(this, 'AlarmTopicArn', {
      value: this.alarmTopic.topicArn,
      description: 'SNS topic every alarm notifies (subscribe a pager or chat integration to it)',
    });
    new CfnOutput(this, 'ApiAccessLogGroup', {
      value: accessLogs.logGroupName,
      description: 'CloudWatch log group of the API access log (one JSON object per request)',
    });
    new CfnOutput(this, 'TableName', { value: this.table.tableName, description: 'DynamoDB table (TABLE_NAME)' });
    for (const name of Object.keys(queueDefinitions) as QueueName[]) {
      new CfnOutput(this, `${pascalCase(name)}QueueUrl`, {
        value: this.queues[name].queueUrl,
        description: `URL of the ${name} queue`,
      });
    }
    new CfnOutput(this, 'SesEventsTopicArn', {
      value: this.sesEventsTopic.topicArn,
      description: 'SNS topic the SES configuration set publishes sending events to',
    });
    new CfnOutput(this, 'SesConfigurationSetName', {
      value: this.sesConfigurationSet.configurationSetName,
      description: 'SES configuration set every email is sent through (SES_CONFIGURATION_SET)',
    });
    if (props.receiving) {
      this.receiving = createInboundReceiving(this, {
        bucket: this.attachmentsBucket,
        queue: this.queues.inbound,
        settings: props.receiving,
      });
      new CfnOutput(this, 'InboundTopicArn', {
        value: this.receiving.topic.topicArn,
        description: "SNS topic SES receiving publishes each message's Received notification to",
      });
      new CfnOutput(this, 'ReceiptRuleSetName', {
        value: this.receiving.ruleSetName,
        description:
          'SES receipt rule set that holds the stack’s receipt rule (MX: 10 inbound-smtp.<region>.amazonaws.com)',
      });
    }
    acknowledgeNagFindings(this);
  }
}
