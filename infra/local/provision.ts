/**
 * Creates the table and queues on the emulators from the same definitions the CDK stack
 * uses (shared/table.ts, shared/queues.ts). Idempotent, so a persisted local database
 * is reused across restarts.
 */
import {
  CreateTableCommand,
  DescribeTableCommand,
  type DynamoDBClient,
  ResourceInUseException,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { CreateQueueCommand, GetQueueAttributesCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { type QueueName, queueDefinitions } from '../../shared/queues.ts';
import { keyAttributeNames, tableDefinition } from '../../shared/table.ts';

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
        GlobalSecondaryIndexes: tableDefinition.globalSecondaryIndexes.map((index) => ({
          IndexName: index.indexName,
          KeySchema: [
            { AttributeName: index.partitionKey, KeyType: 'HASH' },
            { AttributeName: index.sortKey, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        })),
      }),
    );
    await dynamodb.send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: { AttributeName: tableDefinition.timeToLiveAttribute, Enabled: true },
      }),
    );
  } catch (error) {
    if (!(error instanceof ResourceInUseException)) throw error;
    await dynamodb.send(new DescribeTableCommand({ TableName: tableName }));
  }
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
