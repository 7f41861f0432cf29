import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  CreateTableCommand,
  DeleteItemCommand,
  DynamoDBClient,
  PutItemCommand,
  UpdateItemCommand,
} from '@aws-sdk/client-dynamodb';
import { DynamoDBStreamsClient } from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, startDynamoDbLocal } from '../../infra/local/emulators.ts';
import { matchesFilterPattern } from '../../infra/local/stream/filter-patterns.ts';
import { type StreamPoller, type StreamPollerOptions, startStreamPoller } from '../../infra/local/stream-poller.ts';

describe('matchesFilterPattern', () => {
  const record: DynamoDBRecord = {
    eventID: '1',
    eventName: 'MODIFY',
    eventVersion: '1.1',
    eventSource: 'aws:dynamodb',
    awsRegion: 'us-east-1',
    dynamodb: {
      Keys: { PK: { S: 'ACCOUNT#1' }, SK: { S: 'EVENT#42' } },
      NewImage: {
        PK: { S: 'ACCOUNT#1' },
        SK: { S: 'EVENT#42' },
        type: { S: 'email_event' },
        count: { N: '7' },
        verified: { BOOL: true },
        tags: { SS: ['a', 'b'] },
        nothing: { NULL: true },
        nested: { M: { kind: { S: 'x' } } },
      },
      OldImage: { PK: { S: 'ACCOUNT#1' }, SK: { S: 'EVENT#42' }, verified: { BOOL: false } },
      SequenceNumber: '100',
      SizeBytes: 10,
      StreamViewType: 'NEW_AND_OLD_IMAGES',
    },
    eventSourceARN: 'arn:aws:dynamodb:us-east-1:000000000000:table/t/stream/x',
  };
  const matches = (pattern: Record<string, unknown>) => matchesFilterPattern(record, pattern);

  it('matches exact values, any of a list', () => {
    expect(matches({ eventName: ['MODIFY'] })).toBe(true);
    expect(matches({ eventName: ['INSERT', 'MODIFY'] })).toBe(true);
    expect(matches({ eventName: ['INSERT', 'REMOVE'] })).toBe(false);
    expect(
      matches({ dynamodb: { NewImage: { verified: { BOOL: [true] } }, OldImage: { verified: { BOOL: [false] } } } }),
    ).toBe(true);
    expect(matches({ dynamodb: { NewImage: { verified: { BOOL: [false] } } } })).toBe(false);
    expect(matches({ dynamodb: { NewImage: { nothing: { NULL: [true] } } } })).toBe(true);
    expect(matches({ dynamodb: { NewImage: { nested: { M: { kind: { S: ['x'] } } } } } })).toBe(true);
  });

  it('requires every key of the pattern', () => {
    expect(matches({ eventName: ['MODIFY'], dynamodb: { Keys: { SK: { S: ['EVENT#42'] } } } })).toBe(true);
    expect(matches({ eventName: ['MODIFY'], dynamodb: { Keys: { SK: { S: ['EVENT#43'] } } } })).toBe(false);
  });

  it('matches prefixes and suffixes', () => {
    expect(matches({ dynamodb: { Keys: { SK: { S: [{ prefix: 'EVENT#' }] } } } })).toBe(true);
    expect(matches({ dynamodb: { Keys: { SK: { S: [{ prefix: 'EMAIL#' }] } } } })).toBe(false);
    expect(matches({ dynamodb: { Keys: { SK: { S: [{ prefix: 'EMAIL#' }, 'EVENT#42'] } } } })).toBe(true);
    expect(matches({ dynamodb: { Keys: { SK: { S: [{ suffix: '#42' }] } } } })).toBe(true);
    expect(matches({ dynamodb: { NewImage: { type: { S: [{ 'equals-ignore-case': 'EMAIL_EVENT' }] } } } })).toBe(true);
  });

  it('matches exists on leaves only, and exists: false on missing fields', () => {
    expect(matches({ dynamodb: { NewImage: { type: { S: [{ exists: true }] } } } })).toBe(true);
    expect(matches({ dynamodb: { NewImage: { missing: { S: [{ exists: true }] } } } })).toBe(false);
    expect(matches({ dynamodb: { NewImage: { missing: { S: [{ exists: false }] } } } })).toBe(true);
    expect(matches({ dynamodb: { OldImage: { type: { S: [{ exists: false }] } } } })).toBe(true);
    expect(matches({ dynamodb: { NewImage: { type: { S: [{ exists: false }] } } } })).toBe(false);
    // An object is not a leaf.
    expect(matches({ dynamodb: { NewImage: [{ exists: true }] } })).toBe(false);
    // A whole missing branch (an INSERT has no OldImage).
    const insert = { ...record, eventName: 'INSERT' as const, dynamodb: { ...record.dynamodb, OldImage: undefined } };
    expect(matchesFilterPattern(insert, { dynamodb: { OldImage: { type: { S: [{ exists: false }] } } } })).toBe(true);
  });

  it('matches anything-but, which never matches a missing field', () => {
    expect(matches({ eventName: [{ 'anything-but': ['INSERT', 'REMOVE'] }] })).toBe(true);
    expect(matches({ eventName: [{ 'anything-but': ['MODIFY'] }] })).toBe(false);
    expect(matches({ eventName: [{ 'anything-but': 'MODIFY' }] })).toBe(false);
    expect(matches({ dynamodb: { Keys: { SK: { S: [{ 'anything-but': { prefix: 'EVENT#' } }] } } } })).toBe(false);
    expect(matches({ dynamodb: { Keys: { SK: { S: [{ 'anything-but': { prefix: 'EMAIL#' } }] } } } })).toBe(true);
    expect(matches({ dynamodb: { NewImage: { missing: { S: [{ 'anything-but': ['x'] }] } } } })).toBe(false);
  });

  it('matches string-set elements and numbers against N strings', () => {
    expect(matches({ dynamodb: { NewImage: { tags: { SS: ['b'] } } } })).toBe(true);
    expect(matches({ dynamodb: { NewImage: { tags: { SS: ['c'] } } } })).toBe(false);
    expect(matches({ dynamodb: { NewImage: { count: { N: [7] } } } })).toBe(true);
    expect(matches({ dynamodb: { NewImage: { count: { N: ['7'] } } } })).toBe(true);
    expect(matches({ dynamodb: { NewImage: { count: { N: [{ numeric: ['>', 5, '<=', 7] }] } } } })).toBe(true);
    expect(matches({ dynamodb: { NewImage: { count: { N: [{ numeric: ['<', 7] }] } } } })).toBe(false);
  });

  it('matches everything with an empty pattern and throws on unsupported syntax', () => {
    expect(matches({})).toBe(true);
    expect(() => matches({ eventName: [{ wildcard: 'MOD*' }] })).toThrow(/unsupported operator/);
    expect(() => matches({ eventName: 'MODIFY' })).toThrow(TypeError);
    expect(() => matches({ eventName: [{ prefix: 1 }] })).toThrow(/prefix takes a string/);
  });

  it('is validated when a poller starts', () => {
    const client = new DynamoDBStreamsClient({ region: 'us-east-1' });
    expect(() =>
      startStreamPoller({
        client,
        streamArn: 'arn:aws:dynamodb:us-east-1:000000000000:table/t/stream/x',
        handler: async () => undefined,
        batchSize: 10,
        retryAttempts: 0,
        bisectBatchOnError: false,
        functionName: 'f',
        // Never reached by a record here, but rejected up front.
        filterPatterns: [{ eventName: ['INSERT'] }, { dynamodb: { Keys: [{ 'anything-but': { wildcard: 'x' } }] } }],
      }),
    ).toThrow(/anything-but/);
    client.destroy();
  });
});

