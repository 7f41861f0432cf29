/**
 * The accept path's writes, with DynamoDB and SQS mocked: the failures the local emulators cannot be
 * made to produce on demand (a PutItem or a SendMessage that fails), and the shape of the round trips.
 */
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { acceptEmail } from '#emails/send.service.ts';
import { buildSendEmailBody } from '#emails/send-request.ts';

vi.hoisted(() => {
  process.env.SEND_QUEUE_URL ??= 'https://sqs.us-east-1.amazonaws.com/000000000000/postbox-send';
  process.env.AWS_REGION ??= 'us-east-1';
});

const ORG = 'org_sending1';
const TABLE = 'postbox-unit';
const documentClient = mockClient(DynamoDBDocumentClient);
const sqs = mockClient(SQSClient);
afterAll(() => {
  documentClient.restore();
  sqs.restore();
});

const caller = {
  organizationId: ORG,
  apiKeyId: 'key_1',
  environment: 'test' as const,
  keyPrefix: 'pb_test_',
  rateLimitPerSecond: null,
  permission: 'full_access' as const,
  domainIds: null,
  keyName: 'test key',
  keyCreatedAt: '2026-01-01T00:00:00.000Z',
};
const request = buildSendEmailBody(() => new Date()).parse({
  from: { email: 'news@acme.test' },
  to: [{ email: 'ann@example.com' }],
  subject: 'Hello',
  text: 'Hi',
});

/** A delay the test controls, to see which calls start before others finish. */
const later = <T>(value: T, ms = 30) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

beforeEach(() => {
  documentClient.reset();
  sqs.reset();
  // The sender's domain claim belongs to the organization; no address is suppressed.
  documentClient.on(BatchGetCommand).callsFake((input) => {
    const keys = input.RequestItems[TABLE].Keys as Array<{ PK: string; SK: string }>;
    const claims = keys
      .filter((key) => key.PK === 'DOMAINCLAIM#acme.test')
      .map((key) => ({
        ...key,
        domain: 'acme.test',
        organization_id: ORG,
        domain_id: 'dom_1',
        signing_domain_id: 'dom_1',
      }));
    return { Responses: { [TABLE]: claims }, UnprocessedKeys: {} };
  });
  documentClient.on(GetCommand).resolves({});
  documentClient.on(QueryCommand).resolves({ Items: [] });
  documentClient.on(UpdateCommand).resolves({});
  documentClient.on(BatchWriteCommand).resolves({ UnprocessedItems: {} });
});

