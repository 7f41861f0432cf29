/**
 * The usage counters' DynamoDB calls, against a mocked document client: keys, sharding, TTL
 * and summing. (test/integration/sending-limit.test.ts runs them against DynamoDB Local.)
 */
import { DynamoDBDocumentClient, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { addUsage, readUsage, USAGE_SHARDS } from '#emails/usage.store.ts';

const documentClient = mockClient(DynamoDBDocumentClient);
afterAll(() => documentClient.restore());
beforeEach(() => documentClient.reset());

const NOW = Date.parse('2026-11-22T15:30:00.000Z');
const epoch = (iso: string) => Date.parse(iso) / 1000;

describe('usage counters', () => {
  it('reads the day and the month with one consistent Query of the month, summing the shards', async () => {
    documentClient.on(QueryCommand, { ExpressionAttributeValues: { ':pk': 'USAGE#org_u#live#2026-11' } }).resolves({
      Items: [{ recipients: 40, day_22: 2, day_21: 30 }, { recipients: 1, day_22: 5 }, {}],
    });
    expect(await readUsage('org_u', 'live', NOW)).toEqual({ day: 7, month: 41 });
    const calls = documentClient.commandCalls(QueryCommand);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.args[0].input.ConsistentRead).toBe(true);
  });

  it('reads 0 for a period with no sends', async () => {
    documentClient.on(QueryCommand).resolves({ Items: [] });
    expect(await readUsage('org_u', 'test', NOW)).toEqual({ day: 0, month: 0 });
  });

  it('adds to the month and the day on one random shard of the month, with a TTL after the month ends', async () => {
    documentClient.on(UpdateCommand).resolves({});
    const shards = new Set<string>();
    for (let i = 0; i < 200; i += 1) await addUsage('org_u', 'test', 3, NOW);
    const calls = documentClient.commandCalls(UpdateCommand).map((call) => call.args[0].input);
    expect(calls).toHaveLength(200);
    for (const input of calls) {
      expect(input.UpdateExpression).toContain('ADD recipients :n, #day :n');
      expect(input.ExpressionAttributeNames?.['#day']).toBe('day_22');
      expect(input.ExpressionAttributeValues?.[':n']).toBe(3);
      const key = input.Key as { PK: string; SK: string };
      expect(key.PK).toBe('USAGE#org_u#test#2026-11');
      expect(Number(key.SK)).toBeGreaterThanOrEqual(0);
      expect(Number(key.SK)).toBeLessThan(USAGE_SHARDS);
      shards.add(key.SK);
      expect(input.ExpressionAttributeValues?.[':expires']).toBe(epoch('2027-01-10T00:00:00.000Z'));
    }
    // Writes spread over the shards (200 random picks out of 10: one unseen has a chance of 10 × 0.9^200 ≈ 7e-9).
    expect(shards.size).toBe(USAGE_SHARDS);
  });

  it('writes nothing for zero recipients', async () => {
    await addUsage('org_u', 'live', 0, NOW);
    expect(documentClient.commandCalls(UpdateCommand)).toHaveLength(0);
  });
});