describe('startStreamPoller on DynamoDB Local', () => {
  let emulator: RunningEmulator;
  let dynamodb: DynamoDBClient;
  let streams: DynamoDBStreamsClient;
  const pollers: StreamPoller[] = [];
  let tableCount = 0;

  beforeAll(async () => {
    emulator = await startDynamoDbLocal({ port: await freePort() });
    const config = {
      endpoint: emulator.endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    };
    dynamodb = new DynamoDBClient(config);
    streams = new DynamoDBStreamsClient(config);
  }, 60_000);

  afterEach(async () => {
    await Promise.all(pollers.splice(0).map((poller) => poller.stop()));
  });

  afterAll(async () => {
    dynamodb?.destroy();
    streams?.destroy();
    await emulator?.stop();
  });

  /** A fresh table (PK/SK strings, NEW_AND_OLD_IMAGES stream) per test; returns its name and stream. */
  async function createTable(): Promise<{ table: string; streamArn: string }> {
    const table = `stream-test-${++tableCount}`;
    const { TableDescription } = await dynamodb.send(
      new CreateTableCommand({
        TableName: table,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [
          { AttributeName: 'PK', AttributeType: 'S' },
          { AttributeName: 'SK', AttributeType: 'S' },
        ],
        KeySchema: [
          { AttributeName: 'PK', KeyType: 'HASH' },
          { AttributeName: 'SK', KeyType: 'RANGE' },
        ],
        StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' },
      }),
    );
    const streamArn = TableDescription?.LatestStreamArn;
    if (!streamArn) throw new Error('no stream');
    return { table, streamArn };
  }

  function startPoller(
    streamArn: string,
    handler: StreamPollerOptions['handler'],
    overrides: Partial<StreamPollerOptions> = {},
  ) {
    const logs: { line: string; fields?: Record<string, unknown> }[] = [];
    const poller = startStreamPoller({
      client: streams,
      streamArn,
      handler,
      batchSize: 10,
      retryAttempts: 3,
      bisectBatchOnError: false,
      startingPosition: 'TRIM_HORIZON',
      pollIntervalMs: 50,
      functionName: 'stream-test',
      log: (line, fields) => logs.push({ line, fields }),
      ...overrides,
    });
    pollers.push(poller);
    return { poller, logs };
  }

  async function put(table: string, sk: string, extra: Record<string, unknown> = {}): Promise<void> {
    await dynamodb.send(
      new PutItemCommand({ TableName: table, Item: { PK: { S: 'P' }, SK: { S: sk }, ...(extra as object) } }),
    );
  }

  /** The SKs of each invocation's records. */
  function recorder() {
    const batches: string[][] = [];
    const keys = (event: DynamoDBStreamEvent) => event.Records.map((r) => r.dynamodb?.Keys?.SK?.S ?? '?');
    return { batches, keys, record: (event: DynamoDBStreamEvent) => batches.push(keys(event)) };
  }

  it('delivers INSERT, MODIFY and REMOVE in order, in the Lambda event shape', async () => {
    const { table, streamArn } = await createTable();
    const events: DynamoDBStreamEvent[] = [];
    const contexts: { functionName: string; awsRequestId: string; remaining: number }[] = [];
    const { poller } = startPoller(
      streamArn,
      async (event, context) => {
        events.push(event);
        contexts.push({
          functionName: context.functionName,
          awsRequestId: context.awsRequestId,
          remaining: context.getRemainingTimeInMillis(),
        });
      },
      { startingPosition: 'LATEST' },
    );
    await poller.drain(); // the LATEST iterator is taken: what follows is read
    await put(table, 'ITEM#1', {
      count: { N: '1' },
      bin: { B: new Uint8Array([1, 2, 3]) },
      bins: { BS: [new Uint8Array([255])] },
      map: { M: { list: { L: [{ S: 'x' }, { NULL: true }, { BOOL: true }] } } },
      tags: { SS: ['a', 'b'] },
    });
    await dynamodb.send(
      new UpdateItemCommand({
        TableName: table,
        Key: { PK: { S: 'P' }, SK: { S: 'ITEM#1' } },
        UpdateExpression: 'SET #c = :c',
        ExpressionAttributeNames: { '#c': 'count' },
        ExpressionAttributeValues: { ':c': { N: '2' } },
      }),
    );
    await dynamodb.send(new DeleteItemCommand({ TableName: table, Key: { PK: { S: 'P' }, SK: { S: 'ITEM#1' } } }));
    await poller.drain();

    const records = events.flatMap((event) => event.Records);
    expect(records.map((r) => r.eventName)).toEqual(['INSERT', 'MODIFY', 'REMOVE']);
    const sequence = records.map((r) => BigInt(r.dynamodb?.SequenceNumber ?? '0'));
    expect([...sequence].sort((a, b) => (a < b ? -1 : 1))).toEqual(sequence);
    // Plain JSON, as Lambda delivers it: no Date, no Uint8Array.
    expect(JSON.parse(JSON.stringify(records))).toEqual(records);
    const [insert, modify, remove] = records;
    expect(insert).toMatchObject({
      eventVersion: '1.1',
      eventSource: 'aws:dynamodb',
      awsRegion: 'us-east-1',
      eventSourceARN: streamArn,
      dynamodb: {
        Keys: { PK: { S: 'P' }, SK: { S: 'ITEM#1' } },
        NewImage: {
          PK: { S: 'P' },
          SK: { S: 'ITEM#1' },
          count: { N: '1' },
          bin: { B: 'AQID' },
          bins: { BS: ['/w=='] },
          map: { M: { list: { L: [{ S: 'x' }, { NULL: true }, { BOOL: true }] } } },
          tags: { SS: ['a', 'b'] },
        },
        StreamViewType: 'NEW_AND_OLD_IMAGES',
      },
    });
    expect(typeof insert?.eventID).toBe('string');
    expect(insert?.dynamodb?.OldImage).toBeUndefined();
    expect(typeof insert?.dynamodb?.SizeBytes).toBe('number');
    const created = insert?.dynamodb?.ApproximateCreationDateTime ?? 0;
    expect(Number.isInteger(created)).toBe(true);
    expect(Math.abs(created - Date.now() / 1000)).toBeLessThan(120);
    expect(modify?.dynamodb?.OldImage?.count).toEqual({ N: '1' });
    expect(modify?.dynamodb?.NewImage?.count).toEqual({ N: '2' });
    expect(remove?.dynamodb?.NewImage).toBeUndefined();
    expect(remove?.dynamodb?.OldImage?.count).toEqual({ N: '2' });
    expect(contexts[0]?.functionName).toBe('stream-test');
    expect(new Set(contexts.map((c) => c.awsRequestId)).size).toBe(contexts.length);
    expect(contexts[0]?.remaining).toBeGreaterThan(50_000);
  });

  it('passes only the records that match a filter pattern', async () => {
    const { table, streamArn } = await createTable();
    const seen: string[] = [];
    const { poller } = startPoller(
      streamArn,
      async (event) => {
        seen.push(...event.Records.map((r) => `${r.eventName} ${r.dynamodb?.Keys?.SK?.S}`));
      },
      {
        filterPatterns: [
          { eventName: ['INSERT'], dynamodb: { Keys: { SK: { S: [{ prefix: 'EVENT#' }] } } } },
          { eventName: ['MODIFY'], dynamodb: { NewImage: { flag: { BOOL: [{ exists: true }] } } } },
          { eventName: ['REMOVE'] },
        ],
      },
    );
    await put(table, 'EVENT#1'); // passes
    await put(table, 'OTHER#1'); // an INSERT without the prefix
    await put(table, 'EVENT#1', { note: { S: 'x' } }); // a MODIFY without the flag
    await put(table, 'EVENT#1', { flag: { BOOL: false } }); // passes
    await dynamodb.send(new DeleteItemCommand({ TableName: table, Key: { PK: { S: 'P' }, SK: { S: 'OTHER#1' } } }));
    await poller.drain();
    expect(seen).toEqual(['INSERT EVENT#1', 'MODIFY EVENT#1', 'REMOVE OTHER#1']);
  });

  it('retries a failing batch and then goes on', async () => {
    const { table, streamArn } = await createTable();
    for (const sk of ['A', 'B', 'C']) await put(table, sk);
    const { batches, record } = recorder();
    let calls = 0;
    const { poller, logs } = startPoller(
      streamArn,
      async (event) => {
        record(event);
        if (++calls <= 2) throw new Error(`failure ${calls}`);
      },
      { retryAttempts: 5 },
    );
    await poller.drain();
    for (const sk of ['D', 'E']) await put(table, sk);
    await poller.drain();
    expect(batches).toEqual([
      ['A', 'B', 'C'],
      ['A', 'B', 'C'],
      ['A', 'B', 'C'],
      ['D', 'E'],
    ]);
    expect(logs.filter((l) => l.line === 'handler failed')).toHaveLength(2);
  });

  it('bisects a failing batch, skips the failing record after its retries and goes on', async () => {
    const { table, streamArn } = await createTable();
    for (const sk of ['G1', 'BAD', 'G2', 'G3']) await put(table, sk);
    const { batches, keys, record } = recorder();
    const { poller, logs } = startPoller(
      streamArn,
      async (event) => {
        record(event);
        if (keys(event).includes('BAD')) throw new Error('poison record');
      },
      { retryAttempts: 1, bisectBatchOnError: true },
    );
    await poller.drain();
    await put(table, 'G4');
    await poller.drain();
    expect(batches).toEqual([['G1', 'BAD', 'G2', 'G3'], ['G1', 'BAD'], ['G1'], ['BAD'], ['BAD'], ['G2', 'G3'], ['G4']]);
    const skipped = logs.filter((l) => l.line === 'records skipped after their retries');
    expect(skipped).toHaveLength(1);
    expect(skipped[0]?.fields).toMatchObject({ records: 1, retryAttempts: 1 });
  });

  it('skips a batch that always fails after retryAttempts retries without bisecting', async () => {
    const { table, streamArn } = await createTable();
    for (const sk of ['A', 'B']) await put(table, sk);
    const { batches, keys, record } = recorder();
    const { poller } = startPoller(
      streamArn,
      async (event) => {
        record(event);
        if (keys(event).includes('A')) throw new Error('always');
      },
      { retryAttempts: 1 },
    );
    await poller.drain();
    await put(table, 'C');
    await poller.drain();
    expect(batches).toEqual([['A', 'B'], ['A', 'B'], ['C']]);
  });

  it('resumes from the first failed record of batchItemFailures', async () => {
    const { table, streamArn } = await createTable();
    for (const sk of ['R1', 'R2', 'R3', 'R4', 'R5']) await put(table, sk);
    const { batches, record } = recorder();
    const { poller, logs } = startPoller(streamArn, async (event) => {
      record(event);
      if (batches.length > 1) return { batchItemFailures: [] };
      // R4 and R3 failed: the checkpoint is the lowest, R3.
      const failed = [event.Records[3], event.Records[2]];
      return { batchItemFailures: failed.map((r) => ({ itemIdentifier: r?.dynamodb?.SequenceNumber })) };
    });
    await poller.drain();
    expect(batches).toEqual([
      ['R1', 'R2', 'R3', 'R4', 'R5'],
      ['R3', 'R4', 'R5'],
    ]);
    expect(logs.map((l) => l.line)).toContain('partial batch failure; resuming from the first failed record');
  });

  it('retries the whole batch on an invalid batchItemFailures response', async () => {
    const { table, streamArn } = await createTable();
    for (const sk of ['A', 'B']) await put(table, sk);
    const { batches, record } = recorder();
    const { poller } = startPoller(streamArn, async (event) => {
      record(event);
      return batches.length === 1 ? { batchItemFailures: [{ itemIdentifier: 'not-in-the-batch' }] } : undefined;
    });
    await poller.drain();
    expect(batches).toEqual([
      ['A', 'B'],
      ['A', 'B'],
    ]);
  });

  it('drain() resolves once the writes made before it are handled', async () => {
    const { table, streamArn } = await createTable();
    const handled: string[] = [];
    const { poller } = startPoller(
      streamArn,
      async (event) => {
        await sleep(100);
        handled.push(...event.Records.map((r) => r.dynamodb?.Keys?.SK?.S ?? '?'));
      },
      { batchSize: 2, startingPosition: 'LATEST' },
    );
    await poller.drain();
    const written = ['1', '2', '3', '4', '5', '6', '7'];
    for (const sk of written) await put(table, sk);
    await poller.drain();
    expect(handled).toEqual(written);
  });

  it('stop() waits for the in-flight invocation, then nothing more is invoked', async () => {
    const { table, streamArn } = await createTable();
    let started = 0;
    let finished = 0;
    const { poller } = startPoller(streamArn, async () => {
      started++;
      await sleep(300);
      finished++;
    });
    await put(table, 'A');
    await waitFor(() => started === 1);
    const pendingDrain = poller.drain();
    const stopping = poller.stop();
    await expect(pendingDrain).rejects.toThrow(/stopped/);
    expect(finished).toBe(0);
    await stopping;
    expect(finished).toBe(1);
    await expect(poller.stop()).resolves.toBeUndefined();
    await expect(poller.drain()).rejects.toThrow(/stopped/);
    await put(table, 'B');
    await sleep(300);
    expect(started).toBe(1);
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(20);
  }
}
