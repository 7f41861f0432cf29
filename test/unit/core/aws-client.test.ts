import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { SQSClient } from '@aws-sdk/client-sqs';
import { describe, expect, it } from 'vitest';
import { awsClient } from '#core/aws-client.ts';
import { db } from '#dynamo/client.ts';

const names = (client: { middlewareStack: { identify(): string[] } }) =>
  client.middlewareStack.identify().map((entry) => entry.split(' ')[0]);

describe('awsClient', () => {
  it('takes out the SDK logger middleware (it renders every call for a no-op logger) and records calls', () => {
    expect(names(new DynamoDBClient({}))).toContain('loggerMiddleware');
    for (const client of [awsClient(new DynamoDBClient({})), awsClient(new SQSClient({}))]) {
      expect(names(client)).not.toContain('loggerMiddleware');
      expect(names(client)).toContain('recordAwsCalls');
    }
  });

  it('is how the table client is made', () => {
    expect(names(db)).not.toContain('loggerMiddleware');
  });
});
