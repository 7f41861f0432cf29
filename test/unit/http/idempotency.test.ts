/**
 * The Idempotency-Key state machine with a mocked document client: every branch hangs on a
 * DynamoDB condition outcome (claimed, done, in progress, abandoned, taken over by someone
 * else) that the integration tests can only reach by timing.
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Caller } from '#accounts/caller.ts';
import { ApiError } from '#core/errors.ts';
import {
  abandonIdempotentRequest,
  beginIdempotentRequest,
  completeIdempotentRequest,
  hashIdempotencyKey,
  IDEMPOTENCY_LEASE_MS,
  IDEMPOTENCY_TTL_SECONDS,
} from '#http/idempotency.store.ts';
import { canonicalJson, idempotencyKeyOf, requestHash, withIdempotency } from '#http/idempotency.ts';
import { created } from '#http/response.ts';

const TABLE = 'postbox-unit'; // TABLE_NAME of the unit project (vitest.config.ts)
const ORG = 'org_idem1';
const KEY = 'order-42';
const HASH = 'a'.repeat(64);
const NOW = Date.UTC(2031, 0, 1, 12, 0, 0);
const RECORD_KEY = { PK: `IDEMPOTENCY#${ORG}#${hashIdempotencyKey(KEY)}`, SK: 'IDEMPOTENCY' };

const documentClient = mockClient(DynamoDBDocumentClient);
afterAll(() => documentClient.restore());
beforeEach(() => documentClient.reset());

/** A failed condition as the document client reports it: the old item in DynamoDB JSON. */
function conditionFailed(old?: Record<string, unknown>) {
  const error = Object.assign(new Error('The conditional request failed'), {
    name: 'ConditionalCheckFailedException',
    ...(old ? { Item: marshall(old) as Record<string, AttributeValue> } : {}),
  });
  return error;
}

/** The request's rate-limit count, already allowed. */
const ADMITTED = Promise.resolve();

function stored(overrides: Record<string, unknown> = {}) {
  return {
    ...RECORD_KEY,
    type: 'idempotency',
    organization_id: ORG,
    scope: 'send',
    state: 'in_progress',
    request_hash: HASH,
    lease_token: 'token-old',
    lease_until: NOW + 30_000,
    expires_at: NOW / 1000 + IDEMPOTENCY_TTL_SECONDS,
    ...overrides,
  };
}

