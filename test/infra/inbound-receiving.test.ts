/**
 * Opt-in email receiving (infra/inbound-receiving.ts) in the synthesized template: nothing of it without
 * `receiving`; with it, the receipt rule (S3 action into `inbound/raw/` with the topic, scanning on), the
 * topic's raw-delivery subscription of the inbound queue, SES's publish and put statements held to this
 * account and rule, and the rule set's activation (its role allowed one SES action); with `receiptRuleSet`,
 * the rule in that set and no activation. Retention sets the files' expiry and the functions' environment.
 * Each receiving variant is synthesized once, to a directory of its own, and also passes cdk-nag and cfn-lint.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { App } from 'aws-cdk-lib';
import { AwsSolutionsChecks, ServerlessChecks } from 'cdk-nag';
import { afterAll, describe, expect, it } from 'vitest';
import { config } from '#core/config.ts';
import { INBOUND_RETENTION_DAYS, MAX_INBOUND_RETENTION_DAYS } from '#platform/buckets.ts';
import { PROJECT_ROOT } from '../../infra/functions.ts';
import { inboundRetentionDays, receivingFromContext } from '../../infra/inbound-receiving.ts';
import { PostboxStack, type PostboxStackProps } from '../../infra/stack.ts';
import { type CfnResource, type SynthesizedStack, synthesizedStack } from '../support/synthesized-stack.ts';

const ENV = { region: 'eu-west-1', account: '123456789012' };
const RULE_ARN = (ruleSet: string) =>
  `arn:\${AWS::Partition}:ses:eu-west-1:123456789012:receipt-rule-set/${ruleSet}:receipt-rule/postbox-inbound`;
const outdirs: string[] = [];
afterAll(() => {
  for (const dir of outdirs) rmSync(dir, { recursive: true, force: true });
});

interface Variant {
  app: App;
  stack: PostboxStack;
  template: SynthesizedStack;
  outdir: string;
}

/** One synthesis of the stack with these props, written to a directory of its own (for cfn-lint). */
function synthesize(props: Omit<PostboxStackProps, 'routeTable'>): Variant {
  // The same feature flags as `cdk synth` (cdk.json), minus the bundling.
  const cdkJson = JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'cdk.json'), 'utf8')) as {
    context?: Record<string, unknown>;
  };
  const outdir = mkdtempSync(path.join(tmpdir(), 'postbox-receiving-'));
  outdirs.push(outdir);
  const app = new App({ outdir, context: { ...cdkJson.context, 'aws:cdk:bundling-stacks': [] } });
  const stack = new PostboxStack(app, 'Postbox', props);
  const template = synthesizedStack(stack);
  app.synth();
  return { app, stack, template, outdir };
}

/** A template value as one string: `Fn::Join` joined, `Ref` as `${Id}`, `Fn::GetAtt` as `${Id.Attribute}`. */
function flat(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(flat);
  if (!value || typeof value !== 'object') return value;
  const object = value as Record<string, unknown>;
  if (typeof object.Ref === 'string') return `\${${object.Ref}}`;
  if (Array.isArray(object['Fn::GetAtt'])) return `\${${(object['Fn::GetAtt'] as string[]).join('.')}}`;
  if (Array.isArray(object['Fn::Join'])) {
    const [separator, parts] = object['Fn::Join'] as [string, unknown[]];
    return parts.map((part) => String(flat(part))).join(separator);
  }
  return Object.fromEntries(Object.entries(object).map(([key, inner]) => [key, flat(inner)]));
}

const ofType = (v: Variant, type: string): Array<[string, CfnResource]> =>
  Object.entries(v.template.Resources).filter(([, resource]) => resource.Type === type);
const only = (v: Variant, type: string): [string, CfnResource] => {
  const found = ofType(v, type);
  expect(found, type).toHaveLength(1);
  return found[0] as [string, CfnResource];
};
interface Statement {
  Sid?: string;
  Effect: string;
  Principal?: unknown;
  Action: string | string[];
  Resource: unknown;
  Condition?: unknown;
}
const statements = (resource: CfnResource): Statement[] =>
  (resource.Properties.PolicyDocument as { Statement: Statement[] }).Statement;
