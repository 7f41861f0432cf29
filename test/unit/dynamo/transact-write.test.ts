/**
 * DynamoDB cancels a transaction with TransactionConflict when another transaction touches
 * one of its items at the same moment (DynamoDB Local serialises them, so this cannot be
 * produced locally). transactWrite retries those, and only those.
 */
import { DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { failedCondition, transactWrite } from '#dynamo/writes.ts';

const documentClient = mockClient(DynamoDBDocumentClient);
afterAll(() => documentClient.restore());
beforeEach(() => documentClient.reset());

function cancelled(...codes: string[]) {
  return Object.assign(new Error('Transaction cancelled'), {
    name: 'TransactionCanceledException',
    CancellationReasons: codes.map((Code) => ({ Code })),
  });
}

const items = [{ Put: { TableName: 't', Item: { PK: 'a', SK: 'b' } } }];

describe('transactWrite', () => {
  it('retries a transaction cancelled by a conflict until it goes through', async () => {
    documentClient
      .on(TransactWriteCommand)
      .rejectsOnce(cancelled('None', 'TransactionConflict'))
      .rejectsOnce(cancelled('TransactionConflict', 'None'))
      .resolves({});
    await transactWrite(items);
    expect(documentClient.commandCalls(TransactWriteCommand)).toHaveLength(3);
  });

  it('gives up after the last attempt', async () => {
    documentClient.on(TransactWriteCommand).rejects(cancelled('TransactionConflict'));
    await expect(transactWrite(items, 3)).rejects.toThrow('Transaction cancelled');
    expect(documentClient.commandCalls(TransactWriteCommand)).toHaveLength(3);
  });

  it('does not retry a failed condition, and reports which item failed', async () => {
    const error = cancelled('None', 'ConditionalCheckFailed');
    documentClient.on(TransactWriteCommand).rejects(error);
    const caught = await transactWrite(items).catch((e: unknown) => e);
    expect(documentClient.commandCalls(TransactWriteCommand)).toHaveLength(1);
    expect(failedCondition(caught, 1)).toBe(true);
    expect(failedCondition(caught, 0)).toBe(false);
  });
});
