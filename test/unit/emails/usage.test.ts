/**
 * The usage counters' DynamoDB calls, against a mocked document client: keys, sharding, TTL
 * and summing. (test/integration/sending-limit.test.ts runs them against DynamoDB Local.)
 */
import { DynamoDBDocumentClient, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import {
  addUsage,
  DAY_COUNTS_SETTLE_MS,
  firstWholeDayAfter,
  readEmailDayCounts,
  readUsage,
  USAGE_SHARDS,
} from '#emails/usage.store.ts';

const documentClient = mockClient(DynamoDBDocumentClient);
afterAll(() => documentClient.restore());
beforeEach(() => documentClient.reset());

const NOW = Date.parse('2026-11-22T15:30:00.000Z');

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

  it('adds recipients and emails to the month and the day on one random shard of the month, kept (no TTL)', async () => {
    documentClient.on(UpdateCommand).resolves({});
    const shards = new Set<string>();
    for (let i = 0; i < 200; i += 1) await addUsage('org_u', 'test', 3, NOW, 1);
    const calls = documentClient.commandCalls(UpdateCommand).map((call) => call.args[0].input);
    expect(calls).toHaveLength(200);
    for (const input of calls) {
      expect(input.UpdateExpression).toBe('ADD recipients :n, #day :n, #emails :e SET #type = :type REMOVE expires_at');
      expect(input.ExpressionAttributeNames?.['#day']).toBe('day_22');
      expect(input.ExpressionAttributeNames?.['#emails']).toBe('emails_22');
      expect(input.ExpressionAttributeValues?.[':n']).toBe(3);
      expect(input.ExpressionAttributeValues?.[':e']).toBe(1);
      const key = input.Key as { PK: string; SK: string };
      expect(key.PK).toBe('USAGE#org_u#test#2026-11');
      expect(Number(key.SK)).toBeGreaterThanOrEqual(0);
      expect(Number(key.SK)).toBeLessThan(USAGE_SHARDS);
      shards.add(key.SK);
    }
    // Writes spread over the shards (200 random picks out of 10: one unseen has a chance of 10 × 0.9^200 ≈ 7e-9).
    expect(shards.size).toBe(USAGE_SHARDS);
  });

  it('writes nothing for zero recipients and emails', async () => {
    await addUsage('org_u', 'live', 0, NOW);
    expect(documentClient.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it('reads the emails of days with one consistent Query per month, summing the shards', async () => {
    documentClient.on(QueryCommand, { ExpressionAttributeValues: { ':pk': 'USAGE#org_u#live#2026-10' } }).resolves({
      Items: [{ emails_31: 4 }, { emails_31: 1, emails_30: 9 }],
    });
    documentClient.on(QueryCommand, { ExpressionAttributeValues: { ':pk': 'USAGE#org_u#live#2026-11' } }).resolves({
      Items: [{ emails_01: 2, emails_02: 7 }, { emails_01: 3 }],
    });
    const counts = await readEmailDayCounts('org_u', 'live', ['2026-10-31', '2026-11-01', '2026-11-02', '2026-11-03']);
    expect(Object.fromEntries(counts)).toEqual({ '2026-10-31': 5, '2026-11-01': 5, '2026-11-02': 7, '2026-11-03': 0 });
    const calls = documentClient.commandCalls(QueryCommand).map((call) => call.args[0].input);
    expect(calls).toHaveLength(2);
    expect(calls.every((input) => input.ConsistentRead === true)).toBe(true);
  });

  it('names the first whole UTC day an hour or more ahead as the start of the day counts', () => {
    expect(firstWholeDayAfter(Date.parse('2026-11-22T00:00:00.000Z'))).toBe('2026-11-22');
    expect(firstWholeDayAfter(Date.parse('2026-11-22T00:00:00.001Z'))).toBe('2026-11-23');
    expect(firstWholeDayAfter(Date.parse('2026-11-22T23:30:00.000Z') + DAY_COUNTS_SETTLE_MS)).toBe('2026-11-24');
  });
});