/**
 * Every statement of every resource policy that names SES as its principal, but the SES events topic's
 * (the configuration sets publish sending events there: test/infra/stack.test.ts).
 */
const sesStatements = (v: Variant): Statement[] => {
  const eventsTopic = JSON.stringify([{ Ref: v.template.idOf(v.stack.sesEventsTopic) }]);
  return ['AWS::S3::BucketPolicy', 'AWS::SNS::TopicPolicy', 'AWS::SQS::QueuePolicy'].flatMap((type) =>
    ofType(v, type)
      .filter(([, policy]) => JSON.stringify(policy.Properties.Topics) !== eventsTopic)
      .flatMap(([, policy]) => statements(policy))
      .filter((statement) => JSON.stringify(statement.Principal ?? '').includes('ses.amazonaws.com')),
  );
};
const idOf = (v: Variant, construct: { node: { defaultChild?: unknown } }): string => v.template.idOf(construct);

/** Every unacknowledged cdk-nag finding (the AwsSolutions and Serverless packs, as test/infra/cdk-nag.test.ts). */
const nagFindings = (app: App): string[] =>
  [new AwsSolutionsChecks(), new ServerlessChecks()].flatMap((pack) =>
    pack
      .validateScope(app)
      .violations.flatMap((violation) =>
        violation.violatingResources.map((resource) => `${violation.ruleName} at ${resource.constructPath}`),
      ),
  );

