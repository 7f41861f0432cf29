/**
 * The write units the benches count on the local stack are AWS's: DynamoDB Local reports 4 for any
 * TransactWriteItems, so the client counts a transaction's items itself (2 units per item per started KB).
 */
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { currentDynamoUsage, db, tableName, withDynamoUsage } from '#dynamo/client.ts';

const writeUnitsOf = (items: Parameters<typeof transaction>[0]) =>
  withDynamoUsage(async () => {
    await db.send(new TransactWriteCommand({ TransactItems: transaction(items) }));
    return currentDynamoUsage()?.writeUnits;
  });

function transaction(items: Array<{ put?: number } | 'update'>) {
  const key = (index: number) => ({ PK: `CAPACITYTEST#${crypto.randomUUID()}`, SK: String(index) });
  return items.map((item, index) =>
    item === 'update'
      ? {
          Update: {
            TableName: tableName,
            Key: key(index),
            UpdateExpression: 'ADD n :one',
            ExpressionAttributeValues: { ':one': 1 },
          },
        }
      : { Put: { TableName: tableName, Item: { ...key(index), body: 'x'.repeat(item.put ?? 0) } } },
  );
}

describe('write units of a transaction on the local stack', () => {
  it('are 2 per item per started KB, as AWS bills them', async () => {
    expect(await writeUnitsOf(['update'])).toBe(2);
    expect(await writeUnitsOf(['update', 'update', 'update'])).toBe(6);
    expect(await writeUnitsOf([{ put: 100 }, { put: 1_500 }])).toBe(2 + 4);
  });
});
