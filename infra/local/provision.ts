/**
 * Creates the table and queues on the emulators from the same definitions the CDK stack
 * uses (shared/platform/table.ts, shared/platform/queues.ts). Idempotent, so a persisted local database
 * is reused across restarts.
 */
import {
  CreateTableCommand,
  DescribeTableCommand,
  type DynamoDBClient,
  PutItemCommand,
  ResourceInUseException,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { CreateQueueCommand, GetQueueAttributesCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { keys } from '#dynamo/keys.ts';
import { type QueueName, queueDefinitions } from '#platform/queues.ts';
import { keyAttributeNames, tableDefinition } from '#platform/table.ts';

export async function createTable(dynamodb: DynamoDBClient, tableName: string): Promise<void> {
  try {
    await dynamodb.send(
      new CreateTableCommand({
        TableName: tableName,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: keyAttributeNames().map((name) => ({ AttributeName: name, AttributeType: 'S' })),
        KeySchema: [
          { AttributeName: tableDefinition.partitionKey, KeyType: 'HASH' },
          { AttributeName: tableDefinition.sortKey, KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: tableDefinition.globalSecondaryIndexes.map(indexDefinition),
        StreamSpecification: { StreamEnabled: true, StreamViewType: tableDefinition.streamViewType },
      }),
    );
    await dynamodb.send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: { AttributeName: tableDefinition.timeToLiveAttribute, Enabled: true },
      }),
    );
    // A table this version creates counts every email by day from its first day (usage.store.ts).
    const marker = keys.emailDayCountsMarker();
    await dynamodb.send(
      new PutItemCommand({
        TableName: tableName,
        Item: { PK: { S: marker.PK }, SK: { S: marker.SK }, since: { S: '1970-01-01' }, type: { S: 'marker' } },
      }),
    );
  } catch (error) {
    if (!(error instanceof ResourceInUseException)) throw error;
    const { Table } = await dynamodb.send(new DescribeTableCommand({ TableName: tableName }));
    // A kept local database from before the table had its stream gets it now.
    if (!Table?.StreamSpecification?.StreamEnabled) {
      await dynamodb.send(
        new UpdateTableCommand({
          TableName: tableName,
          StreamSpecification: { StreamEnabled: true, StreamViewType: tableDefinition.streamViewType },
        }),
      );
    }
    // A kept local database (POSTBOX_DATA_DIR) from an older version gets the indexes added since.
    const existing = new Set((Table?.GlobalSecondaryIndexes ?? []).map((index) => index.IndexName));
    for (const index of tableDefinition.globalSecondaryIndexes) {
      if (existing.has(index.indexName)) continue;
      await dynamodb.send(
        new UpdateTableCommand({
          TableName: tableName,
          AttributeDefinitions: [index.partitionKey, index.sortKey].map((name) => ({
            AttributeName: name,
            AttributeType: 'S',
          })),
          GlobalSecondaryIndexUpdates: [{ Create: indexDefinition(index) }],
        }),
      );
    }
  }
}

function indexDefinition(index: (typeof tableDefinition.globalSecondaryIndexes)[number]) {
  return {
    IndexName: index.indexName,
    KeySchema: [
      { AttributeName: index.partitionKey, KeyType: 'HASH' as const },
      { AttributeName: index.sortKey, KeyType: 'RANGE' as const },
    ],
    Projection:
      index.projection.type === 'INCLUDE'
        ? { ProjectionType: 'INCLUDE' as const, NonKeyAttributes: [...index.projection.nonKeyAttributes] }
        : { ProjectionType: index.projection.type },
  };
}

export interface ProvisionedQueue {
  url: string;
  arn: string;
  deadLetterUrl: string;
  deadLetterArn: string;
}

async function queueArn(sqs: SQSClient, url: string): Promise<string> {
  const { Attributes } = await sqs.send(new GetQueueAttributesCommand({ QueueUrl: url, AttributeNames: ['QueueArn'] }));
  const arn = Attributes?.QueueArn;
  if (!arn) throw new Error(`Queue ${url} has no ARN`);
  return arn;
}

export async function createQueues(sqs: SQSClient, prefix: string): Promise<Record<QueueName, ProvisionedQueue>> {
  const entries = await Promise.all(
    Object.values(queueDefinitions).map(async (definition) => {
      const dlq = await sqs.send(
        new CreateQueueCommand({
          QueueName: `${prefix}-${definition.name}-dlq`,
          Attributes: { MessageRetentionPeriod: String(definition.deadLetterRetentionSeconds) },
        }),
      );
      const deadLetterUrl = dlq.QueueUrl ?? '';
      const deadLetterArn = await queueArn(sqs, deadLetterUrl);
      const queue = await sqs.send(
        new CreateQueueCommand({
          QueueName: `${prefix}-${definition.name}`,
          Attributes: {
            VisibilityTimeout: String(definition.visibilityTimeoutSeconds),
            MessageRetentionPeriod: String(definition.messageRetentionSeconds),
            RedrivePolicy: JSON.stringify({
              deadLetterTargetArn: deadLetterArn,
              maxReceiveCount: String(definition.maxReceiveCount),
            }),
          },
        }),
      );
      const url = queue.QueueUrl ?? '';
      return [definition.name, { url, arn: await queueArn(sqs, url), deadLetterUrl, deadLetterArn }] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<QueueName, ProvisionedQueue>;
}

/** The table's current stream (enabled by createTable). */
export async function tableStreamArn(dynamodb: DynamoDBClient, tableName: string): Promise<string> {
  const { Table } = await dynamodb.send(new DescribeTableCommand({ TableName: tableName }));
  if (!Table?.LatestStreamArn) throw new Error(`Table ${tableName} has no stream`);
  return Table.LatestStreamArn;
}
