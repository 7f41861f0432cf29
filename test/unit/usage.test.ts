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
  it('reads the day and the month with one consistent Query each, summing the shards', async () => {
    documentClient
      .on(QueryCommand, { ExpressionAttributeValues: { ':pk': 'USAGE#org_u#live#2026-11-22' } })
      .resolves({ Items: [{ recipients: 2 }, { recipients: 5 }] })
      .on(QueryCommand, { ExpressionAttributeValues: { ':pk': 'USAGE#org_u#live#2026-11' } })
      .resolves({ Items: [{ recipients: 40 }, { recipients: 1 }, {}] });
    expect(await readUsage('org_u', 'live', NOW)).toEqual({ day: 7, month: 41 });
    const calls = documentClient.commandCalls(QueryCommand);
    expect(calls).toHaveLength(2);
    for (const call of calls) expect(call.args[0].input.ConsistentRead).toBe(true);
  });

  it('reads 0 for a period with no sends', async () => {
    documentClient.on(QueryCommand).resolves({ Items: [] });
    expect(await readUsage('org_u', 'test', NOW)).toEqual({ day: 0, month: 0 });
  });

  it('adds to one random shard of the day and of the month, with TTLs after the period ends', async () => {
    documentClient.on(UpdateCommand).resolves({});
    const shards = new Set<string>();
    for (let i = 0; i < 60; i += 1) await addUsage('org_u', 'test', 3, NOW);
    const calls = documentClient.commandCalls(UpdateCommand).map((call) => call.args[0].input);
    expect(calls).toHaveLength(120);
    for (const input of calls) {
      expect(input.UpdateExpression).toContain('ADD recipients :n');
      expect(input.ExpressionAttributeValues?.[':n']).toBe(3);
      const key = input.Key as { PK: string; SK: string };
      expect(['USAGE#org_u#test#2026-11-22', 'USAGE#org_u#test#2026-11']).toContain(key.PK);
      expect(Number(key.SK)).toBeGreaterThanOrEqual(0);
      expect(Number(key.SK)).toBeLessThan(USAGE_SHARDS);
      shards.add(key.SK);
      const expires = input.ExpressionAttributeValues?.[':expires'];
      if (key.PK.endsWith('2026-11-22')) expect(expires).toBe(epoch('2026-11-26T00:00:00.000Z'));
      else expect(expires).toBe(epoch('2027-01-10T00:00:00.000Z'));
    }
    // Writes spread over the shards (60 × 2 random picks out of 10: all seen, overwhelmingly likely).
    expect(shards.size).toBe(USAGE_SHARDS);
  });

  it('writes nothing for zero recipients', async () => {
    await addUsage('org_u', 'live', 0, NOW);
    expect(documentClient.commandCalls(UpdateCommand)).toHaveLength(0);
  });
});
