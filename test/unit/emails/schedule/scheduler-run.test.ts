/**
 * A scheduler run with DynamoDB and SQS mocked, for what the local stack cannot be made to do on
 * demand: the read of the due emails' hand-over state failing.
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
    // The index projects no ses_message_id: the scheduler reads it from the emails.
    return { Items: shards === 1 ? [dueItem('e-lost', {}), dueItem('e-handed', {})] : [] };
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
      Responses: {
        [Object.keys(input.RequestItems)[0] ?? '']: [
          { id: 'e-lost', status: 'queued' },
          { id: 'e-handed', status: 'queued', ses_message_id: 'ses-1', sent_at: iso(sentAt) },
        ],
      },
    }));

    const result = await runScheduler(NOW);
    expect(result).toMatchObject({ swept: 1, awaited: 1, finished: 0, failed: 0, errors: 0 });
    const [read] = documentClient
      .commandCalls(BatchGetCommand)
      .map((call) => Object.values(call.args[0].input.RequestItems ?? {})[0]);
    // Every due email is read, consistently (its SES id is not in the index).
    expect(read?.Keys).toEqual([keys.email(ORG, 'e-lost'), keys.email(ORG, 'e-handed')]);
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

  it('leaves the entries due when their emails cannot be read, and skips an email gone since', async () => {
    documentClient
      .on(BatchGetCommand)
      .rejects(Object.assign(new Error('unavailable'), { name: 'InternalServerError' }));
    const failed = await runScheduler(NOW);
    expect(failed).toMatchObject({ swept: 0, enqueued: 0, awaited: 0, finished: 0, failed: 0, errors: 2 });
    // Nothing moved, finished or failed: both stay due for the next run.
    expect(movedEntries()).toEqual([]);

    let shards = 0;
    documentClient.on(QueryCommand).callsFake(() => {
      shards += 1;
      return { Items: shards === 1 ? [dueItem('e-lost', {}), dueItem('e-handed', {})] : [] };
    });
    documentClient.on(BatchGetCommand).callsFake((input) => ({
      Responses: { [Object.keys(input.RequestItems)[0] ?? '']: [{ id: 'e-lost', status: 'queued' }] },
    }));
    const gone = await runScheduler(NOW);
    expect(gone).toMatchObject({ swept: 1, enqueued: 1, errors: 0 });
    expect(movedEntries()).toEqual([keys.email(ORG, 'e-lost').PK]);
  });
});
