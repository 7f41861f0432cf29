/**
 * How the stack makes its functions: each an ApiFunction handed the stack's shared resources, under a
 * construct id derived from the route table (an id used twice is an error at synthesis, never two
 * handlers sharing one function). Cheap in CloudFormation resources (500 a stack): HTTP functions with
 * identical access share a role (their grants are exactly that access; a consumer's trigger adds grants,
 * so each consumer keeps its own) and every function logs to one group. docs/deploy.md, "What the stack
 * creates" (IAM roles, log groups) and "Resource budget".
 */
import { fileURLToPath } from 'node:url';
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as kms from 'aws-cdk-lib/aws-kms';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as ses from 'aws-cdk-lib/aws-ses';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import type { QueueName } from '#platform/queues.ts';
import type { ResourceAccess } from '#platform/route-access.ts';
import type { RouteDefinition } from '#platform/routes.ts';
import { ApiFunction, FunctionRole } from './api-function.ts';

/** Where `handler` paths of the route table are relative to. */
export const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** A construct id from a route table name (`send-queue` → `SendQueue`). */
export function pascalCase(name: string): string {
  return name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');
}

/** What every function may be granted, and is configured with. */
export interface FunctionResources {
  table: dynamodb.Table;
  queues: Readonly<Record<QueueName, sqs.Queue>>;
  dkimKey: kms.Key;
  attachmentsBucket: s3.Bucket;
  sendingHost: string;
  configurationSet: ses.ConfigurationSet;
  /** Every configuration set sending may use (one per tracking combination, the base one first). */
  configurationSets: readonly ses.ConfigurationSet[];
  /** The SesMaxSendRate parameter (a reference to it). */
  sesMaxSendRate: string;
  /** The API's public base URL (links in emails). */
  publicBaseUrl: string;
  /** Deployment settings every function is given (INBOUND_RETENTION_DAYS when the deploy sets it). */
  settings?: Readonly<Record<string, string>>;
}

/** Makes the function of one route table entry, in the stack's scope. */
export type FunctionFactory = (
  constructId: string,
  entry: Pick<RouteDefinition, 'handler' | 'access'>,
  kind: 'http' | 'consumer',
  timeoutSeconds: number,
  description: string,
  /** Where the function is made (the API routes' nested stack); its role and log group stay in the stack's scope. */
  functionScope?: Construct,
) => ApiFunction;

/**
 * A readable construct id for a role from what it grants, e.g. `HttpTableReadWriteSendToSendRole`
 * (the same access always gives the same id; levels are sorted).
 */
export function roleId(kind: 'http' | 'consumer', access: ResourceAccess): string {
  const parts: string[] = [kind];
  const add = (label: string, levels: readonly string[] | undefined): void => {
    const sorted = [...new Set(levels ?? [])].sort();
    if (sorted.length > 0) parts.push(label, ...sorted);
  };
  add('table', access.table);
  add('table stream', access.tableStream);
  add('index query', access.indexQuery);
  add('send to', access.sendTo);
  add('change visibility', access.changeVisibility);
  add('kms', access.kms);
  add('ses', access.ses);
  add('attachments', access.attachments);
  return `${pascalCase(parts.join(' '))}Role`;
}

export function functionFactory(scope: Construct, resources: FunctionResources): FunctionFactory {
  const usedIds = new Set<string>();
  const roles = new Map<string, FunctionRole>();
  // Kept a month; destroyed with the stack (logs are not the system of record: the table is).
  const logGroup = new logs.LogGroup(scope, 'FunctionLogs', {
    retention: logs.RetentionDays.ONE_MONTH,
    removalPolicy: RemovalPolicy.DESTROY,
  });
  const roleFor = (constructId: string, kind: 'http' | 'consumer', access: ResourceAccess): FunctionRole => {
    const id = kind === 'http' ? roleId(kind, access) : `${constructId}Role`;
    let role = roles.get(id);
    if (!role) {
      role = new FunctionRole(scope, id, {
        kind,
        access,
        table: resources.table,
        queues: resources.queues,
        key: resources.dkimKey,
        bucket: resources.attachmentsBucket,
        configurationSets: resources.configurationSets,
        logGroup,
      });
      roles.set(id, role);
    }
    return role;
  };
  return (constructId, entry, kind, timeoutSeconds, description, functionScope = scope) => {
    if (usedIds.has(constructId)) {
      throw new Error(`Two route table entries map to the construct id ${constructId}`);
    }
    usedIds.add(constructId);
    return new ApiFunction(functionScope, constructId, {
      projectRoot: PROJECT_ROOT,
      handler: entry.handler,
      kind,
      access: entry.access,
      role: roleFor(constructId, kind, entry.access),
      logGroup,
      timeout: Duration.seconds(timeoutSeconds),
      table: resources.table,
      queues: resources.queues,
      key: resources.dkimKey,
      bucket: resources.attachmentsBucket,
      sendingHost: resources.sendingHost,
      configurationSet: resources.configurationSet,
      sesMaxSendRate: resources.sesMaxSendRate,
      publicBaseUrl: resources.publicBaseUrl,
      settings: resources.settings ?? {},
      description,
    });
  };
}
