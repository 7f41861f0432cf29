/**
 * The Postbox stack: one DynamoDB table, the queues (each with a dead-letter queue), the
 * KMS key that encrypts DKIM private keys, an HTTP API whose routes come only from the
 * route table in shared/platform/routes.ts, one function per route, one for API Gateway's `$default`
 * route, and one per queue consumer; the SES configuration set that sending uses, the SNS
 * topic its events are published to, and one function (with its own dead-letter queue) per
 * notification handler subscribed to that topic; one function per scheduled function with the
 * EventBridge rule that runs it, and an alarm on each dead-letter queue's depth.
 * Synthesis needs no AWS credentials, network or context lookups.
 */
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { HttpApi, HttpMethod } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as eventTargets from 'aws-cdk-lib/aws-events-targets';
import * as kms from 'aws-cdk-lib/aws-kms';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as ses from 'aws-cdk-lib/aws-ses';
import * as sns from 'aws-cdk-lib/aws-sns';
import { LambdaSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { type QueueName, queueDefinitions, SEND_CONSUMER_TIMEOUT_SECONDS } from '#platform/queues.ts';
import {
  type ConsumerDefinition,
  consumers,
  defaultRoute,
  type NotificationHandlerDefinition,
  notificationHandlers,
  ROUTE_TIMEOUT_SECONDS,
  type RouteDefinition,
  routeId,
  routePaths,
  routes,
  type ScheduledFunctionDefinition,
  scheduledFunctions,
} from '#platform/routes.ts';
import { tableDefinition } from '#platform/table.ts';
import { ApiFunction } from './api-function.ts';

export { ROUTE_TIMEOUT_SECONDS } from '#platform/routes.ts';

/** Where `handler` paths of the route table are relative to. */
export const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The parts of shared/platform/routes.ts the stack is built from. */
export interface RouteTable {
  routes: readonly RouteDefinition[];
  defaultRoute: Pick<RouteDefinition, 'handler' | 'access'>;
  consumers: readonly ConsumerDefinition[];
  notificationHandlers: readonly NotificationHandlerDefinition[];
  scheduledFunctions: readonly ScheduledFunctionDefinition[];
}

export const sharedRouteTable: RouteTable = {
  routes,
  defaultRoute,
  consumers,
  notificationHandlers,
  scheduledFunctions,
};

export interface PostboxStackProps extends StackProps {
  /**
   * The route table to build from; defaults to shared/routes.ts. Only tests pass another
   * (to exercise consumers and queue senders before the real table has any).
   */
  routeTable?: RouteTable;
  /**
   * The host customers `include:` in their domain's SPF record (SPF_INCLUDE_HOST of the
   * HTTP functions); SES's, `amazonses.com`, by default.
   */
  sendingHost?: string;
}

/** The alias of the key that encrypts DKIM private keys. */
export const DKIM_KEY_ALIAS = 'alias/postbox-dkim';
export const DEFAULT_SENDING_HOST = 'amazonses.com';
/**
 * The SES configuration set every email is sent through (SES_CONFIGURATION_SET of the functions
 * that declare `ses: ['send']`). A fixed name, like the key alias: one Postbox per account and
 * region.
 */
export const SES_CONFIGURATION_SET_NAME = 'postbox';
/**
 * Every SES sending event type, all published to the topic (listed rather than CDK's default,
 * so that a type a later CDK adds does not change the stack unseen).
 */
export const SES_EVENT_TYPES: readonly ses.EmailSendingEvent[] = [
  ses.EmailSendingEvent.SEND,
  ses.EmailSendingEvent.REJECT,
  ses.EmailSendingEvent.BOUNCE,
  ses.EmailSendingEvent.COMPLAINT,
  ses.EmailSendingEvent.DELIVERY,
  ses.EmailSendingEvent.DELIVERY_DELAY,
  ses.EmailSendingEvent.RENDERING_FAILURE,
  ses.EmailSendingEvent.OPEN,
  ses.EmailSendingEvent.CLICK,
  ses.EmailSendingEvent.SUBSCRIPTION,
];
/** How long a notification handler's dead-letter queue keeps what could not be handled (the SQS maximum). */
export const NOTIFICATION_DEAD_LETTER_RETENTION = Duration.days(14);

function pascalCase(name: string): string {
  return name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');
}

export class PostboxStack extends Stack {
  readonly table: dynamodb.Table;
  readonly queues: Readonly<Record<QueueName, sqs.Queue>>;
  readonly deadLetterQueues: Readonly<Record<QueueName, sqs.Queue>>;
  readonly dkimKey: kms.Key;
  readonly api: HttpApi;
  readonly routeFunctions: ReadonlyArray<{ route: RouteDefinition; fn: ApiFunction }>;
  readonly defaultRouteFunction: ApiFunction;
  readonly consumerFunctions: ReadonlyArray<{ consumer: ConsumerDefinition; fn: ApiFunction }>;
  readonly sesConfigurationSet: ses.ConfigurationSet;
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
  }>;
  /** One per queue: its dead-letter queue holds a message (something could not be delivered). */
  readonly deadLetterAlarms: Readonly<Record<QueueName, cloudwatch.Alarm>>;

  constructor(scope: Construct, id: string, props: PostboxStackProps = {}) {
    super(scope, id, props);
    const routeTable = props.routeTable ?? sharedRouteTable;

    this.table = this.createTable();
    const { queues, deadLetterQueues } = this.createQueues();
    this.queues = queues;
    this.deadLetterQueues = deadLetterQueues;
    this.dkimKey = this.createDkimKey();
    const sendingHost = props.sendingHost ?? DEFAULT_SENDING_HOST;
    const { configurationSet, topic } = this.createSesEvents();
    this.sesConfigurationSet = configurationSet;
    this.sesEventsTopic = topic;
    const notificationTopics: Record<NotificationHandlerDefinition['source'], sns.ITopic> = { 'ses-events': topic };

    const usedIds = new Set<string>();
    const functionFor = (
      constructId: string,
      entry: Pick<RouteDefinition, 'handler' | 'access'>,
      kind: 'http' | 'consumer',
      timeoutSeconds: number,
      description: string,
    ): ApiFunction => {
      if (usedIds.has(constructId)) {
        throw new Error(`Two route table entries map to the construct id ${constructId}`);
      }
      usedIds.add(constructId);
      return new ApiFunction(this, constructId, {
        projectRoot: PROJECT_ROOT,
        handler: entry.handler,
        kind,
        access: entry.access,
        timeout: Duration.seconds(timeoutSeconds),
        table: this.table,
        queues: this.queues,
        key: this.dkimKey,
        sendingHost,
        configurationSet: this.sesConfigurationSet,
        description,
      });
    };

    // `$default` catches every request no route matches and answers 404 or 405.
    this.defaultRouteFunction = functionFor(
      'UnmatchedRoute',
      routeTable.defaultRoute,
      'http',
      ROUTE_TIMEOUT_SECONDS,
      'Postbox $default route (404/405)',
    );
    this.api = new HttpApi(this, 'HttpApi', {
      apiName: 'postbox',
      description: 'Postbox transactional email API',
      defaultIntegration: new HttpLambdaIntegration('UnmatchedRouteIntegration', this.defaultRouteFunction.function),
    });

    this.routeFunctions = routeTable.routes.map((route) => {
      const constructId = routeId(route);
      const fn = functionFor(
        constructId,
        route,
        'http',
        ROUTE_TIMEOUT_SECONDS,
        `Postbox ${route.method} ${route.path}`,
      );
      const integration = new HttpLambdaIntegration(`${constructId}Integration`, fn.function);
      for (const routePath of routePaths(route)) {
        this.api.addRoutes({ path: routePath, methods: [HttpMethod[route.method]], integration });
      }
      return { route, fn };
    });

    this.consumerFunctions = routeTable.consumers.map((consumer) => {
      const fn = functionFor(
        // One consumer per queue: a second one would compete for the same messages.
        `${pascalCase(consumer.queue)}QueueConsumer`,
        consumer,
        'consumer',
        SEND_CONSUMER_TIMEOUT_SECONDS,
        `Postbox ${consumer.queue} queue consumer`,
      );
      fn.function.addEventSource(
        new SqsEventSource(this.queues[consumer.queue], {
          batchSize: consumer.batchSize,
          maxConcurrency: consumer.maxConcurrency,
          reportBatchItemFailures: true,
        }),
      );
      return { consumer, fn };
    });

    this.notificationFunctions = routeTable.notificationHandlers.map((handler) => {
      const constructId = `${pascalCase(path.basename(handler.handler, path.extname(handler.handler)))}NotificationHandler`;
      const fn = functionFor(
        constructId,
        handler,
        'consumer',
        SEND_CONSUMER_TIMEOUT_SECONDS,
        `Postbox ${handler.source} notification handler ${handler.handler}`,
      );
      const deadLetterQueue = new sqs.Queue(this, `${constructId}DeadLetterQueue`, {
        retentionPeriod: NOTIFICATION_DEAD_LETTER_RETENTION,
        encryption: sqs.QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
      });
      // What SNS cannot hand to Lambda at all (after SNS's own retries: e.g. the function is
      // missing or SNS may not invoke it) goes to the subscription's dead-letter queue (its queue
      // policy lets only this topic send).
      notificationTopics[handler.source].addSubscription(new LambdaSubscription(fn.function, { deadLetterQueue }));
      // SNS invokes the function asynchronously: once Lambda has accepted the event, SNS is done.
      // An event the handler fails on is retried by Lambda and then sent to the same queue (an
      // invocation record with the error and the SNS event), so nothing is dropped silently.
      fn.function.configureAsyncInvoke({
        retryAttempts: 2,
        maxEventAge: Duration.hours(6),
        onFailure: new SqsDestination(deadLetterQueue),
      });
      return { handler, fn, deadLetterQueue };
    });

    this.scheduledFunctionsBuilt = routeTable.scheduledFunctions.map((scheduled) => {
      const name = pascalCase(scheduled.name);
      const fn = functionFor(
        `${name}Function`,
        scheduled,
        'consumer',
        scheduled.timeoutSeconds,
        `Postbox ${scheduled.name}, every ${scheduled.everyMinutes} minute(s)`,
      );
      // EventBridge invokes asynchronously; a failed run is simply followed by the next one.
      const rule = new events.Rule(this, `${name}Schedule`, {
        description: `Runs the Postbox ${scheduled.name} every ${scheduled.everyMinutes} minute(s)`,
        schedule: events.Schedule.rate(Duration.minutes(scheduled.everyMinutes)),
        targets: [new eventTargets.LambdaFunction(fn.function, { retryAttempts: 0 })],
      });
      return { scheduled, fn, rule };
    });

    this.deadLetterAlarms = Object.fromEntries(
      (Object.keys(queueDefinitions) as QueueName[]).map((name) => [
        name,
        new cloudwatch.Alarm(this, `${pascalCase(name)}DeadLetterQueueAlarm`, {
          alarmDescription: `Messages of the ${name} queue could not be processed and wait in its dead-letter queue`,
          metric: this.deadLetterQueues[name].metricApproximateNumberOfMessagesVisible({
            period: Duration.minutes(1),
            statistic: cloudwatch.Stats.MAXIMUM,
          }),
          threshold: 0,
          comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
          evaluationPeriods: 1,
          treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
        }),
      ]),
    ) as Record<QueueName, cloudwatch.Alarm>;

    new CfnOutput(this, 'ApiUrl', { value: this.api.apiEndpoint, description: 'Base URL of the Postbox API' });
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
  }

  /**
   * The configuration set sending uses and the topic it publishes every sending event to.
   *
   * TLS is OPTIONAL (SES's default, opportunistic STARTTLS): REQUIRE would make SES bounce mail
   * to receiving servers without TLS, which Postbox would then record as bounces (and suppress).
   * Reputation metrics are on (bounce and complaint rates in CloudWatch).
   *
   * The topic has no server-side encryption: SES can publish to an encrypted topic only if the
   * key policy lets ses.amazonaws.com use the key, which the AWS-managed key (alias/aws/sns)
   * does not allow and cannot be changed to; a customer-managed key would cost another key. Its
   * messages are transient (delivered to the function, then gone) and travel over TLS.
   * The event destination adds the topic policy that lets SES publish, held to this account and
   * this configuration set (aws:SourceAccount, aws:SourceArn).
   */
  private createSesEvents(): { configurationSet: ses.ConfigurationSet; topic: sns.Topic } {
    const configurationSet = new ses.ConfigurationSet(this, 'SesConfigurationSet', {
      configurationSetName: SES_CONFIGURATION_SET_NAME,
      reputationMetrics: true,
      sendingEnabled: true,
      tlsPolicy: ses.ConfigurationSetTlsPolicy.OPTIONAL,
    });
    const topic = new sns.Topic(this, 'SesEventsTopic', {
      displayName: 'Postbox SES sending events',
    });
    configurationSet.addEventDestination('SesEventsDestination', {
      configurationSetEventDestinationName: 'postbox-sns',
      destination: ses.EventDestination.snsTopic(topic),
      events: [...SES_EVENT_TYPES],
      enabled: true,
    });
    return { configurationSet, topic };
  }

  private createTable(): dynamodb.Table {
    const string = (name: string): dynamodb.Attribute => ({ name, type: dynamodb.AttributeType.STRING });
    const table = new dynamodb.Table(this, 'Table', {
      partitionKey: string(tableDefinition.partitionKey),
      sortKey: string(tableDefinition.sortKey),
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: tableDefinition.timeToLiveAttribute,
      // The table holds every organization's keys and data: deleting the stack keeps it.
      removalPolicy: RemovalPolicy.RETAIN,
    });
    for (const index of tableDefinition.globalSecondaryIndexes) {
      table.addGlobalSecondaryIndex({
        indexName: index.indexName,
        partitionKey: string(index.partitionKey),
        sortKey: string(index.sortKey),
        ...(index.projection.type === 'INCLUDE'
          ? {
              projectionType: dynamodb.ProjectionType.INCLUDE,
              nonKeyAttributes: [...index.projection.nonKeyAttributes],
            }
          : { projectionType: dynamodb.ProjectionType.ALL }),
      });
    }
    return table;
  }

  /**
   * The customer-managed key DKIM private keys are encrypted with before they are stored.
   * Functions get only the key actions their route table entry declares (IAM policies; the
   * default key policy lets this account's IAM grant them). Retained: deleting it would make
   * every stored DKIM private key unreadable.
   */
  private createDkimKey(): kms.Key {
    return new kms.Key(this, 'DkimKey', {
      description: 'Postbox: encrypts the DKIM private keys of sending domains',
      alias: DKIM_KEY_ALIAS,
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
  }

  private createQueues(): {
    queues: Record<QueueName, sqs.Queue>;
    deadLetterQueues: Record<QueueName, sqs.Queue>;
  } {
    const entries = (Object.keys(queueDefinitions) as QueueName[]).map((name) => {
      const definition = queueDefinitions[name];
      const id = pascalCase(definition.name);
      const deadLetterQueue = new sqs.Queue(this, `${id}DeadLetterQueue`, {
        retentionPeriod: Duration.seconds(definition.deadLetterRetentionSeconds),
        encryption: sqs.QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
      });
      const queue = new sqs.Queue(this, `${id}Queue`, {
        visibilityTimeout: Duration.seconds(definition.visibilityTimeoutSeconds),
        retentionPeriod: Duration.seconds(definition.messageRetentionSeconds),
        encryption: sqs.QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        deadLetterQueue: { queue: deadLetterQueue, maxReceiveCount: definition.maxReceiveCount },
      });
      return { name, queue, deadLetterQueue };
    });
    return {
      queues: Object.fromEntries(entries.map((e) => [e.name, e.queue])) as Record<QueueName, sqs.Queue>,
      deadLetterQueues: Object.fromEntries(entries.map((e) => [e.name, e.deadLetterQueue])) as Record<
        QueueName,
        sqs.Queue
      >,
    };
  }
}
