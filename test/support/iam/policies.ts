/**
 * The IAM policies the stack deploys, per function, with CloudFormation's references resolved to the
 * names the local cloud uses (the table, the queues, the configuration set) in a fixed account and
 * region (requests.ts builds request ARNs the same way). Which Lambda function runs which route-table
 * handler is read here and only here, from the stack's own lists of the functions it built.
 */

import { App } from 'aws-cdk-lib';
import { dashboardFunction, defaultRoute } from '#app/routes.ts';
import type { QueueName } from '#platform/queues.ts';
import { configurationSetFor, TRACKING_COMBINATIONS } from '#platform/ses-configuration-sets.ts';
import { PostboxStack } from '../../../infra/stack.ts';
import { synthesizedStack } from '../synthesized-stack.ts';
import { ACCOUNT, bucketArn, DKIM_KEY_ARN, PARTITION, queueArn, REGION, tableArn } from './requests.ts';

export interface PolicyDocument {
  Version?: string;
  Statement: Array<Record<string, unknown>>;
}

export interface FunctionPolicies {
  /** The Lambda function's logical id. */
  functionId: string;
  roleId: string;
  roleArn: string;
  /** Each attached policy by its logical id. */
  policies: Array<{ name: string; document: PolicyDocument }>;
}

export interface DeployedPolicies {
  /** By route-table handler module. */
  byHandler: Map<string, FunctionPolicies>;
  /** Resource policies by the resource's ARN: the queues' policies, the DKIM key's key policy. */
  resourcePolicies: Map<string, PolicyDocument>;
}

export interface LocalNames {
  tableName: string;
  /** The local queues' URLs (their last segment is the queue's name). */
  queues: Record<QueueName, { url: string; deadLetterUrl: string }>;
  configurationSetName: string;
  /** The attachments bucket's name (ATTACHMENTS_BUCKET). */
  attachmentsBucketName: string;
}

interface CfnResource {
  Type: string;
  Properties: Record<string, unknown>;
}

const lastSegment = (url: string): string => url.split('/').pop() ?? '';

/** Synthesizes the stack (no bundling) and collects each function's policies, resolved. */
export function deployedPolicies(local: LocalNames, stack?: PostboxStack): DeployedPolicies {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
  const built = stack ?? new PostboxStack(app, 'Postbox');
  // The stack with its API routes' nested stack, as one template.
  const synthesized = synthesizedStack(built);
  const resources = synthesized.Resources as Record<string, CfnResource>;
  const idOf = (construct: { node: { defaultChild?: unknown } }): string => synthesized.idOf(construct);

  // What each reference stands for locally.
  const refs = new Map<string, string>();
  const arns = new Map<string, string>();
  const names = new Map<string, string>();
  const tableId = idOf(built.table);
  refs.set(tableId, local.tableName);
  arns.set(tableId, tableArn(local.tableName));
  for (const name of Object.keys(local.queues) as QueueName[]) {
    const queue = local.queues[name];
    for (const [construct, url] of [
      [built.queues[name], queue.url],
      [built.deadLetterQueues[name], queue.deadLetterUrl],
    ] as const) {
      const id = idOf(construct);
      refs.set(id, url);
      arns.set(id, queueArn(lastSegment(url)));
      names.set(id, lastSegment(url));
    }
  }
  built.sesConfigurationSets.forEach((configurationSet, index) => {
    const tracking = TRACKING_COMBINATIONS[index] ?? { opens: false, clicks: false };
    refs.set(idOf(configurationSet), configurationSetFor(local.configurationSetName, tracking));
  });
  arns.set(idOf(built.dkimKey), DKIM_KEY_ARN);
  refs.set(idOf(built.attachmentsBucket), local.attachmentsBucketName);
  arns.set(idOf(built.attachmentsBucket), bucketArn(local.attachmentsBucketName));

  const resolve = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(resolve);
    if (!value || typeof value !== 'object') return value;
    const object = value as Record<string, unknown>;
    if ('Ref' in object) {
      const ref = String(object.Ref);
      const pseudo: Record<string, string> = {
        'AWS::Partition': PARTITION,
        'AWS::Region': REGION,
        'AWS::AccountId': ACCOUNT,
        'AWS::URLSuffix': 'amazonaws.com',
      };
      return pseudo[ref] ?? refs.get(ref) ?? `unresolved:${ref}`;
    }
    if ('Fn::GetAtt' in object) {
      const [id, attribute] = object['Fn::GetAtt'] as [string, string];
      if (attribute === 'Arn') return arns.get(id) ?? `arn:${PARTITION}:unresolved:${REGION}:${ACCOUNT}:${id}`;
      if (attribute === 'QueueName') return names.get(id) ?? `unresolved:${id}`;
      return `unresolved:${id}.${attribute}`;
    }
    if ('Fn::Join' in object) {
      const [separator, parts] = object['Fn::Join'] as [string, unknown[]];
      return parts.map((part) => String(resolve(part))).join(separator);
    }
    return Object.fromEntries(Object.entries(object).map(([key, inner]) => [key, resolve(inner)]));
  };

  const policiesOfRole = (roleId: string): FunctionPolicies['policies'] =>
    Object.entries(resources)
      .filter(([, resource]) => resource.Type === 'AWS::IAM::Policy')
      .filter(([, resource]) =>
        ((resource.Properties.Roles ?? []) as Array<{ Ref: string }>).some((ref) => ref.Ref === roleId),
      )
      .map(([id, resource]) => ({ name: id, document: resolve(resource.Properties.PolicyDocument) as PolicyDocument }));

  const functions: Array<[string, { function: { node: { defaultChild?: unknown } } }]> = [
    ...built.routeFunctions.map(({ route, fn }) => [route.handler, fn] as [string, typeof fn]),
    [dashboardFunction.handler, built.dashboardFunction],
    [defaultRoute.handler, built.defaultRouteFunction],
    ...built.consumerFunctions.map(({ consumer, fn }) => [consumer.handler, fn] as [string, typeof fn]),
    ...built.notificationFunctions.map(({ handler, fn }) => [handler.handler, fn] as [string, typeof fn]),
    ...built.scheduledFunctionsBuilt.map(({ scheduled, fn }) => [scheduled.handler, fn] as [string, typeof fn]),
    ...built.streamFunctions.map(({ handler, fn }) => [handler.handler, fn] as [string, typeof fn]),
  ];
  const byHandler = new Map<string, FunctionPolicies>();
  for (const [handler, fn] of functions) {
    const functionId = idOf(fn.function);
    const resource = resources[functionId];
    if (!resource) throw new Error(`No function ${functionId} in the template`);
    const role = (resource.Properties.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    byHandler.set(handler, {
      functionId,
      roleId: role,
      roleArn: `arn:${PARTITION}:iam::${ACCOUNT}:role/${role}`,
      policies: policiesOfRole(role),
    });
  }

  const resourcePolicies = new Map<string, PolicyDocument>();
  for (const resource of Object.values(resources).filter((r) => r.Type === 'AWS::SQS::QueuePolicy')) {
    for (const queue of (resource.Properties.Queues ?? []) as Array<{ Ref: string }>) {
      const arn = arns.get(queue.Ref);
      if (arn) resourcePolicies.set(arn, resolve(resource.Properties.PolicyDocument) as PolicyDocument);
    }
  }
  // KMS authorises a call only if the key policy allows it too (it delegates to the account's IAM).
  const keyPolicy = resources[idOf(built.dkimKey)]?.Properties.KeyPolicy;
  resourcePolicies.set(DKIM_KEY_ARN, resolve(keyPolicy) as PolicyDocument);
  return { byHandler, resourcePolicies };
}
