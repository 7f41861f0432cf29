/**
 * DynamoDB Local never throttles, so the flood behaviour of the rate limiter is tested
 * here against a mocked document client: a throttled counter write and an exhausted
 * window both answer 429 and stop writing for the rest of the second.
 */
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { countRequest } from '#http/rate-limit.store.ts';

const documentClient = mockClient(DynamoDBDocumentClient);
afterAll(() => documentClient.restore());
beforeEach(() => documentClient.reset());

const second = (n: number) => Date.UTC(2031, 0, 1, 0, 0, n);

describe('rate-limit windows', () => {
  it('counts with one UpdateItem per request and stops writing once the window is exhausted', async () => {
    let count = 0;
    documentClient.on(UpdateCommand).callsFake(() => {
      count += 1;
      return { Attributes: { request_count: count } };
    });
    const states = [];
    for (let i = 0; i < 6; i += 1) states.push(await countRequest('org', 'org_flood', 3, second(1) + i));
    expect(states.map((s) => s.allowed)).toEqual([true, true, true, false, false, false]);
    expect(states.map((s) => s.remaining)).toEqual([2, 1, 0, 0, 0, 0]);
    // The fifth and sixth requests were answered from memory.
    expect(documentClient.commandCalls(UpdateCommand)).toHaveLength(4);

    const input = documentClient.commandCalls(UpdateCommand)[0]?.args[0].input;
    expect(input?.Key).toEqual({ PK: `RATE#ORG#org_flood#${second(1) / 1000}`, SK: 'RATE' });

    // The next second is a new window.
    count = 0;
    expect((await countRequest('org', 'org_flood', 3, second(2))).allowed).toBe(true);
  });

  it('counts a longer window (a route’s own, e.g. a minute) under the key of its first second', async () => {
    let count = 0;
    documentClient.on(UpdateCommand).callsFake(() => {
      count += 1;
      return { Attributes: { request_count: count } };
    });
    const minute = Date.UTC(2031, 0, 1, 0, 7, 0);
    const at = (seconds: number) => countRequest('webhook-test', 'org_minute', 2, minute + seconds * 1000, 60);
    const states = [await at(0), await at(15), await at(59.5)];
    expect(states.map((s) => [s.allowed, s.remaining, s.resetSeconds])).toEqual([
      [true, 1, 60],
      [true, 0, 45],
      [false, 0, 1],
    ]);
    const inputs = documentClient.commandCalls(UpdateCommand).map((call) => call.args[0].input);
    expect(new Set(inputs.map((input) => input.Key?.PK))).toEqual(
      new Set([`RATE#WEBHOOK-TEST#org_minute#${minute / 1000}`]),
    );
    expect(inputs[0]?.ExpressionAttributeValues?.[':expires']).toBe(minute / 1000 + 59 + 60);
    // Exhausted: answered from memory for the rest of the minute, then a new window.
    expect((await at(30)).allowed).toBe(false);
    expect(documentClient.commandCalls(UpdateCommand)).toHaveLength(3);
    count = 0;
    expect(await at(60)).toEqual({ limit: 2, remaining: 1, resetSeconds: 60, allowed: true });
  });

  it('answers a throttled counter write with 429 instead of an error', async () => {
    const throttled = Object.assign(new Error('Rate exceeded'), { name: 'ThrottlingException' });
    documentClient.on(UpdateCommand).rejects(throttled);
    const state = await countRequest('ip', '203.0.113.9', 10, second(5));
    expect(state).toEqual({ limit: 10, remaining: 0, resetSeconds: 1, allowed: false });
    await countRequest('ip', '203.0.113.9', 10, second(5) + 500);
    expect(documentClient.commandCalls(UpdateCommand)).toHaveLength(1);
  });

  it('lets other errors through (they become INTERNAL_ERROR)', async () => {
    documentClient.on(UpdateCommand).rejects(new Error('boom'));
    await expect(countRequest('org', 'org_other', 10, second(9))).rejects.toThrow('boom');
  });
});
