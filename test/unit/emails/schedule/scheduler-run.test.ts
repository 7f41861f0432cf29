/**
 * A scheduler run with DynamoDB and SQS mocked, for what the local stack cannot be made to do on
 * demand: the read of the due emails' hand-over state failing; and the deployment-wide look at immediate
 * emails (the sender registry, the mark), which a shared local table cannot isolate.
 */
import { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import {
  BatchGetCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keys } from '#dynamo/keys.ts';
import { SWEEP_AFTER_MS } from '#emails/schedule/due-times.ts';
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
  // One shard of the due index has both entries; the others, the sender registry and the `queued`
  // entries (the look at immediate emails) have none.
  let shards = 0;
  documentClient.on(QueryCommand).callsFake((input) => {
    if (input.IndexName !== 'GSI2') return { Items: [] };
    shards += 1;
    // The index projects no ses_message_id: the scheduler reads it from the emails.
    return { Items: shards === 1 ? [dueItem('e-lost', {}), dueItem('e-handed', {})] : [] };
  });
  documentClient.on(UpdateCommand).resolves({});
  // The look at immediate emails: no mark yet, and its mark written.
  documentClient.on(GetCommand).resolves({});
  documentClient.on(PutCommand).resolves({});
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
    documentClient.on(QueryCommand).callsFake((input) => {
      if (input.IndexName !== 'GSI2') return { Items: [] };
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

  it('finds an immediate email (no due entry) still queued after its sweep deadline through its sender and `queued` entry', async () => {
    const created = iso(NOW - 17 * MINUTE);
    documentClient.on(QueryCommand).callsFake((input) => {
      const pk = String(input.ExpressionAttributeValues?.[':pk']);
      if (input.IndexName === 'GSI2') return { Items: [] };
      // The registry of the email's hour names its organization; one shard of its `queued` entries holds it.
      if (pk.startsWith('SENDERS#'))
        return {
          Items: pk === `SENDERS#${created.slice(0, 13)}` ? [{ organization_id: ORG, environment: 'live' }] : [],
        };
      if (pk === keys.emailsByStatus(ORG, 'live', 'queued', 0).GSI4PK)
        return { Items: [{ GSI3SK: `${created}#e-imm` }] };
      return { Items: [] };
    });
    documentClient.on(BatchGetCommand).callsFake((input) => ({
      Responses: {
        [Object.keys(input.RequestItems)[0] ?? '']: [
          {
            id: 'e-imm',
            organization_id: ORG,
            environment: 'live',
            status: 'queued',
            scheduled_at: null,
            created_at: created,
          },
        ],
      },
    }));

    const result = await runScheduler(NOW);
    expect(result).toMatchObject({ swept: 1, enqueued: 1, errors: 0 });
    // It gets a due entry only if none was written meanwhile (then the due index owns it).
    const [moved] = documentClient.commandCalls(UpdateCommand).map((call) => call.args[0].input);
    expect(moved?.Key).toEqual(keys.email(ORG, 'e-imm'));
    expect(moved?.ConditionExpression).toMatch(/^attribute_not_exists\(GSI2SK\) AND /);
    // The span looked at is remembered: the next run goes on from there.
    const mark = documentClient
      .commandCalls(PutCommand)
      .map((call) => call.args[0].input.Item)
      .find((item) => item?.SK === 'SWEPT');
    expect(mark?.through).toBe(iso(NOW - SWEEP_AFTER_MS));
  });

  it('leaves alone an immediate email that is final, scheduled or already in the due index, and keeps the mark on an error', async () => {
    const created = iso(NOW - 17 * MINUTE);
    documentClient.on(QueryCommand).callsFake((input) => {
      const pk = String(input.ExpressionAttributeValues?.[':pk']);
      if (pk.startsWith('SENDERS#')) return { Items: [{ organization_id: ORG, environment: 'live' }] };
      if (input.IndexName === 'GSI4' && pk.endsWith('#0')) {
        return { Items: ['e-final', 'e-scheduled', 'e-indexed'].map((id) => ({ GSI3SK: `${created}#${id}` })) };
      }
      return { Items: [] };
    });
    documentClient.on(BatchGetCommand).callsFake((input) => ({
      Responses: {
        [Object.keys(input.RequestItems)[0] ?? '']: [
          { id: 'e-final', organization_id: ORG, environment: 'live', status: 'delivered', created_at: created },
          {
            id: 'e-scheduled',
            organization_id: ORG,
            environment: 'live',
            status: 'queued',
            scheduled_at: created,
            created_at: created,
          },
          {
            id: 'e-indexed',
            organization_id: ORG,
            environment: 'live',
            status: 'queued',
            created_at: created,
            GSI2PK: 'DUE#3',
          },
        ],
      },
    }));
    expect(await runScheduler(NOW)).toMatchObject({ enqueued: 0, swept: 0, errors: 0 });
    expect(documentClient.commandCalls(UpdateCommand)).toHaveLength(0);

    documentClient
      .on(BatchGetCommand)
      .rejects(Object.assign(new Error('unavailable'), { name: 'InternalServerError' }));
    documentClient.resetHistory();
    expect((await runScheduler(NOW)).errors).toBeGreaterThan(0);
    expect(
      documentClient.commandCalls(PutCommand).filter((call) => call.args[0].input.Item?.SK === 'SWEPT'),
    ).toHaveLength(0);
  });
});
