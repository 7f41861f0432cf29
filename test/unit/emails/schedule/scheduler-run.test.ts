/**
 * A scheduler run with DynamoDB and SQS mocked, for what the local stack cannot be made to do on
 * demand: the read of the hand-over times failing while other entries of the shard are due.
 */
import { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import { BatchGetCommand, DynamoDBDocumentClient, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keys } from '#dynamo/keys.ts';
import { runScheduler } from '#emails/schedule/scheduler.service.ts';

vi.hoisted(() => {
  process.env.SEND_QUEUE_URL ??= 'https://sqs.us-east-1.amazonaws.com/000000000000/postbox-send';
  process.env.AWS_REGION ??= 'us-east-1';
});

const documentClient = mockClient(DynamoDBDocumentClient);
const sqs = mockClient(SQSClient);
afterEach(() => {
  vi.unstubAllEnvs();
});
afterAll(() => {
  documentClient.restore();
  sqs.restore();
});

const MINUTE = 60_000;
const NOW = Date.parse('2026-11-27T12:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
const ORG = 'org_scheduler1';

/** A due entry as the index returns it. */
const dueItem = (id: string, fields: Record<string, unknown>) => ({
  organization_id: ORG,
  id,
  environment: 'live',
  status: 'queued',
  scheduled_at: null,
  created_at: iso(NOW - 30 * MINUTE),
  GSI2SK: iso(NOW - 14 * MINUTE),
  ...fields,
});

beforeEach(() => {
  documentClient.reset();
  sqs.reset();
  // Live emails' outcomes come from SES here, whatever the environment the suite runs in (the local
  // stack's setup simulates every outcome).
  vi.stubEnv('SIMULATE_OUTCOMES', '');
  // One shard has both entries; the others have none.
  let shards = 0;
  documentClient.on(QueryCommand).callsFake(() => {
    shards += 1;
    return { Items: shards === 1 ? [dueItem('e-lost', {}), dueItem('e-handed', { ses_message_id: 'ses-1' })] : [] };
  });
  documentClient.on(UpdateCommand).resolves({});
  sqs.on(SendMessageBatchCommand).resolves({ Successful: [{ Id: '0', MessageId: 'm', MD5OfMessageBody: '' }] });
});

const movedEntries = () =>
  documentClient.commandCalls(UpdateCommand).map((call) => (call.args[0].input.Key as { PK: string }).PK);

describe('runScheduler', () => {
  it('moves a handed-over entry due before its outcome deadline there, read from sent_at', async () => {
    const sentAt = NOW - 15 * MINUTE;
    documentClient.on(BatchGetCommand).callsFake((input) => ({
      Responses: { [Object.keys(input.RequestItems)[0] ?? '']: [{ id: 'e-handed', sent_at: iso(sentAt) }] },
    }));

    const result = await runScheduler(NOW);
    expect(result).toMatchObject({ swept: 1, awaited: 1, finished: 0, failed: 0, errors: 0 });
    const [read] = documentClient
      .commandCalls(BatchGetCommand)
      .map((call) => Object.values(call.args[0].input.RequestItems ?? {})[0]);
    // Only the handed-over entry is read, consistently.
    expect(read?.Keys).toEqual([keys.email(ORG, 'e-handed')]);
    expect(read?.ConsistentRead).toBe(true);
    const awaited = documentClient
      .commandCalls(UpdateCommand)
      .map((call) => call.args[0].input)
      .find((input) => (input.Key as { PK: string }).PK === keys.email(ORG, 'e-handed').PK);
    // A live email: SES's 72-hour event window from the hand-over, no sweep counted.
    expect(awaited?.ExpressionAttributeValues?.[':next']).toBe(
      keys.dueEntry('e-handed', iso(sentAt + 72 * 60 * MINUTE)).GSI2SK,
    );
    expect(awaited?.UpdateExpression).toBe('SET GSI2PK = :pk, GSI2SK = :next');
  });

  it('leaves the handed-over entries due when their hand-over times cannot be read, and handles the rest', async () => {
    documentClient
      .on(BatchGetCommand)
      .rejects(Object.assign(new Error('unavailable'), { name: 'InternalServerError' }));

    const result = await runScheduler(NOW);
    expect(result).toMatchObject({ swept: 1, enqueued: 1, awaited: 0, finished: 0, failed: 0, errors: 1 });
    // Only the lost email's entry moved; the handed-over one was neither moved, finished nor failed.
    expect(movedEntries()).toEqual([keys.email(ORG, 'e-lost').PK]);
  });
});
