/**
 * How the stack makes its functions: each is an ApiFunction handed the stack's shared
 * resources (table, queues, DKIM key, sending host, SES configuration set), under a construct
 * id derived from the route table. An id may be used once: two route table entries that map
 * to the same id are an error at synthesis, not two handlers sharing one function.
 */
import { fileURLToPath } from 'node:url';
import { Duration } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as kms from 'aws-cdk-lib/aws-kms';
import type * as ses from 'aws-cdk-lib/aws-ses';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import type { QueueName } from '#platform/queues.ts';
import type { RouteDefinition } from '#platform/routes.ts';
import { ApiFunction } from './api-function.ts';

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
  sendingHost: string;
  configurationSet: ses.ConfigurationSet;
}

/** Makes the function of one route table entry, in the stack's scope. */
export type FunctionFactory = (
  constructId: string,
  entry: Pick<RouteDefinition, 'handler' | 'access'>,
  kind: 'http' | 'consumer',
  timeoutSeconds: number,
  description: string,
) => ApiFunction;

export function functionFactory(scope: Construct, resources: FunctionResources): FunctionFactory {
  const usedIds = new Set<string>();
  return (constructId, entry, kind, timeoutSeconds, description) => {
    if (usedIds.has(constructId)) {
      throw new Error(`Two route table entries map to the construct id ${constructId}`);
    }
    usedIds.add(constructId);
    return new ApiFunction(scope, constructId, {
      projectRoot: PROJECT_ROOT,
      handler: entry.handler,
      kind,
      access: entry.access,
      timeout: Duration.seconds(timeoutSeconds),
      table: resources.table,
      queues: resources.queues,
      key: resources.dkimKey,
      sendingHost: resources.sendingHost,
      configurationSet: resources.configurationSet,
      description,
    });
  };
}
