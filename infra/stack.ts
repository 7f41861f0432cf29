/**
 * The Postbox stack: one DynamoDB table, the queues (each with a dead-letter queue), the
 * KMS key that encrypts DKIM private keys, an HTTP API whose routes come only from the
 * route table in shared/routes.ts, one function per route, one for API Gateway's `$default`
 * route, and one per queue consumer.
 * Synthesis needs no AWS credentials, network or context lookups.
 */
import { fileURLToPath } from 'node:url';
import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { HttpApi, HttpMethod } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as kms from 'aws-cdk-lib/aws-kms';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { type QueueName, queueDefinitions, SEND_CONSUMER_TIMEOUT_SECONDS } from '../shared/queues.ts';
import {
  type ConsumerDefinition,
  consumers,
  defaultRoute,
  ROUTE_TIMEOUT_SECONDS,
  type RouteDefinition,
  routeId,
  routePaths,
  routes,
} from '../shared/routes.ts';
import { tableDefinition } from '../shared/table.ts';
import { ApiFunction } from './api-function.ts';

export { ROUTE_TIMEOUT_SECONDS } from '../shared/routes.ts';

/** Where `handler` paths of the route table are relative to. */
export const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The parts of shared/routes.ts the stack is built from. */
export interface RouteTable {
  routes: readonly RouteDefinition[];
  defaultRoute: Pick<RouteDefinition, 'handler' | 'access'>;
  consumers: readonly ConsumerDefinition[];
}

export const sharedRouteTable: RouteTable = { routes, defaultRoute, consumers };

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

  constructor(scope: Construct, id: string, props: PostboxStackProps = {}) {
    super(scope, id, props);
    const routeTable = props.routeTable ?? sharedRouteTable;

    this.table = this.createTable();
    const { queues, deadLetterQueues } = this.createQueues();
    this.queues = queues;
    this.deadLetterQueues = deadLetterQueues;
    this.dkimKey = this.createDkimKey();
    const sendingHost = props.sendingHost ?? DEFAULT_SENDING_HOST;

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

    new CfnOutput(this, 'ApiUrl', { value: this.api.apiEndpoint, description: 'Base URL of the Postbox API' });
    new CfnOutput(this, 'TableName', { value: this.table.tableName, description: 'DynamoDB table (TABLE_NAME)' });
    for (const name of Object.keys(queueDefinitions) as QueueName[]) {
      new CfnOutput(this, `${pascalCase(name)}QueueUrl`, {
        value: this.queues[name].queueUrl,
        description: `URL of the ${name} queue`,
      });
    }
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
        projectionType: dynamodb.ProjectionType.ALL,
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
