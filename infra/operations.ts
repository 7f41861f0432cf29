/**
 * What an operator needs to run the stack: the API stage's JSON access log and default throttling,
 * the alarm topic (with an optional email subscription from the `AlarmEmail` parameter) and every
 * alarm, each notifying that topic when it fires and when it recovers. docs/deploy.md lists the
 * alarms and what to do when each fires.
 */
import { ArnFormat, CfnCondition, CfnParameter, Duration, Fn, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { HttpStage, type IHttpApi, LogGroupLogDestination } from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as sns from 'aws-cdk-lib/aws-sns';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';

/**
 * API Gateway's default route throttling (the account-wide quota is 10,000 requests/s shared by
 * every API of the account): a runaway client is stopped at the edge, before it costs Lambda and
 * DynamoDB. Per-key limits (docs/api.md, "Rate limits") are enforced by the middleware below these.
 */
export const DEFAULT_API_RATE_LIMIT = 100;
export const DEFAULT_API_BURST_LIMIT = 200;

/**
 * SES reviews an account at a 5 % bounce rate and a 0.1 % complaint rate; the alarms fire
 * earlier, at 4 % and 0.08 %, to leave time to act.
 */
export const SES_BOUNCE_RATE_ALARM = 0.04;
export const SES_COMPLAINT_RATE_ALARM = 0.0008;
/** The API's 5xx alarm: over 1 % of requests in 5 minutes, counted only once 20 requests came. */
export const API_5XX_PERCENT_ALARM = 1;
export const API_5XX_MIN_REQUESTS = 20;

/**
 * One JSON object per request: what happened and how long it took, never a header, a query or a
 * body (an API key travels in a header; customer data in the body).
 */
export const ACCESS_LOG_FIELDS: Record<string, string> = {
  requestId: '$context.requestId',
  requestTime: '$context.requestTime',
  sourceIp: '$context.identity.sourceIp',
  method: '$context.httpMethod',
  path: '$context.path',
  routeKey: '$context.routeKey',
  status: '$context.status',
  protocol: '$context.protocol',
  responseLength: '$context.responseLength',
  responseLatencyMs: '$context.responseLatency',
  integrationLatencyMs: '$context.integrationLatency',
  integrationStatus: '$context.integrationStatus',
  integrationError: '$context.integrationErrorMessage',
  errorMessage: '$context.error.message',
};

/** The API's `$default` stage, auto-deployed, with its JSON access log and default throttling. */
export function createApiStage(scope: Construct, api: IHttpApi): { stage: HttpStage; accessLogs: logs.LogGroup } {
  const rateLimit = new CfnParameter(scope, 'ApiThrottleRateLimit', {
    type: 'Number',
    default: DEFAULT_API_RATE_LIMIT,
    minValue: 1,
    description:
      'Steady-state requests per second the API accepts across all clients (API Gateway default route throttling)',
  });
  const burstLimit = new CfnParameter(scope, 'ApiThrottleBurstLimit', {
    type: 'Number',
    default: DEFAULT_API_BURST_LIMIT,
    minValue: 1,
    description: 'Requests the API accepts in a burst above the steady rate',
  });
  const accessLogs = new logs.LogGroup(scope, 'ApiAccessLogs', {
    retention: logs.RetentionDays.ONE_MONTH,
    removalPolicy: RemovalPolicy.DESTROY,
  });
  const stage = new HttpStage(scope, 'DefaultStage', {
    httpApi: api,
    stageName: '$default',
    autoDeploy: true,
    throttle: { rateLimit: rateLimit.valueAsNumber, burstLimit: burstLimit.valueAsNumber },
    accessLogSettings: {
      destination: new LogGroupLogDestination(accessLogs),
      format: AccessLogFormat.custom(JSON.stringify(ACCESS_LOG_FIELDS)),
    },
  });
  return { stage, accessLogs };
}

/** The topic every alarm notifies; an email address subscribes to it when `AlarmEmail` is set. */
export function createAlarmTopic(scope: Construct): sns.Topic {
  const email = new CfnParameter(scope, 'AlarmEmail', {
    type: 'String',
    default: '',
    description: 'Email address that receives every alarm (leave empty to subscribe later, e.g. a pager)',
  });
  // No server-side encryption: CloudWatch can publish only to a topic whose key policy lets
  // cloudwatch.amazonaws.com use the key, which the AWS-managed SNS key cannot; alarm
  // notifications carry no customer data. TLS only.
  const topic = new sns.Topic(scope, 'AlarmTopic', { displayName: 'Postbox alarms', enforceSSL: true });
  // The topic's own policy replaces SNS's default one, so CloudWatch is allowed explicitly: this
  // account's alarms only.
  const stack = Stack.of(scope);
  topic.addToResourcePolicy(
    new iam.PolicyStatement({
      sid: 'AllowThisAccountsAlarms',
      principals: [new iam.ServicePrincipal('cloudwatch.amazonaws.com')],
      actions: ['sns:Publish'],
      resources: [topic.topicArn],
      conditions: {
        StringEquals: { 'aws:SourceAccount': stack.account },
        ArnLike: {
          'aws:SourceArn': stack.formatArn({
            service: 'cloudwatch',
            resource: 'alarm',
            resourceName: '*',
            arnFormat: ArnFormat.COLON_RESOURCE_NAME,
          }),
        },
      },
    }),
  );
  const hasEmail = new CfnCondition(scope, 'HasAlarmEmail', {
    expression: Fn.conditionNot(Fn.conditionEquals(email.valueAsString, '')),
  });
  const subscription = new sns.CfnSubscription(topic, 'EmailSubscription', {
    topicArn: topic.topicArn,
    protocol: 'email',
    endpoint: email.valueAsString,
  });
  subscription.cfnOptions.condition = hasEmail;
  return topic;
}

export interface AlarmSubjects {
  topic: sns.ITopic;
  /** Dead-letter queues by what they hold (`send`, `ses-events handler`, …). */
  deadLetterQueues: Readonly<Record<string, sqs.IQueue>>;
  /** The functions nobody waits on (queue consumers, notification handlers, scheduled functions). */
  pipelineFunctions: Readonly<Record<string, lambda.IFunction>>;
  api: IHttpApi;
}

export interface Alarms {
  deadLetter: Record<string, cloudwatch.Alarm>;
  all: cloudwatch.Alarm[];
}

/**
 * Every alarm of the stack: a message in any dead-letter queue; an error or a throttle of a pipeline
 * function; the API's 5xx rate; SES's account bounce and complaint rates.
 */
export function createAlarms(scope: Construct, subjects: AlarmSubjects): Alarms {
  const all: cloudwatch.Alarm[] = [];
  const alarm = (
    id: string,
    props: Omit<cloudwatch.AlarmProps, 'evaluationPeriods'> & { evaluationPeriods?: number },
  ): cloudwatch.Alarm => {
    const created = new cloudwatch.Alarm(scope, id, {
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      ...props,
      evaluationPeriods: props.evaluationPeriods ?? 1,
    });
    created.addAlarmAction(new SnsAction(subjects.topic));
    created.addOkAction(new SnsAction(subjects.topic));
    all.push(created);
    return created;
  };
  const idOf = (name: string): string =>
    name.replace(/(^|[^A-Za-z0-9]+)([A-Za-z0-9])/g, (_, __, c: string) => c.toUpperCase());

  const deadLetter: Record<string, cloudwatch.Alarm> = {};
  for (const [name, queue] of Object.entries(subjects.deadLetterQueues)) {
    deadLetter[name] = alarm(`${idOf(name)}DeadLetterQueueAlarm`, {
      alarmDescription: `Messages of the ${name} could not be processed and wait in its dead-letter queue`,
      metric: queue.metricApproximateNumberOfMessagesVisible({
        period: Duration.minutes(1),
        statistic: cloudwatch.Stats.MAXIMUM,
      }),
      threshold: 0,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
    });
  }

  for (const [name, fn] of Object.entries(subjects.pipelineFunctions)) {
    alarm(`${idOf(name)}ErrorsAlarm`, {
      alarmDescription: `The ${name} failed (its invocations are retried; repeated failures end in a dead-letter queue)`,
      metric: fn.metricErrors({ period: Duration.minutes(5), statistic: cloudwatch.Stats.SUM }),
      threshold: 0,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
    });
    alarm(`${idOf(name)}ThrottlesAlarm`, {
      alarmDescription: `The ${name} was throttled by Lambda (account concurrency exhausted)`,
      metric: fn.metricThrottles({ period: Duration.minutes(5), statistic: cloudwatch.Stats.SUM }),
      threshold: 0,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
    });
  }

  const apiMetric = (metricName: string) =>
    new cloudwatch.Metric({
      namespace: 'AWS/ApiGateway',
      metricName,
      dimensionsMap: { ApiId: subjects.api.apiId },
      period: Duration.minutes(5),
      statistic: cloudwatch.Stats.SUM,
    });
  alarm('Api5xxRateAlarm', {
    alarmDescription: `Over ${API_5XX_PERCENT_ALARM} % of API requests answered 5xx in 5 minutes (from ${API_5XX_MIN_REQUESTS} requests)`,
    metric: new cloudwatch.MathExpression({
      expression: `IF(requests >= ${API_5XX_MIN_REQUESTS}, 100 * errors / requests, 0)`,
      usingMetrics: { errors: apiMetric('5xx'), requests: apiMetric('Count') },
      period: Duration.minutes(5),
      label: 'API 5xx %',
    }),
    threshold: API_5XX_PERCENT_ALARM,
    comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
    evaluationPeriods: 2,
    datapointsToAlarm: 2,
  });

  const sesReputation = (metricName: string) =>
    new cloudwatch.Metric({
      namespace: 'AWS/SES',
      metricName,
      period: Duration.minutes(15),
      statistic: cloudwatch.Stats.MAXIMUM,
    });
  alarm('SesBounceRateAlarm', {
    alarmDescription: `SES account bounce rate at ${SES_BOUNCE_RATE_ALARM * 100} % (SES reviews the account at 5 %). Runbook: docs/deploy.md, Alarms — npm run admin -- top-senders --by bounce_rate`,
    metric: sesReputation('Reputation.BounceRate'),
    threshold: SES_BOUNCE_RATE_ALARM,
    comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
  });
  alarm('SesComplaintRateAlarm', {
    alarmDescription: `SES account complaint rate at ${SES_COMPLAINT_RATE_ALARM * 100} % (SES reviews the account at 0.1 %). Runbook: docs/deploy.md, Alarms — npm run admin -- top-senders --by complaint_rate`,
    metric: sesReputation('Reputation.ComplaintRate'),
    threshold: SES_COMPLAINT_RATE_ALARM,
    comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
  });
  return { deadLetter, all };
}