describe('beginIdempotentRequest', () => {
  it('claims a new key with one conditional PutItem', async () => {
    documentClient.on(PutCommand).resolves({});
    const result = await beginIdempotentRequest(ORG, KEY, HASH, 'send', NOW);
    expect(result).toEqual({
      state: 'new',
      token: expect.any(String),
      reservedId: expect.any(String),
      takenOver: false,
    });
    const calls = documentClient.commandCalls(PutCommand);
    expect(calls).toHaveLength(1);
    const input = calls[0]?.args[0].input;
    expect(input?.TableName).toBe(TABLE);
    expect(input?.Item).toMatchObject({
      ...RECORD_KEY,
      state: 'in_progress',
      scope: 'send',
      request_hash: HASH,
      lease_until: NOW + IDEMPOTENCY_LEASE_MS,
      expires_at: NOW / 1000 + 24 * 60 * 60,
    });
    expect(input?.Item?.lease_token).toBe(result.state === 'new' ? result.token : undefined);
    // The email id the request will use is reserved with the key.
    expect(input?.Item?.reserved_id).toBe(result.state === 'new' ? result.reservedId : undefined);
    expect(input?.Item?.reserved_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7/);
    expect(input?.ConditionExpression).toBe('attribute_not_exists(PK) OR expires_at <= :now');
    expect(input?.ExpressionAttributeValues).toEqual({ ':now': NOW / 1000 });
    // The key itself is never stored, only its hash.
    expect(JSON.stringify(input)).not.toContain(KEY);
  });

  it('replays a completed request with the same hash', async () => {
    const body = { data: { message_id: 'm1', status: 'queued' } };
    documentClient
      .on(PutCommand)
      .rejects(conditionFailed(stored({ state: 'done', response_status: 201, response_body: JSON.stringify(body) })));
    expect(await beginIdempotentRequest(ORG, KEY, HASH, 'send', NOW)).toEqual({ state: 'replay', status: 201, body });
    expect(documentClient.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it('is a conflict when the hash differs, whether the first request is done or still in progress', async () => {
    for (const old of [
      stored({ state: 'done', response_status: 201, response_body: '{}' }),
      stored(), // in progress, lease running
      stored({ lease_until: NOW - 1 }), // in progress, abandoned: only the same request may take it over
    ]) {
      documentClient.reset();
      documentClient.on(PutCommand).rejects(conditionFailed(old));
      expect(await beginIdempotentRequest(ORG, KEY, 'b'.repeat(64), 'send', NOW)).toEqual({ state: 'conflict' });
      expect(documentClient.commandCalls(UpdateCommand)).toHaveLength(0);
    }
  });

  it('says in progress while the first request holds its lease', async () => {
    documentClient.on(PutCommand).rejects(conditionFailed(stored({ lease_until: NOW + 1 })));
    expect(await beginIdempotentRequest(ORG, KEY, HASH, 'send', NOW)).toEqual({ state: 'in_progress' });
    expect(documentClient.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it('takes over an abandoned in-progress record with a conditional update on the old token', async () => {
    documentClient
      .on(PutCommand)
      .rejects(conditionFailed(stored({ lease_until: NOW - 1, reserved_id: 'email-of-the-dead-request' })));
    documentClient.on(UpdateCommand).resolves({});
    const result = await beginIdempotentRequest(ORG, KEY, HASH, 'send', NOW);
    // The retry resumes the dead request's email id rather than creating another email.
    expect(result).toEqual({
      state: 'new',
      token: expect.any(String),
      reservedId: 'email-of-the-dead-request',
      takenOver: true,
    });
    const update = documentClient.commandCalls(UpdateCommand)[0]?.args[0].input;
    expect(update?.Key).toEqual(RECORD_KEY);
    expect(update?.ConditionExpression).toBe(
      '#state = :in_progress AND request_hash = :hash AND lease_token = :old AND lease_until <= :now',
    );
    expect(update?.ExpressionAttributeValues).toMatchObject({
      ':old': 'token-old',
      ':hash': HASH,
      ':now': NOW,
      ':until': NOW + IDEMPOTENCY_LEASE_MS,
      ':token': result.state === 'new' ? result.token : undefined,
      ':reserved': 'email-of-the-dead-request',
    });
    expect(result.state === 'new' && result.token).not.toBe('token-old');
  });

  it('loses a takeover race to a concurrent request: it is then in progress', async () => {
    documentClient
      .on(PutCommand)
      .rejectsOnce(conditionFailed(stored({ lease_until: NOW - 1 })))
      // The second look finds the winner's fresh lease.
      .rejectsOnce(conditionFailed(stored({ lease_token: 'token-winner', lease_until: NOW + IDEMPOTENCY_LEASE_MS })));
    documentClient.on(UpdateCommand).rejects(conditionFailed());
    expect(await beginIdempotentRequest(ORG, KEY, HASH, 'send', NOW)).toEqual({ state: 'in_progress' });
    expect(documentClient.commandCalls(UpdateCommand)).toHaveLength(1);
    expect(documentClient.commandCalls(PutCommand)).toHaveLength(2);
  });

  it('claims the key again when the record vanished between the put and the read', async () => {
    // No old item on the failed condition (e.g. an emulator without ALL_OLD): a consistent read.
    documentClient.on(PutCommand).rejectsOnce(conditionFailed()).resolves({});
    documentClient.on(GetCommand).resolves({});
    expect(await beginIdempotentRequest(ORG, KEY, HASH, 'send', NOW)).toEqual({
      state: 'new',
      token: expect.any(String),
      reservedId: expect.any(String),
      takenOver: false,
    });
    expect(documentClient.commandCalls(GetCommand)[0]?.args[0].input).toMatchObject({
      Key: RECORD_KEY,
      ConsistentRead: true,
    });
    expect(documentClient.commandCalls(PutCommand)).toHaveLength(2);
  });

  it('lets other DynamoDB errors through', async () => {
    documentClient.on(PutCommand).rejects(new Error('boom'));
    await expect(beginIdempotentRequest(ORG, KEY, HASH, 'send', NOW)).rejects.toThrow('boom');
  });
});

describe('completing and abandoning', () => {
  it('stores the response as JSON text, only while the caller still owns the record', async () => {
    documentClient.on(UpdateCommand).resolves({});
    const body = { data: { b: 1, a: 2 } };
    expect(await completeIdempotentRequest(ORG, KEY, 201, body, 'token-1')).toBe(true);
    const input = documentClient.commandCalls(UpdateCommand)[0]?.args[0].input;
    expect(input?.ConditionExpression).toBe('#state = :in_progress AND lease_token = :token');
    expect(input?.ExpressionAttributeValues).toMatchObject({
      ':done': 'done',
      ':status': 201,
      ':body': '{"data":{"b":1,"a":2}}',
      ':token': 'token-1',
    });
    documentClient.on(UpdateCommand).rejects(conditionFailed());
    expect(await completeIdempotentRequest(ORG, KEY, 201, body, 'token-1')).toBe(false);
  });

  it('deletes the record of a failed request, only while the caller still owns it', async () => {
    documentClient.on(DeleteCommand).resolves({});
    expect(await abandonIdempotentRequest(ORG, KEY, 'token-1')).toBe(true);
    const input = documentClient.commandCalls(DeleteCommand)[0]?.args[0].input;
    expect(input?.Key).toEqual(RECORD_KEY);
    expect(input?.ConditionExpression).toBe('#state = :in_progress AND lease_token = :token');
    documentClient.on(DeleteCommand).rejects(conditionFailed());
    expect(await abandonIdempotentRequest(ORG, KEY, 'token-1')).toBe(false);
  });
});

describe('the Idempotency-Key header', () => {
  const event = (value: string) => ({ headers: { 'idempotency-key': value } });

  it('accepts 1–256 printable ASCII characters', () => {
    expect(idempotencyKeyOf({ headers: {} })).toBeUndefined();
    expect(idempotencyKeyOf(event('a'))).toBe('a');
    expect(idempotencyKeyOf(event(' ~!"order 42"~ '))).toBe(' ~!"order 42"~ ');
    expect(idempotencyKeyOf(event('k'.repeat(256)))).toBe('k'.repeat(256));
    expect(idempotencyKeyOf({ headers: { 'Idempotency-Key': 'mixed-case' } })).toBe('mixed-case');
  });

  it.each([
    ['empty', '', 'Must not be empty'],
    ['257 characters', 'k'.repeat(257), 'Must be at most 256 characters'],
    ['non-ASCII', 'clé', 'Must contain only printable ASCII characters'],
    ['a control character', 'a\tb', 'Must contain only printable ASCII characters'],
  ])('refuses a key that is %s', (_name, value, message) => {
    let thrown: unknown;
    try {
      idempotencyKeyOf(event(value));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ApiError);
    expect((thrown as ApiError).toBody().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ field: 'Idempotency-Key', message }],
    });
  });
});

describe('the request hash', () => {
  it('ignores key order but not values, arrays order, scope or environment', () => {
    expect(canonicalJson({ b: [{ y: 1, x: 2 }], a: null })).toBe('{"a":null,"b":[{"x":2,"y":1}]}');
    const base = requestHash('send', 'test', { to: [{ email: 'a@x.test' }], subject: 's' });
    expect(requestHash('send', 'test', { subject: 's', to: [{ email: 'a@x.test' }] })).toBe(base);
    expect(requestHash('send', 'test', { subject: 't', to: [{ email: 'a@x.test' }] })).not.toBe(base);
    expect(requestHash('send', 'live', { to: [{ email: 'a@x.test' }], subject: 's' })).not.toBe(base);
  });
});

describe('withIdempotency', () => {
  const caller: Caller = {
    organizationId: ORG,
    apiKeyId: 'key_1',
    environment: 'test',
    keyPrefix: 'pb_test_abcd',
    rateLimitPerSecond: null,
    permission: 'full_access',
    domainIds: null,
    keyName: 'test key',
    keyCreatedAt: '2026-01-01T00:00:00.000Z',
  };
  const withKey = { headers: { 'idempotency-key': KEY } } as unknown as APIGatewayProxyEventV2;

  it('just runs without the header', async () => {
    const run = vi.fn(async () => created({ id: 1 }));
    expect(await withIdempotency(caller, { headers: {} }, 'send', {}, ADMITTED, run)).toEqual(created({ id: 1 }));
    expect(run).toHaveBeenCalledOnce();
    expect(documentClient.calls()).toHaveLength(0);
  });

  it('runs once, stores the response, and replays it with Idempotent-Replayed', async () => {
    documentClient.on(PutCommand).resolves({});
    documentClient.on(UpdateCommand).resolves({});
    const run = vi.fn(async () => created({ message_id: 'm1' }));
    expect(await withIdempotency(caller, withKey, 'send', { s: 1 }, ADMITTED, run)).toEqual(
      created({ message_id: 'm1' }),
    );
    const stored = documentClient.commandCalls(UpdateCommand)[0]?.args[0].input.ExpressionAttributeValues;
    expect(stored?.[':body']).toBe('{"data":{"message_id":"m1"}}');

    documentClient.reset();
    documentClient.on(PutCommand).rejects(
      conditionFailed({
        ...RECORD_KEY,
        state: 'done',
        scope: 'send',
        request_hash: requestHash('send', 'test', { s: 1 }),
        response_status: 201,
        response_body: '{"data":{"message_id":"m1"}}',
      }),
    );
    expect(await withIdempotency(caller, withKey, 'send', { s: 1 }, ADMITTED, run)).toEqual({
      status: 201,
      data: { message_id: 'm1' },
      headers: { 'Idempotent-Replayed': 'true' },
    });
    expect(run).toHaveBeenCalledOnce();
  });

  it('releases the key when the operation fails, and rethrows', async () => {
    documentClient.on(PutCommand).resolves({});
    documentClient.on(DeleteCommand).resolves({});
    const failure = new ApiError('DOMAIN_NOT_VERIFIED', 'not verified');
    await expect(
      withIdempotency(caller, withKey, 'send', {}, ADMITTED, async () => {
        throw failure;
      }),
    ).rejects.toBe(failure);
    const token = documentClient.commandCalls(PutCommand)[0]?.args[0].input.Item?.lease_token;
    expect(documentClient.commandCalls(DeleteCommand)[0]?.args[0].input.ExpressionAttributeValues).toMatchObject({
      ':token': token,
    });
    expect(documentClient.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it('answers 409 on a conflict or a request in progress, without running', async () => {
    const run = vi.fn(async () => created({}));
    documentClient.on(PutCommand).rejects(conditionFailed(stored({ request_hash: 'other' })));
    await expect(withIdempotency(caller, withKey, 'send', {}, ADMITTED, run)).rejects.toMatchObject({
      code: 'IDEMPOTENCY_CONFLICT',
      statusCode: 409,
    });
    documentClient.on(PutCommand).rejects(conditionFailed(stored({ request_hash: requestHash('send', 'test', {}) })));
    await expect(withIdempotency(caller, withKey, 'send', {}, ADMITTED, run)).rejects.toMatchObject({
      code: 'IDEMPOTENCY_IN_PROGRESS',
      statusCode: 409,
    });
    expect(run).not.toHaveBeenCalled();
  });

  it('never claims a key for a request over its rate limit', async () => {
    const run = vi.fn(async () => created({}));
    const limited = Promise.reject(Object.assign(new Error('limited'), { code: 'RATE_LIMITED' }));
    await expect(withIdempotency(caller, withKey, 'send', {}, limited, run)).rejects.toMatchObject({
      code: 'RATE_LIMITED',
    });
    expect(documentClient.commandCalls(PutCommand)).toHaveLength(0);
    expect(run).not.toHaveBeenCalled();
  });

  it('still answers with the result when storing it fails', async () => {
    documentClient.on(PutCommand).resolves({});
    documentClient.on(UpdateCommand).rejects(new Error('boom'));
    expect(await withIdempotency(caller, withKey, 'send', {}, ADMITTED, async () => created({ ok: true }))).toEqual(
      created({ ok: true }),
    );
  });
});
