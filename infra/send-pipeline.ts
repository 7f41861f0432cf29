/**
 * The send pipeline, everything behind the API's `202 queued`: the queues (each with a
 * dead-letter queue and an alarm on its depth) and their consumers; the SES configuration set
 * sending goes through, the SNS topic it publishes every sending event to and the notification
 * handlers subscribed to that topic (each with its own dead-letter queue); and the scheduled
 * functions with the EventBridge rules that run them (their alarms: operations.ts). Queue settings and the functions come
 * from shared/platform/queues.ts and the features' declarations (shared/app/routes.ts), which the local cloud reads too.
 */
import * as path from 'node:path';
import { Duration, Stack } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as eventTargets from 'aws-cdk-lib/aws-events-targets';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { SqsDlq, SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as ses from 'aws-cdk-lib/aws-ses';
import * as sns from 'aws-cdk-lib/aws-sns';
import { LambdaSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { type QueueName, queueDefinitions, SEND_CONSUMER_TIMEOUT_SECONDS } from '#platform/queues.ts';
import type {
  ConsumerDefinition,
  NotificationHandlerDefinition,
  ScheduledFunctionDefinition,
  StreamHandlerDefinition,
} from '#platform/routes.ts';
import { configurationSetFor, TRACKING_COMBINATIONS, type TrackingSwitches } from '#platform/ses-configuration-sets.ts';
import type { ApiFunction } from './api-function.ts';
import { type FunctionFactory, pascalCase } from './functions.ts';
import { sesConfigurationSetName } from './stack-environment.ts';

/**
 * Every SES sending event type, published to the topic (listed rather than CDK's default, so that
 * a type a later CDK adds does not change the stack unseen); Open and Click only by the sets that
 * track them (sesEventTypes).
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

export interface ConsumerFunction {
  consumer: ConsumerDefinition;
  fn: ApiFunction;
}

export interface NotificationFunction {
  handler: NotificationHandlerDefinition;
  fn: ApiFunction;
  deadLetterQueue: sqs.Queue;
}

export interface ScheduledFunction {
  scheduled: ScheduledFunctionDefinition;
  fn: ApiFunction;
  rule: events.Rule;
  /** Where EventBridge puts a run it could not hand to the function. */
  deadLetterQueue: sqs.Queue;
}

export function createQueues(scope: Construct): {
  queues: Record<QueueName, sqs.Queue>;
  deadLetterQueues: Record<QueueName, sqs.Queue>;
} {
  const entries = (Object.keys(queueDefinitions) as QueueName[]).map((name) => {
    const definition = queueDefinitions[name];
    const id = pascalCase(definition.name);
    const deadLetterQueue = new sqs.Queue(scope, `${id}DeadLetterQueue`, {
      retentionPeriod: Duration.seconds(definition.deadLetterRetentionSeconds),
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });
    const queue = new sqs.Queue(scope, `${id}Queue`, {
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

/**
 * The configuration sets sending uses (the base one and one per tracking combination) and the
 * topic they publish every sending event to.
 *
 * TLS is OPTIONAL (SES's default, opportunistic STARTTLS): REQUIRE would make SES bounce mail
 * to receiving servers without TLS, which Postbox would then record as bounces (and suppress).
 * Reputation metrics are on (bounce and complaint rates in CloudWatch).
 *
 * The topic has no server-side encryption: SES can publish to an encrypted topic only if the
 * key policy lets ses.amazonaws.com use the key, which the AWS-managed key (alias/aws/sns)
 * does not allow and cannot be changed to; a customer-managed key would cost another key. Its
 * messages are transient (delivered to the function, then gone) and travel over TLS.
 * Each event destination adds to the topic policy a statement that lets SES publish, held to this
 * account and that configuration set (aws:SourceAccount, aws:SourceArn).
 */
export function createSesEvents(scope: Construct): {
  configurationSet: ses.ConfigurationSet;
  configurationSets: ses.ConfigurationSet[];
  topic: sns.Topic;
} {
  const topic = new sns.Topic(scope, 'SesEventsTopic', {
    displayName: 'Postbox SES sending events',
    enforceSSL: true,
  });
  const base = sesConfigurationSetName(Stack.of(scope).stackName);
  // One set per combination of the tracking switches (shared/platform/ses-configuration-sets.ts):
  // SES tracks opens and clicks only in a set that publishes Open and Click events.
  const configurationSets = TRACKING_COMBINATIONS.map((tracking) => {
    const variant = `${tracking.opens ? 'Opens' : ''}${tracking.clicks ? 'Clicks' : ''}`;
    const configurationSet = new ses.ConfigurationSet(scope, `SesConfigurationSet${variant}`, {
      configurationSetName: configurationSetFor(base, tracking),
      reputationMetrics: true,
      sendingEnabled: true,
      tlsPolicy: ses.ConfigurationSetTlsPolicy.OPTIONAL,
    });
    configurationSet.addEventDestination('SesEventsDestination', {
      configurationSetEventDestinationName: 'sns',
      destination: ses.EventDestination.snsTopic(topic),
      events: sesEventTypes(tracking),
      enabled: true,
    });
    return configurationSet;
  });
  return { configurationSet: configurationSets[0] as ses.ConfigurationSet, configurationSets, topic };
}

/** What a set publishes: every event type, Open and Click only where that tracking is on. */
export function sesEventTypes(tracking: TrackingSwitches): ses.EmailSendingEvent[] {
  return SES_EVENT_TYPES.filter(
    (type) =>
      (type !== ses.EmailSendingEvent.OPEN || tracking.opens) &&
      (type !== ses.EmailSendingEvent.CLICK || tracking.clicks),
  );
}

/** One function per consumer, fed by its queue the way Lambda's event source mapping does. */
export function createConsumers(
  consumers: readonly ConsumerDefinition[],
  queues: Readonly<Record<QueueName, sqs.Queue>>,
  functionFor: FunctionFactory,
): ConsumerFunction[] {
  return consumers.map((consumer) => {
    const fn = functionFor(
      // One consumer per queue: a second one would compete for the same messages.
      `${pascalCase(consumer.queue)}QueueConsumer`,
      consumer,
      'consumer',
      SEND_CONSUMER_TIMEOUT_SECONDS,
      `Postbox ${consumer.queue} queue consumer`,
    );
    fn.function.addEventSource(
      new SqsEventSource(queues[consumer.queue], {
        batchSize: consumer.batchSize,
        maxConcurrency: consumer.maxConcurrency,
        reportBatchItemFailures: true,
      }),
    );
    return { consumer, fn };
  });
}

/** One function per notification handler, subscribed to its topic, with its own dead-letter queue. */
export function createNotificationHandlers(
  scope: Construct,
  handlers: readonly NotificationHandlerDefinition[],
  topics: Record<NotificationHandlerDefinition['source'], sns.ITopic>,
  functionFor: FunctionFactory,
): NotificationFunction[] {
  return handlers.map((handler) => {
    const constructId = `${pascalCase(path.basename(handler.handler, path.extname(handler.handler)))}NotificationHandler`;
    const fn = functionFor(
      constructId,
      handler,
      'consumer',
      SEND_CONSUMER_TIMEOUT_SECONDS,
      `Postbox ${handler.source} notification handler ${handler.handler}`,
    );
    const deadLetterQueue = new sqs.Queue(scope, `${constructId}DeadLetterQueue`, {
      retentionPeriod: NOTIFICATION_DEAD_LETTER_RETENTION,
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });
    // What SNS cannot hand to Lambda at all (after SNS's own retries: e.g. the function is
    // missing or SNS may not invoke it) goes to the subscription's dead-letter queue (its queue
    // policy lets only this topic send).
    topics[handler.source].addSubscription(new LambdaSubscription(fn.function, { deadLetterQueue }));
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
}

/** One function per scheduled function, with the EventBridge rule that runs it. */
export function createScheduledFunctions(
  scope: Construct,
  scheduledFunctions: readonly ScheduledFunctionDefinition[],
  functionFor: FunctionFactory,
): ScheduledFunction[] {
  return scheduledFunctions.map((scheduled) => {
    const name = pascalCase(scheduled.name);
    const fn = functionFor(
      `${name}Function`,
      scheduled,
      'consumer',
      scheduled.timeoutSeconds,
      `Postbox ${scheduled.name}, every ${scheduled.everyMinutes} minute(s)`,
    );
    // EventBridge invokes asynchronously; a failed run is simply followed by the next one. A run
    // EventBridge could not even hand to Lambda (the function missing, or not allowed) goes to the
    // dead-letter queue, whose alarm says so.
    const deadLetterQueue = new sqs.Queue(scope, `${name}ScheduleDeadLetterQueue`, {
      retentionPeriod: NOTIFICATION_DEAD_LETTER_RETENTION,
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });
    const rule = new events.Rule(scope, `${name}Schedule`, {
      description: `Runs the Postbox ${scheduled.name} every ${scheduled.everyMinutes} minute(s)`,
      schedule: events.Schedule.rate(Duration.minutes(scheduled.everyMinutes)),
      targets: [new eventTargets.LambdaFunction(fn.function, { retryAttempts: 0, deadLetterQueue })],
    });
    return { scheduled, fn, rule, deadLetterQueue };
  });
}

export interface StreamFunction {
  handler: StreamHandlerDefinition;
  fn: ApiFunction;
  deadLetterQueue: sqs.Queue;
}

/**
 * One function per stream handler, fed by the table's stream through an event source mapping with
 * the handler's filters (records that match none cost no invocation). A batch that fails is split
 * in halves and retried (bisect) so one bad record cannot hold the others back; a record that still
 * fails after 10 retries is described in the dead-letter queue (with the shard and sequence numbers
 * to read it again within the stream's 24 hours), whose alarm says so.
 */
export function createStreamHandlers(
  scope: Construct,
  handlers: readonly StreamHandlerDefinition[],
  table: dynamodb.ITable,
  functionFor: FunctionFactory,
): StreamFunction[] {
  return handlers.map((handler) => {
    const name = pascalCase(handler.name);
    const fn = functionFor(
      `${name}StreamHandler`,
      handler,
      'consumer',
      SEND_CONSUMER_TIMEOUT_SECONDS,
      `Postbox ${handler.name} (table stream)`,
    );
    const deadLetterQueue = new sqs.Queue(scope, `${name}StreamDeadLetterQueue`, {
      retentionPeriod: NOTIFICATION_DEAD_LETTER_RETENTION,
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });
    if (!table.tableStreamArn) throw new Error('The table has no stream for the stream handlers');
    // A mapping of its own rather than CDK's DynamoEventSource, whose grant adds ListStreams on every
    // resource: the role's stream access comes from the route table (`tableStream`).
    new lambda.EventSourceMapping(scope, `${name}StreamMapping`, {
      target: fn.function,
      eventSourceArn: table.tableStreamArn,
      startingPosition: lambda.StartingPosition.TRIM_HORIZON,
      batchSize: handler.batchSize,
      ...(handler.maxBatchingWindowSeconds !== undefined
        ? { maxBatchingWindow: Duration.seconds(handler.maxBatchingWindowSeconds) }
        : {}),
      // A handler may answer which record failed first (the metrics counter does): the records before
      // it are done and not read again.
      reportBatchItemFailures: true,
      bisectBatchOnError: true,
      retryAttempts: 10,
      onFailure: new SqsDlq(deadLetterQueue),
      filters: handler.filterPatterns.map((pattern) => lambda.FilterCriteria.filter(pattern)),
    });
    return { handler, fn, deadLetterQueue };
  });
}
