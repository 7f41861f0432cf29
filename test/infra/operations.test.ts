/**
 * What an operator gets from the stack (infra/operations.ts, docs/deploy.md): the API stage's JSON
 * access log and throttling from parameters; an alarm topic every alarm notifies, with an email
 * subscription only when `AlarmEmail` is set; an alarm on every dead-letter queue, on the pipeline
 * functions' errors and throttles, on the API's 5xx rate and on SES's reputation; deletion
 * protection on the table; names taken from the stack name; a region required by the app.
 */
import { App } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { ACCESS_LOG_FIELDS } from '../../infra/operations.ts';
import { PostboxStack } from '../../infra/stack.ts';
import { stackEnvironment } from '../../infra/stack-environment.ts';
import { synthesizedStack } from '../support/synthesized-stack.ts';

interface Resource {
  Type: string;
  Properties: Record<string, unknown>;
  Condition?: string;
}

function synth(name = 'Postbox') {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
  const stack = new PostboxStack(app, name);
  const synthesized = synthesizedStack(stack);
  const json = synthesized as unknown as {
    Resources: Record<string, Resource>;
    Parameters: Record<string, Record<string, unknown>>;
    Conditions: Record<string, unknown>;
  };
  const ofType = (type: string) => Object.entries(json.Resources).filter(([, r]) => r.Type === type);
  const idOf = (construct: { node: { defaultChild?: unknown } }) => synthesized.idOf(construct);
  return { stack, json, ofType, idOf };
}