describe('acceptEmail writes', () => {
  it('stores and queues the email in the same round trip', async () => {
    const started: string[] = [];
    documentClient.on(PutCommand).callsFake((input) => {
      // The sender registry's put (in the reads' round) is not the email's.
      if (input.Item?.type !== 'email') return {};
      started.push('put');
      return later({}).then((value) => {
        started.push('put-done');
        return value;
      });
    });
    sqs.on(SendMessageCommand).callsFake(() => {
      started.push(`send while ${started.includes('put-done') ? 'stored' : 'storing'}`);
      return later({ MessageId: 'm1' });
    });
    const accepted = await acceptEmail(caller, request);
    expect(accepted).toMatchObject({ status: 'queued' });
    expect(started).toEqual(['put', 'send while storing', 'put-done']);
    const put = documentClient
      .commandCalls(PutCommand)
      .map((call) => call.args[0].input)
      .find((input) => input.Item?.type === 'email');
    expect(put?.ConditionExpression).toBe('attribute_not_exists(PK)');
    // No due entry for an email sent now; the sender registry (the scheduler finds it through it) is written.
    expect(put?.Item).not.toHaveProperty('GSI2PK');
    expect(
      documentClient.commandCalls(PutCommand).some((call) => call.args[0].input.Item?.type === 'active_sender'),
    ).toBe(true);
    expect(JSON.parse(String(sqs.commandCalls(SendMessageCommand)[0]?.args[0].input.MessageBody))).toEqual({
      organization_id: ORG,
      email_id: accepted.message_id,
    });
  });

  it('fails the send and takes its usage back when the email cannot be stored, writing no list entry', async () => {
    documentClient.on(PutCommand).rejects(Object.assign(new Error('throttled'), { name: 'ThrottlingException' }));
    sqs.on(SendMessageCommand).resolves({ MessageId: 'm1' });
    await expect(acceptEmail(caller, request)).rejects.toThrow('throttled');
    // The list's pointers and counts follow from the table's stream: the send writes none.
    expect(documentClient.commandCalls(BatchWriteCommand)).toHaveLength(0);
    const usage = documentClient
      .commandCalls(UpdateCommand)
      .map((call) => call.args[0].input)
      .filter((input) => String((input.Key as { PK?: string } | undefined)?.PK).startsWith('USAGE#'));
    // Counted, then taken back.
    expect(usage.map((input) => input.ExpressionAttributeValues?.[':n'])).toEqual([1, -1]);
  });

  it('fails the send and deletes the email when it cannot be queued', async () => {
    documentClient.on(PutCommand).resolves({});
    documentClient.on(DeleteCommand).resolves({});
    sqs.on(SendMessageCommand).rejects(Object.assign(new Error('queue down'), { name: 'ServiceUnavailable' }));
    await expect(acceptEmail(caller, request)).rejects.toThrow('queue down');
    const deleted = documentClient.commandCalls(DeleteCommand)[0]?.args[0].input;
    expect(deleted?.ConditionExpression).toContain('attribute_not_exists(lease_until)');
  });

  it('answers 201 when the failed enqueue reached a consumer after all (the email is being sent)', async () => {
    documentClient.on(PutCommand).resolves({});
    // The delete's condition fails on the email as a consumer holds it (DynamoDB returns it: ALL_OLD).
    documentClient.on(DeleteCommand).rejects(
      Object.assign(new Error('The conditional request failed'), {
        name: 'ConditionalCheckFailedException',
        Item: { status: { S: 'queued' }, lease_until: { N: '1' } },
      }),
    );
    sqs.on(SendMessageCommand).rejects(Object.assign(new Error('timeout'), { name: 'TimeoutError' }));
    await expect(acceptEmail(caller, request)).resolves.toMatchObject({ status: 'queued' });
    expect(documentClient.commandCalls(DeleteCommand)[0]?.args[0].input.ReturnValuesOnConditionCheckFailure).toBe(
      'ALL_OLD',
    );
  });

  it('fails the send when the email it would take back was never stored', async () => {
    documentClient.on(PutCommand).rejects(Object.assign(new Error('timeout'), { name: 'TimeoutError' }));
    documentClient
      .on(DeleteCommand)
      .rejects(Object.assign(new Error('The conditional request failed'), { name: 'ConditionalCheckFailedException' }));
    sqs.on(SendMessageCommand).resolves({ MessageId: 'm1' });
    await expect(acceptEmail(caller, request)).rejects.toThrow('timeout');
  });

  it('with an Idempotency-Key, stores first, then queues', async () => {
    const order: string[] = [];
    documentClient.on(PutCommand).callsFake(() => {
      order.push('put');
      return later({}).then((value) => {
        order.push('put-done');
        return value;
      });
    });
    sqs.on(SendMessageCommand).callsFake(() => {
      order.push('send');
      return { MessageId: 'm1' };
    });
    await acceptEmail(caller, request, { emailId: '01900000-0000-7000-8000-0000000000aa' });
    expect(order).toEqual(['put', 'put-done', 'send']);
  });

  it('writes nothing before the deferred rate-limit count allows the request', async () => {
    const limited = Promise.reject(Object.assign(new Error('limited'), { code: 'RATE_LIMITED' }));
    await expect(acceptEmail(caller, request, { admission: limited })).rejects.toThrow('limited');
    expect(documentClient.commandCalls(PutCommand)).toHaveLength(0);
    expect(sqs.commandCalls(SendMessageCommand)).toHaveLength(0);
  });
});