const hasCfnLint = (() => {
  try {
    execFileSync('cfn-lint', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe('without receiving', () => {
  const off = synthesize({ env: ENV });

  it('has no receipt rule, rule set, activation, received-email topic or SES statement', () => {
    for (const type of ['AWS::SES::ReceiptRule', 'AWS::SES::ReceiptRuleSet', 'Custom::AWS']) {
      expect(ofType(off, type), type).toEqual([]);
    }
    // The SES events and alarm topics only; no queue subscribes to a topic.
    expect(ofType(off, 'AWS::SNS::Topic')).toHaveLength(2);
    expect(ofType(off, 'AWS::SNS::Subscription').filter(([, s]) => s.Properties.Protocol === 'sqs')).toEqual([]);
    expect(sesStatements(off)).toEqual([]);
    expect(off.stack.receiving).toBeUndefined();
  });

  it('keeps received files a day longer than the default retention, which the functions default to too', () => {
    const [, bucket] = only(off, 'AWS::S3::Bucket');
    const rules = (bucket.Properties.LifecycleConfiguration as { Rules: Array<Record<string, unknown>> }).Rules;
    expect(rules.find((rule) => rule.Prefix === 'inbound/files/')?.ExpirationInDays).toBe(INBOUND_RETENTION_DAYS + 1);
    expect(rules.find((rule) => rule.Prefix === 'inbound/raw/')?.ExpirationInDays).toBe(15);
    // Unset in the functions' environment, so they take config.ts's default: the same number of days.
    expect(config.inboundRetentionDays).toBe(INBOUND_RETENTION_DAYS);
    for (const [id, fn] of ofType(off, 'AWS::Lambda::Function')) {
      const variables = (fn.Properties.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables;
      expect(variables ?? {}, id).not.toHaveProperty('INBOUND_RETENTION_DAYS');
    }
  });
});

describe('with receiving, in a rule set of its own', () => {
  const own = synthesize({ env: ENV, receiving: {} });
  const receiving = own.stack.receiving;
  if (!receiving) throw new Error('the stack does not receive');
  const bucketId = idOf(own, own.stack.attachmentsBucket);
  const topicId = idOf(own, receiving.topic);
  const ruleId = idOf(own, receiving.rule);
  const ruleSetName = 'postbox-receiving';

  it('stores each message under inbound/raw/ and notifies the topic, scanning it, for every verified identity', () => {
    const [setId, set] = only(own, 'AWS::SES::ReceiptRuleSet');
    expect(set.Properties).toEqual({ RuleSetName: ruleSetName });
    const [id, rule] = only(own, 'AWS::SES::ReceiptRule');
    expect(id).toBe(ruleId);
    expect(rule.Properties).toEqual({
      RuleSetName: { Ref: setId },
      Rule: {
        Name: 'postbox-inbound',
        Enabled: true,
        ScanEnabled: true,
        TlsPolicy: 'Optional',
        Actions: [
          { S3Action: { BucketName: { Ref: bucketId }, ObjectKeyPrefix: 'inbound/raw/', TopicArn: { Ref: topicId } } },
        ],
      },
    });
    // SES checks it may write and publish when the rule is created: both policies come first.
    const bucketPolicy = own.stack.attachmentsBucket.policy;
    if (!bucketPolicy) throw new Error('the bucket has no policy');
    expect(rule.DependsOn).toEqual(
      expect.arrayContaining([idOf(own, bucketPolicy), idOf(own, receiving.topic.node.findChild('Policy'))]),
    );
  });

  it('hands each notification to the inbound queue as it is (raw delivery), over a TLS-only topic', () => {
    const queueId = idOf(own, own.stack.queues.inbound);
    const subscriptions = ofType(own, 'AWS::SNS::Subscription').filter(([, s]) => s.Properties.Protocol === 'sqs');
    expect(subscriptions.map(([, s]) => s.Properties)).toEqual([
      {
        Protocol: 'sqs',
        TopicArn: { Ref: topicId },
        Endpoint: { 'Fn::GetAtt': [queueId, 'Arn'] },
        RawMessageDelivery: true,
      },
    ]);
    // The queue lets only this topic send to it.
    const queuePolicy = ofType(own, 'AWS::SQS::QueuePolicy').find(([, p]) =>
      (p.Properties.Queues as unknown[]).some((queue) => JSON.stringify(queue) === JSON.stringify({ Ref: queueId })),
    );
    const fromSns = statements(queuePolicy?.[1] as CfnResource).filter((s) => s.Effect === 'Allow');
    expect(fromSns.map((s) => flat(s))).toEqual([
      {
        Effect: 'Allow',
        Principal: { Service: 'sns.amazonaws.com' },
        Action: 'sqs:SendMessage',
        Resource: `\${${queueId}.Arn}`,
        Condition: { ArnEquals: { 'aws:SourceArn': `\${${topicId}}` } },
      },
    ]);
    const topic = own.template.Resources[topicId] as CfnResource;
    // Not KMS-encrypted (SES cannot publish with the AWS-managed key: infra/inbound-receiving.ts).
    expect(topic.Properties).not.toHaveProperty('KmsMasterKeyId');
    const [, topicPolicy] = ofType(own, 'AWS::SNS::TopicPolicy').find(([, p]) =>
      JSON.stringify(p.Properties.Topics).includes(topicId),
    ) as [string, CfnResource];
    expect(statements(topicPolicy).find((s) => s.Effect === 'Deny')?.Condition).toEqual({
      Bool: { 'aws:SecureTransport': 'false' },
    });
  });

  it('lets SES publish and put only for this account and this rule, and put only under inbound/raw/', () => {
    const fromThisRule = {
      StringEquals: { 'aws:SourceAccount': '123456789012', 'aws:SourceArn': RULE_ARN(ruleSetName) },
    };
    expect(sesStatements(own).map((s) => flat(s))).toEqual(
      expect.arrayContaining([
        {
          Sid: 'AllowThisReceiptRulePuts',
          Effect: 'Allow',
          Principal: { Service: 'ses.amazonaws.com' },
          Action: 's3:PutObject',
          Resource: `\${${bucketId}.Arn}/inbound/raw/*`,
          Condition: fromThisRule,
        },
        {
          Sid: 'AllowThisReceiptRule',
          Effect: 'Allow',
          Principal: { Service: 'ses.amazonaws.com' },
          Action: 'sns:Publish',
          Resource: `\${${topicId}}`,
          Condition: fromThisRule,
        },
      ]),
    );
    expect(sesStatements(own)).toHaveLength(2);
  });

  it('activates its rule set once the rule exists, as a role that may only do that (and log)', () => {
    const [, activation] = only(own, 'Custom::AWS');
    expect(activation.DependsOn).toEqual([ruleId]);
    if (!receiving.ruleSet || !receiving.activation) throw new Error('the stack made no rule set of its own');
    const setRef = `\${${idOf(own, receiving.ruleSet)}}`;
    const call = (phase: string) => JSON.parse(String(flat(activation.Properties[phase])));
    for (const phase of ['Create', 'Update']) {
      expect(call(phase)).toMatchObject({
        service: 'SES',
        action: 'setActiveReceiptRuleSet',
        parameters: { RuleSetName: setRef },
      });
    }
    // On delete: no name, no active set (SES will not delete an active one).
    expect(call('Delete')).toMatchObject({ service: 'SES', action: 'setActiveReceiptRuleSet', parameters: {} });

    const roleId = idOf(own, receiving.activation.role);
    const providerId = String(flat(activation.Properties.ServiceToken)).match(/^\$\{(\w+)\.Arn\}$/)?.[1];
    const provider = own.template.Resources[String(providerId)] as CfnResource;
    expect(provider.Type).toBe('AWS::Lambda::Function');
    expect(provider.Properties.Role).toEqual({ 'Fn::GetAtt': [roleId, 'Arn'] });
    const role = own.template.Resources[roleId] as CfnResource;
    expect(role.Properties).not.toHaveProperty('ManagedPolicyArns');
    const logGroupId = (provider.Properties.LoggingConfig as { LogGroup: { Ref: string } }).LogGroup.Ref;
    const granted = (role.Properties.Policies as Array<{ PolicyDocument: { Statement: Statement[] } }>).flatMap(
      (policy) => policy.PolicyDocument.Statement.map((s) => flat(s)),
    );
    expect(granted).toEqual([
      {
        Effect: 'Allow',
        Action: ['logs:CreateLogStream', 'logs:PutLogEvents'],
        Resource: `\${${logGroupId}.Arn}`,
      },
      { Effect: 'Allow', Action: 'ses:SetActiveReceiptRuleSet', Resource: '*' },
    ]);
    // No other policy is attached to it.
    for (const [id, policy] of ofType(own, 'AWS::IAM::Policy')) {
      expect(JSON.stringify(policy.Properties.Roles), id).not.toContain(roleId);
    }
  });

  it('names the topic and the rule set in its outputs', () => {
    expect(flat(own.template.Outputs?.InboundTopicArn?.Value)).toBe(`\${${topicId}}`);
    expect(own.template.Outputs?.ReceiptRuleSetName?.Value).toBe(ruleSetName);
  });

  it('finds nothing unacknowledged with cdk-nag, in a region and without one', () => {
    expect(nagFindings(own.app)).toEqual([]);
    expect(nagFindings(synthesize({ receiving: {} }).app)).toEqual([]);
  });

  it.skipIf(!hasCfnLint)('passes cfn-lint (no error, no warning but W3005, as CI)', () => {
    const templates = readdirSync(own.outdir)
      .filter((file) => file.endsWith('.template.json'))
      .map((file) => path.join(own.outdir, file));
    expect(templates.length).toBe(2);
    expect(() =>
      execFileSync('cfn-lint', ['--ignore-checks', 'W3005', '--', ...templates], { encoding: 'utf8' }),
    ).not.toThrow();
  });
});

describe('with receiving, in an existing rule set (receiptRuleSet)', () => {
  const named = synthesize({ env: ENV, receiving: { ruleSetName: 'shared-set' } });

  it('adds the rule to that set, makes no set and activates nothing', () => {
    const [, rule] = only(named, 'AWS::SES::ReceiptRule');
    expect(rule.Properties.RuleSetName).toBe('shared-set');
    expect(ofType(named, 'AWS::SES::ReceiptRuleSet')).toEqual([]);
    expect(ofType(named, 'Custom::AWS')).toEqual([]);
    expect(named.stack.receiving?.activation).toBeUndefined();
    const arns = sesStatements(named).map(
      (s) => (flat(s.Condition) as { StringEquals: Record<string, string> }).StringEquals,
    );
    expect(arns.map((condition) => condition['aws:SourceArn'])).toEqual([
      RULE_ARN('shared-set'),
      RULE_ARN('shared-set'),
    ]);
  });

  it('finds nothing unacknowledged with cdk-nag', () => {
    expect(nagFindings(named.app)).toEqual([]);
  });

  it.skipIf(!hasCfnLint)('passes cfn-lint', () => {
    const templates = readdirSync(named.outdir)
      .filter((file) => file.endsWith('.template.json'))
      .map((file) => path.join(named.outdir, file));
    expect(() =>
      execFileSync('cfn-lint', ['--ignore-checks', 'W3005', '--', ...templates], { encoding: 'utf8' }),
    ).not.toThrow();
  });
});

describe('retention (inboundRetentionDays)', () => {
  const kept = synthesize({ env: ENV, inboundRetentionDays: 90 });

  it('expires received files a day after the records and tells every function', () => {
    const [, bucket] = only(kept, 'AWS::S3::Bucket');
    const rules = (bucket.Properties.LifecycleConfiguration as { Rules: Array<Record<string, unknown>> }).Rules;
    expect(rules.find((rule) => rule.Prefix === 'inbound/files/')?.ExpirationInDays).toBe(91);
    // The other prefixes keep theirs.
    expect(rules.find((rule) => rule.Prefix === 'inbound/raw/')?.ExpirationInDays).toBe(15);
    const functions = ofType(kept, 'AWS::Lambda::Function');
    expect(functions.length).toBeGreaterThan(40);
    for (const [id, fn] of functions) {
      expect((fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables, id).toMatchObject({
        INBOUND_RETENTION_DAYS: '90',
      });
    }
  });

  it('is read from the context, and refused at synthesis unless a whole number of days from 1 to the maximum', () => {
    expect(receivingFromContext(() => undefined)).toEqual({});
    const context = (values: Record<string, unknown>) => (key: string) => values[key];
    expect(receivingFromContext(context({ inboundRetentionDays: '45' }))).toEqual({ inboundRetentionDays: 45 });
    expect(inboundRetentionDays(MAX_INBOUND_RETENTION_DAYS)).toBe(MAX_INBOUND_RETENTION_DAYS);
    for (const bad of ['0', '366', '1.5', '30d', '', -1, 2.5, true]) {
      expect(() => receivingFromContext(context({ inboundRetentionDays: bad })), String(bad)).toThrow(
        /inboundRetentionDays must be a whole number of days from 1 to 365/,
      );
    }
    expect(() => new PostboxStack(new App(), 'Postbox', { inboundRetentionDays: 0 })).toThrow(/inboundRetentionDays/);
  });

  it('reads receiving and the rule set from the context, and refuses what it cannot mean', () => {
    const context = (values: Record<string, unknown>) => (key: string) => values[key];
    expect(receivingFromContext(context({ receiving: 'true' }))).toEqual({ receiving: {} });
    expect(receivingFromContext(context({ receiving: 'false' }))).toEqual({});
    expect(receivingFromContext(context({ receiving: true, receiptRuleSet: 'inbound.rules' }))).toEqual({
      receiving: { ruleSetName: 'inbound.rules' },
    });
    expect(() => receivingFromContext(context({ receiving: 'yes' }))).toThrow(/receiving must be true or false/);
    expect(() => receivingFromContext(context({ receiptRuleSet: 'inbound' }))).toThrow(/-c receiving=true/);
    expect(() => receivingFromContext(context({ receiving: 'true', receiptRuleSet: 'no spaces' }))).toThrow(
      /not an SES receipt rule set name/,
    );
  });
});