describe('operations', () => {
  const { stack, json, ofType, idOf } = synth();
  const topicRef = { Ref: idOf(stack.alarmTopic) };

  it('logs every API request as one JSON object (no header, query or body) and throttles by parameters', () => {
    const [[, stage]] = ofType('AWS::ApiGatewayV2::Stage') as [[string, Resource]];
    expect(stage.Properties.StageName).toBe('$default');
    expect(stage.Properties.AutoDeploy).toBe(true);
    const settings = stage.Properties.AccessLogSettings as { DestinationArn: unknown; Format: string };
    expect(JSON.parse(settings.Format)).toEqual(ACCESS_LOG_FIELDS);
    expect(settings.Format).not.toMatch(/header|querystring|body|authorization/i);
    expect(stage.Properties.DefaultRouteSettings).toEqual({
      ThrottlingRateLimit: { Ref: 'ApiThrottleRateLimit' },
      ThrottlingBurstLimit: { Ref: 'ApiThrottleBurstLimit' },
    });
    expect(json.Parameters.ApiThrottleRateLimit).toMatchObject({ Type: 'Number', Default: 100 });
    expect(json.Parameters.ApiThrottleBurstLimit).toMatchObject({ Type: 'Number', Default: 200 });
  });

  it('makes the alarm topic TLS-only, publishable by this account’s alarms, and subscribes AlarmEmail only when set', () => {
    expect(json.Parameters.AlarmEmail).toMatchObject({ Type: 'String', Default: '' });
    const subscriptions = ofType('AWS::SNS::Subscription').filter(([, r]) => r.Properties.Protocol === 'email');
    expect(subscriptions).toHaveLength(1);
    const [[, subscription]] = subscriptions as [[string, Resource]];
    expect(subscription.Properties).toMatchObject({ TopicArn: topicRef, Endpoint: { Ref: 'AlarmEmail' } });
    expect(json.Conditions[subscription.Condition as string]).toEqual({
      'Fn::Not': [{ 'Fn::Equals': [{ Ref: 'AlarmEmail' }, ''] }],
    });
    const [[, policy]] = ofType('AWS::SNS::TopicPolicy').filter(
      ([, r]) => JSON.stringify(r.Properties.Topics) === JSON.stringify([topicRef]),
    ) as [[string, Resource]];
    const statements = (policy.Properties.PolicyDocument as { Statement: Array<Record<string, unknown>> }).Statement;
    expect(statements).toContainEqual(
      expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
    );
    expect(statements).toContainEqual(
      expect.objectContaining({ Effect: 'Allow', Principal: { Service: 'cloudwatch.amazonaws.com' } }),
    );
  });

  it('notifies the alarm topic from every alarm, when it fires and when it recovers', () => {
    const alarms = ofType('AWS::CloudWatch::Alarm');
    expect(alarms.length).toBeGreaterThan(0);
    for (const [id, alarm] of alarms) {
      expect(alarm.Properties.AlarmActions, id).toEqual([topicRef]);
      expect(alarm.Properties.OKActions, id).toEqual([topicRef]);
    }
  });

  it('alarms on every dead-letter queue of the stack', () => {
    const queuesWithAlarm = new Set(
      ofType('AWS::CloudWatch::Alarm').flatMap(([, alarm]) =>
        ((alarm.Properties.Dimensions ?? []) as Array<{ Name: string; Value: { 'Fn::GetAtt': [string] } }>)
          .filter((dimension) => dimension.Name === 'QueueName')
          .map((dimension) => dimension.Value['Fn::GetAtt'][0]),
      ),
    );
    const deadLetterQueues = [
      ...Object.values(stack.deadLetterQueues),
      ...stack.notificationFunctions.map((n) => n.deadLetterQueue),
      ...stack.scheduledFunctionsBuilt.map((f) => f.deadLetterQueue),
      ...stack.streamFunctions.map((f) => f.deadLetterQueue),
    ].map(idOf);
    // send, webhooks and inbound queues, the SES events handler, the scheduler, the webhook fan-out,
    // the metrics counter.
    expect(deadLetterQueues).toHaveLength(7);
    expect([...queuesWithAlarm].sort()).toEqual([...deadLetterQueues].sort());
  });

  it('alarms on errors and throttles of every function nobody waits on', () => {
    const pipeline = [
      ...stack.consumerFunctions.map((c) => c.fn),
      ...stack.notificationFunctions.map((n) => n.fn),
      ...stack.scheduledFunctionsBuilt.map((f) => f.fn),
      ...stack.streamFunctions.map((f) => f.fn),
    ].map((fn) => idOf(fn.function));
    for (const metric of ['Errors', 'Throttles']) {
      const watched = ofType('AWS::CloudWatch::Alarm')
        .filter(([, alarm]) => alarm.Properties.MetricName === metric)
        .map(([, alarm]) => (alarm.Properties.Dimensions as Array<{ Value: { Ref: string } }>)[0]?.Value.Ref);
      expect(watched.sort(), metric).toEqual([...pipeline].sort());
    }
  });

  it('alarms on the API’s 5xx rate and on SES’s bounce and complaint rates before SES reviews the account', () => {
    const alarms = ofType('AWS::CloudWatch::Alarm').map(([, alarm]) => alarm.Properties);
    const api = alarms.find((alarm) => Array.isArray(alarm.Metrics));
    expect(JSON.stringify(api?.Metrics)).toContain('"MetricName":"5xx"');
    expect(api).toMatchObject({ Threshold: 1, ComparisonOperator: 'GreaterThanThreshold' });
    expect(alarms.find((alarm) => alarm.MetricName === 'Reputation.BounceRate')).toMatchObject({
      Namespace: 'AWS/SES',
      Threshold: 0.04,
    });
    expect(alarms.find((alarm) => alarm.MetricName === 'Reputation.ComplaintRate')).toMatchObject({
      Namespace: 'AWS/SES',
      Threshold: 0.0008,
    });
  });

  it('protects the table from deletion', () => {
    const [[, table]] = ofType('AWS::DynamoDB::Table') as [[string, Resource]];
    expect(table.Properties.DeletionProtectionEnabled).toBe(true);
  });

  it('names the configuration set, the key alias and the API after the stack, so two stacks fit one region', () => {
    const names = (stackName: string) => {
      const { ofType } = synth(stackName);
      const only = (type: string) => {
        const [first] = ofType(type);
        if (!first) throw new Error(`no ${type}`);
        return first[1].Properties;
      };
      return {
        configurationSet: only('AWS::SES::ConfigurationSet').Name,
        alias: only('AWS::KMS::Alias').AliasName,
        api: only('AWS::ApiGatewayV2::Api').Name,
      };
    };
    expect(names('Postbox')).toEqual({ configurationSet: 'postbox', alias: 'alias/postbox-dkim', api: 'Postbox' });
    expect(names('PostboxStaging')).toEqual({
      configurationSet: 'postboxstaging',
      alias: 'alias/postboxstaging-dkim',
      api: 'PostboxStaging',
    });
  });
});

describe('the app’s environment', () => {
  const context = (values: Record<string, string>) => (key: string) => values[key];

  it('refuses to synthesize without a region (the CLI’s us-east-1 default is a guess), and takes one from context or the AWS configuration', () => {
    expect(() => stackEnvironment(context({}), { CDK_DEFAULT_REGION: 'us-east-1' }, undefined)).toThrow(/No region/);
    expect(stackEnvironment(context({ region: 'eu-west-1' }), {}, undefined)).toEqual({
      stackName: 'Postbox',
      region: 'eu-west-1',
      account: undefined,
    });
    expect(
      stackEnvironment(context({ stackName: 'PostboxStaging' }), { CDK_DEFAULT_ACCOUNT: '123456789012' }, 'us-east-2'),
    ).toEqual({ stackName: 'PostboxStaging', region: 'us-east-2', account: '123456789012' });
  });

  it('refuses a stack name or region AWS would not accept', () => {
    expect(() => stackEnvironment(context({ stackName: 'postbox_prod', region: 'eu-west-1' }), {}, undefined)).toThrow(
      /Stack name/,
    );
    expect(() => stackEnvironment(context({ region: 'Europe' }), {}, undefined)).toThrow(/not an AWS region/);
  });
});
