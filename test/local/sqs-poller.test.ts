import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  ChangeMessageVisibilityCommand,
  GetQueueAttributesCommand,
  ReceiveMessageCommand,
  SendMessageBatchCommand,
  SendMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import type { Context, SQSEvent, SQSRecord } from 'aws-lambda';
import { type FauxqsServer, startFauxqs } from 'fauxqs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type SqsPoller, type SqsPollerOptions, startSqsPoller } from '../../infra/local/sqs-poller.ts';

interface Queue {
  queueUrl: string;
  queueArn: string;
  queueName: string;
}

let server: FauxqsServer;
let sqs: SQSClient;
const pollers: SqsPoller[] = [];
const stopping: Promise<void>[] = [];
let queueCount = 0;

beforeAll(async () => {
  server = await startFauxqs({ port: 0, logger: false });
  // fauxqs queue URLs use an unresolvable *.localhost host, so the endpoint must be explicit.
  sqs = new SQSClient({
    endpoint: server.address,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
});

afterEach(() => {
  // Not awaited here: a stop waits out the current 1 s long poll, and every test has its own queue.
  stopping.push(...pollers.splice(0).map((poller) => poller.stop()));
});

afterAll(async () => {
  // All pollers are stopped before the emulator, so no long poll is cut off mid-request.
  await Promise.all(stopping);
  sqs.destroy();
  await server.stop();
});

/** A fresh queue per test: 1 s visibility, redriven to its DLQ after 2 receives. */
function createQueues(): { queue: Queue; dlq: Queue } {
  const name = `send-${++queueCount}`;
  const dlq = server.createQueue(`${name}-dlq`);
  const redrivePolicy = JSON.stringify({ deadLetterTargetArn: dlq.queueArn, maxReceiveCount: 2 });
  const queue = server.createQueue(name, { attributes: { VisibilityTimeout: '1', RedrivePolicy: redrivePolicy } });
  return { queue, dlq };
}

function startPoller(queue: Queue, handler: SqsPollerOptions['handler'], overrides: Partial<SqsPollerOptions> = {}) {
  const logs: { line: string; fields?: Record<string, unknown> }[] = [];
  const poller = startSqsPoller({
    sqs,
    queueUrl: queue.queueUrl,
    queueArn: queue.queueArn,
    handler,
    batchSize: 10,
    maxConcurrency: 1,
    waitTimeSeconds: 1,
    functionName: 'send-consumer',
    log: (line, fields) => logs.push({ line, fields }),
    ...overrides,
  });
  pollers.push(poller);
  return { poller, logs };
}

async function send(queue: Queue, bodies: string[]): Promise<void> {
  for (let i = 0; i < bodies.length; i += 10) {
    const entries = bodies.slice(i, i + 10).map((body, j) => ({ Id: `e${j}`, MessageBody: body }));
    const { Failed } = await sqs.send(new SendMessageBatchCommand({ QueueUrl: queue.queueUrl, Entries: entries }));
    expect(Failed ?? []).toEqual([]);
  }
}

/** Messages still in the queue, visible or not. */
async function depth(queue: Queue): Promise<number> {
  const { Attributes = {} } = await sqs.send(
    new GetQueueAttributesCommand({
      QueueUrl: queue.queueUrl,
      AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
    }),
  );
  return Number(Attributes.ApproximateNumberOfMessages) + Number(Attributes.ApproximateNumberOfMessagesNotVisible);
}

/** Polls `probe` until it returns something truthy, which it then returns. */
async function until<T>(what: string, probe: () => T | Promise<T>, timeoutMs = 10_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(25);
  }
}

/** `body@ApproximateReceiveCount`, sorted: the delivery history in one comparable value. */
const deliveryLog = (records: SQSRecord[]) =>
  records.map((r) => `${r.body}@${r.attributes.ApproximateReceiveCount}`).toSorted();

describe('startSqsPoller', () => {
  it('invokes the handler with Lambda-format records and deletes them after success', async () => {
    const { queue } = createQueues();
    const invocations: { event: SQSEvent; context: Context; remainingMs: number }[] = [];
    startPoller(queue, async (event, context) => {
      invocations.push({ event, context, remainingMs: context.getRemainingTimeInMillis() });
    });
    const body = '{"messageId":"msg-1"}';
    await sqs.send(
      new SendMessageCommand({
        QueueUrl: queue.queueUrl,
        MessageBody: body,
        MessageAttributes: {
          tenant: { DataType: 'String', StringValue: 'acme' },
          signature: { DataType: 'Binary', BinaryValue: Buffer.from('signed') },
        },
      }),
    );

    const invocation = await until('an invocation', () => invocations[0]);
    expect(invocation.event.Records).toHaveLength(1);
    expect(invocation.event.Records[0]).toEqual({
      messageId: expect.any(String),
      receiptHandle: expect.any(String),
      body,
      attributes: expect.objectContaining({
        ApproximateReceiveCount: '1',
        SentTimestamp: expect.stringMatching(/^\d+$/),
        SenderId: expect.any(String),
        ApproximateFirstReceiveTimestamp: expect.stringMatching(/^\d+$/),
      }),
      messageAttributes: {
        tenant: { stringValue: 'acme', stringListValues: [], binaryListValues: [], dataType: 'String' },
        signature: {
          binaryValue: Buffer.from('signed').toString('base64'),
          stringListValues: [],
          binaryListValues: [],
          dataType: 'Binary',
        },
      },
      md5OfBody: createHash('md5').update(body).digest('hex'),
      md5OfMessageAttributes: expect.stringMatching(/^[0-9a-f]{32}$/),
      eventSource: 'aws:sqs',
      eventSourceARN: queue.queueArn,
      awsRegion: 'us-east-1',
    });
    expect(invocation.context).toMatchObject({
      functionName: 'send-consumer',
      awsRequestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      invokedFunctionArn: 'arn:aws:lambda:us-east-1:000000000000:function:send-consumer',
    });
    // No override given, so the remaining time comes from the queue's own 1 s visibility timeout.
    expect(invocation.remainingMs).toBeGreaterThan(0);
    expect(invocation.remainingMs).toBeLessThanOrEqual(1_000);

    await until('the message to be deleted', async () => (await depth(queue)) === 0);
    expect(invocations).toHaveLength(1);
  });

  it('splits 25 messages into batches of at most 10 and processes each exactly once', async () => {
    const { queue } = createQueues();
    const bodies = Array.from({ length: 25 }, (_, i) => `message-${i}`);
    await send(queue, bodies);
    const batchSizes: number[] = [];
    const seen: string[] = [];
    // A long visibility timeout rules out legitimate redeliveries on a slow machine, so a
    // duplicate can only mean the poller itself processed a message twice.
    startPoller(
      queue,
      async (event) => {
        batchSizes.push(event.Records.length);
        seen.push(...event.Records.map((r) => r.body));
      },
      { batchSize: 10, maxConcurrency: 2, visibilityTimeoutSeconds: 30 },
    );

    await until('all 25 messages', () => seen.length >= 25);
    await until('the queue to drain', async () => (await depth(queue)) === 0);
    expect(Math.max(...batchSizes)).toBe(10);
    expect(seen.toSorted()).toEqual(bodies.toSorted());
  });

  it('honours a batch size below 10', async () => {
    const { queue } = createQueues();
    await send(queue, ['a', 'b', 'c', 'd', 'e', 'f', 'g']);
    const batchSizes: number[] = [];
    startPoller(queue, async (event) => void batchSizes.push(event.Records.length), { batchSize: 3 });

    await until('all 7 messages', () => batchSizes.reduce((sum, n) => sum + n, 0) >= 7);
    expect(Math.max(...batchSizes)).toBe(3);
  });

  it('redelivers only the messages reported in batchItemFailures', async () => {
    const { queue } = createQueues();
    await send(queue, ['a', 'b', 'c']);
    const batches: SQSRecord[][] = [];
    startPoller(queue, async (event) => {
      batches.push(event.Records);
      const failOnce = event.Records.filter((r) => r.body === 'b' && r.attributes.ApproximateReceiveCount === '1');
      return { batchItemFailures: failOnce.map((r) => ({ itemIdentifier: r.messageId })) };
    });

    await until('b to be redelivered', () =>
      batches.flat().some((r) => r.body === 'b' && r.attributes.ApproximateReceiveCount === '2'),
    );
    await until('the queue to drain', async () => (await depth(queue)) === 0);
    // The failure was partial: all three arrived together the first time.
    expect(batches[0]?.map((r) => r.body).toSorted()).toEqual(['a', 'b', 'c']);
    expect(deliveryLog(batches.flat())).toEqual(['a@1', 'b@1', 'b@2', 'c@1']);
  });

  it('keeps a visibility change the handler made to a failed record (a retry backoff), as Lambda does', async () => {
    const { queue } = createQueues();
    await send(queue, ['throttled']);
    const deliveredAt: number[] = [];
    // 30 s visibility: without the handler's change the record would not be back within the test.
    startPoller(
      queue,
      async (event) => {
        deliveredAt.push(Date.now());
        const record = event.Records[0];
        if (record?.attributes.ApproximateReceiveCount !== '1') return;
        await sqs.send(
          new ChangeMessageVisibilityCommand({
            QueueUrl: queue.queueUrl,
            ReceiptHandle: record.receiptHandle,
            VisibilityTimeout: 1,
          }),
        );
        return { batchItemFailures: [{ itemIdentifier: record.messageId }] };
      },
      { visibilityTimeoutSeconds: 30 },
    );

    await until('the record to come back', () => deliveredAt.length >= 2, 8_000);
    const [first = 0, second = 0] = deliveredAt;
    expect(second - first).toBeGreaterThanOrEqual(900);
    expect(second - first).toBeLessThan(5_000);
    await until('the queue to drain', async () => (await depth(queue)) === 0);
  });

  it('leaves a poison message to the queue redrive policy, which moves it to the DLQ', async () => {
    const { queue, dlq } = createQueues();
    await send(queue, ['poison', 'fine']);
    const deliveries: SQSRecord[] = [];
    startPoller(queue, async (event) => {
      deliveries.push(...event.Records);
      const poison = event.Records.filter((r) => r.body === 'poison');
      return { batchItemFailures: poison.map((r) => ({ itemIdentifier: r.messageId })) };
    });

    const dlqMessage = await until('the poison message in the DLQ', async () => {
      const { Messages } = await sqs.send(new ReceiveMessageCommand({ QueueUrl: dlq.queueUrl, WaitTimeSeconds: 1 }));
      return Messages?.[0];
    });
    expect(dlqMessage.Body).toBe('poison');
    // maxReceiveCount is 2: the handler saw it twice, then SQS moved it on the third receive.
    expect(deliveryLog(deliveries)).toEqual(['fine@1', 'poison@1', 'poison@2']);
    expect(await depth(queue)).toBe(0);
  });

  it.each([
    ['the handler throws', () => Promise.reject(new Error('boom'))],
    ['an itemIdentifier is empty', () => Promise.resolve({ batchItemFailures: [{ itemIdentifier: '' }] })],
    [
      'an itemIdentifier is unknown',
      () => Promise.resolve({ batchItemFailures: [{ itemIdentifier: 'not-in-batch' }] }),
    ],
  ])('redelivers the whole batch when %s', async (_case, fail) => {
    const { queue } = createQueues();
    await send(queue, ['x', 'y']);
    const batches: SQSRecord[][] = [];
    const { logs } = startPoller(queue, async (event) => {
      batches.push(event.Records);
      return event.Records.some((r) => r.attributes.ApproximateReceiveCount === '1') ? fail() : undefined;
    });

    await until('both to be redelivered', () => deliveryLog(batches.flat()).join() === 'x@1,x@2,y@1,y@2');
    await until('the queue to drain', async () => (await depth(queue)) === 0);
    expect(batches[0]?.map((r) => r.body).toSorted()).toEqual(['x', 'y']);
    expect(deliveryLog(batches.flat())).toEqual(['x@1', 'x@2', 'y@1', 'y@2']);
    expect(logs.map((l) => l.line)).toContainEqual(expect.stringContaining('whole batch will be retried'));
  });

  it('runs at most maxConcurrency invocations at a time', async () => {
    const { queue } = createQueues();
    const bodies = ['m1', 'm2', 'm3', 'm4', 'm5', 'm6'];
    await send(queue, bodies);
    let active = 0;
    let maxActive = 0;
    const seen: string[] = [];
    startPoller(
      queue,
      async (event) => {
        maxActive = Math.max(maxActive, ++active);
        seen.push(...event.Records.map((r) => r.body));
        await sleep(300);
        active--;
      },
      { batchSize: 1, maxConcurrency: 2, visibilityTimeoutSeconds: 30 },
    );

    await until('all messages', () => seen.length >= bodies.length);
    await until('the queue to drain', async () => (await depth(queue)) === 0);
    expect(maxActive).toBe(2);
    expect(seen.toSorted()).toEqual(bodies);
  });

  it('stop() waits for the in-flight invocation, then polls no more', async () => {
    const { queue } = createQueues();
    const seen: string[] = [];
    let finished = 0;
    const { poller } = startPoller(
      queue,
      async (event) => {
        seen.push(...event.Records.map((r) => r.body));
        await sleep(500);
        finished++;
      },
      { maxConcurrency: 2 },
    );
    await send(queue, ['before-stop']);
    await until('an invocation', () => seen.length > 0);

    const startedAt = Date.now();
    await poller.stop();
    expect(Date.now() - startedAt).toBeLessThan(3_000); // waitTimeSeconds 1 + 0.5 s handler, with slack
    expect(finished).toBe(1);
    expect(await depth(queue)).toBe(0); // its delete completed before stop() resolved

    await send(queue, ['after-stop']);
    await sleep(1_500); // longer than a long poll: a loop still running would have taken it by now
    expect(seen).toEqual(['before-stop']);
    const { Attributes } = await sqs.send(
      new GetQueueAttributesCommand({ QueueUrl: queue.queueUrl, AttributeNames: ['All'] }),
    );
    expect(Attributes).toMatchObject({ ApproximateNumberOfMessages: '1', ApproximateNumberOfMessagesNotVisible: '0' });
  });

  it('survives ReceiveMessage errors and resumes when the queue is back', async () => {
    const name = `send-${++queueCount}`;
    const queue = server.createQueue(name);
    server.deleteQueue(name);
    const seen: string[] = [];
    const { logs } = startPoller(queue, async (event) => void seen.push(...event.Records.map((r) => r.body)));

    await until(
      'repeated receive errors',
      () => logs.filter((l) => l.line.startsWith('ReceiveMessage failed')).length >= 2,
    );
    expect(seen).toEqual([]);
    expect(server.createQueue(name).queueUrl).toBe(queue.queueUrl);
    await send(queue, ['after-recovery']);
    await until('the message after recovery', () => seen.length > 0);
    expect(seen).toEqual(['after-recovery']);
  });
});
