/**
 * The email list's pointers and counters from the table's stream (list-index.service.ts): what each
 * change moves, and one batch's writes with DynamoDB mocked — pointers first (the last write of a key
 * winning), then one counter update per organization and environment in the counting transaction,
 * whose token is the same when the same records are read again.
 */
import {
  BatchGetCommand,
  BatchWriteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { StreamChange } from '#dynamo/stream-change.ts';
import { countMovesOf, indexAndCountChanges, pointerWritesOf } from '#emails/list-index.service.ts';

const documentClient = mockClient(DynamoDBDocumentClient);
afterAll(() => documentClient.restore());
beforeEach(() => {
  documentClient.reset();
  documentClient.on(BatchWriteCommand).resolves({});
  documentClient.on(TransactWriteCommand).resolves({});
  documentClient.on(BatchGetCommand).resolves({ Responses: {} });
  documentClient.on(GetCommand).resolves({});
  documentClient.on(QueryCommand).resolves({ Items: [] });
});

let sequence = 0;
const email = (id: string, fields: Record<string, unknown> = {}) => ({
  PK: `EMAIL#org_a#${id}`,
  SK: 'EMAIL',
  type: 'email',
  id,
  organization_id: 'org_a',
  environment: 'live',
  status: 'queued',
  created_at: '2026-11-28T10:00:00.000Z',
  to: [{ email: 'Jane@Example.com' }],
  tags: { campaign: 'launch' },
  ...fields,
});
function change(eventName: StreamChange['eventName'], oldImage?: object, newImage?: object): StreamChange {
  sequence += 1;
  return {
    id: String(sequence).padStart(6, '0'),
    eventName,
    ...(oldImage ? { oldImage: oldImage as Record<string, unknown> } : {}),
    ...(newImage ? { newImage: newImage as Record<string, unknown> } : {}),
  };
}

describe('countMovesOf', () => {
  it('counts an insert, a status change and a removal, each once', () => {
    expect(countMovesOf(change('INSERT', undefined, email('e1')))?.moves).toEqual({ total: 1, queued: 1 });
    expect(countMovesOf(change('MODIFY', email('e1'), email('e1', { status: 'delivered' })))?.moves).toEqual({
      queued: -1,
      delivered: 1,
    });
    expect(countMovesOf(change('REMOVE', email('e1'), undefined))?.moves).toEqual({ total: -1, queued: -1 });
  });

  it('moves nothing for a change that keeps the status, or for another item', () => {
    expect(countMovesOf(change('MODIFY', email('e1'), email('e1', { ses_message_id: 'ses-1' })))).toBeUndefined();
    expect(countMovesOf(change('INSERT', undefined, { ...email('e1'), type: 'email_event' }))).toBeUndefined();
  });
});

describe('pointerWritesOf', () => {
  it('puts an inserted email’s pointers and deletes a removed one’s', () => {
    const writes = pointerWritesOf([
      change('INSERT', undefined, email('e1')),
      change('MODIFY', email('e1'), email('e1', { status: 'delivered' })),
      change('REMOVE', email('e2'), undefined),
    ]);
    expect(writes.map((write) => [write.put, write.email.id])).toEqual([
      [true, 'e1'],
      [false, 'e2'],
    ]);
  });
});

describe('indexAndCountChanges', () => {
  const batch = () => {
    sequence = 0;
    return [
      change('INSERT', undefined, email('e1')),
      change('INSERT', undefined, email('e2')),
      change('INSERT', undefined, email('e3', { organization_id: 'org_b', PK: 'EMAIL#org_b#e3' })),
      change('MODIFY', email('e1'), email('e1', { status: 'bounced' })),
      // Put and taken back within the batch: its pointers end deleted.
      change('INSERT', undefined, email('e4')),
      change('REMOVE', email('e4'), undefined),
    ];
  };

  it('writes the pointers, then one counter update per organization and environment in one transaction', async () => {
    expect(await indexAndCountChanges(batch())).toBeUndefined();
    const requests = documentClient
      .commandCalls(BatchWriteCommand)
      .flatMap((call) => Object.values(call.args[0].input.RequestItems ?? {}).flat());
    const puts = requests.filter((request) => 'PutRequest' in request);
    const deletes = requests.filter((request) => 'DeleteRequest' in request);
    // e1, e2, e3: a `to` and a tag pointer each; e4: its two deleted (a key named once per request).
    expect(puts).toHaveLength(6);
    expect(deletes).toHaveLength(2);
    expect(JSON.stringify(deletes)).toContain('#jane@example.com#');

    const [transaction] = documentClient.commandCalls(TransactWriteCommand).map((call) => call.args[0].input);
    const updates = (transaction?.TransactItems ?? []).map((item) => item.Update);
    const counters = updates.filter((update) => String(update?.Key?.PK).startsWith('EMAILCOUNT#'));
    expect(counters).toHaveLength(2);
    const moves = (pk: string) => {
      const update = counters.find((candidate) => String(candidate?.Key?.PK).startsWith(pk));
      const names = update?.ExpressionAttributeNames ?? {};
      const values = update?.ExpressionAttributeValues ?? {};
      return Object.fromEntries(
        Object.entries(names)
          .filter(([alias]) => alias !== '#type')
          .map(([alias, name]) => [name, values[`:${alias.slice(1)}`]]),
      );
    };
    // org_a: e1, e2, e4 in (3), e4 out (−1); e1 queued → bounced.
    expect(moves('EMAILCOUNT#org_a#live#')).toEqual({ total: 2, queued: 1, bounced: 1 });
    expect(moves('EMAILCOUNT#org_b#live#')).toEqual({ total: 1, queued: 1 });
    expect(transaction?.ClientRequestToken).toMatch(/^[\w-]{36}$/);
  });

  it('counts the same records again with the same token (DynamoDB applies a transaction once per token)', async () => {
    await indexAndCountChanges(batch());
    await indexAndCountChanges(batch());
    const tokens = documentClient
      .commandCalls(TransactWriteCommand)
      .map((call) => call.args[0].input.ClientRequestToken);
    expect(tokens).toHaveLength(2);
    expect(tokens[0]).toBe(tokens[1]);
  });

  it('answers the first record when the pointers cannot be written, counting nothing', async () => {
    documentClient
      .on(BatchWriteCommand)
      .rejects(Object.assign(new Error('throttled'), { name: 'ThrottlingException' }));
    const changes = batch();
    expect(await indexAndCountChanges(changes)).toBe(changes[0]?.id);
    expect(documentClient.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });
});
