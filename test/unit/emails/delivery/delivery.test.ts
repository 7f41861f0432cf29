/**
 * Delivery of a queued email, with the DynamoDB document client and SES mocked: every branch
 * hangs on a DynamoDB condition outcome (claim, lease, already sent) or an SES error that the
 * local emulators cannot be made to produce on demand. The assertions are about behaviour:
 * what is sent to SES, what is written, and what the SQS consumer reports.
 */
import { gzipSync } from 'node:zlib';
import {
  AccountSuspendedException,
  LimitExceededException,
  MessageRejected,
  SESv2Client,
  SendEmailCommand,
  type SendEmailCommandInput,
  SendingPausedException,
  TooManyRequestsException,
} from '@aws-sdk/client-sesv2';
import { ChangeMessageVisibilityBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import {
  BatchGetCommand,
  DynamoDBDocumentClient,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  type TransactWriteCommandInput,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  classifySesError,
  encodeDisplayName,
  formatMailbox,
  sesOutcomeUnknown,
  toMessageTags,
} from '#adapters/ses-sender.ts';
import { deliverEmail, LEASE_MS, MISSING_EMAIL_GRACE_MS } from '#emails/delivery/deliver-email.service.ts';
import { retryDelaySeconds, SEND_RETRY_BACKOFF } from '#emails/delivery/retry-backoff.ts';
import { DEFERRED_DELAY_SECONDS } from '#emails/delivery/send-consumer.service.ts';
import { SendRateWaitExceeded } from '#emails/delivery/send-pacer.service.ts';
import { handOverEvents } from '#emails/email.ts';
import { queueDefinitions } from '#platform/queues.ts';
import { createSendEmailHandler, handler } from '../../../../functions/consumers/send-email.ts';

vi.hoisted(() => {
  // The send-queue module (imported by the consumer for its message parser) reads its URL on import.
  process.env.SEND_QUEUE_URL ??= 'https://sqs.us-east-1.amazonaws.com/000000000000/postbox-send';
  process.env.AWS_REGION ??= 'us-east-1';
});

const TABLE = 'postbox-unit'; // TABLE_NAME of the unit project (vitest.config.ts)
const ORG = 'org_delivery1';
const EMAIL_ID = '01900000-0000-7000-8000-000000000001';

const documentClient = mockClient(DynamoDBDocumentClient);
const ses = mockClient(SESv2Client);
const sqs = mockClient(SQSClient);
afterAll(() => {
  documentClient.restore();
  ses.restore();
  sqs.restore();
});

const CLAIM = 'SET lease_until = :until ADD delivery_attempts :one';
const RELEASE = 'REMOVE lease_until';

/** The email item as the claim's ALL_NEW returns it (bodies gzip-compressed, as stored). */
function storedEmail(emailId = EMAIL_ID, overrides: Record<string, unknown> = {}) {
  return {
    PK: `EMAIL#${ORG}#${emailId}`,
    SK: 'EMAIL',
    type: 'email',
    id: emailId,
    organization_id: ORG,
    environment: 'test',
    status: 'queued',
    priority: 'normal',
    from: { email: 'news@acme.test', name: 'Acme, "Inc."' },
    to: [{ email: 'ann@example.com', name: 'Zoë Ä' }],
    cc: [{ email: 'bob@example.com' }],
    bcc: [{ email: 'carl@example.com', name: 'Carl' }],
    reply_to: ['support@acme.test'],
    subject: 'Your receipt',
    html_gz: gzipSync(Buffer.from('<p>Thanks</p>')),
    text_gz: gzipSync(Buffer.from('Thanks')),
    headers: { 'X-Campaign': 'spring', 'List-Unsubscribe': '<https://acme.test/u>' },
    tags: { campaign: 'spring' },
    template_id: null,
    scheduled_at: null,
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-01T00:00:00.000Z',
    lease_until: Date.now() + LEASE_MS,
    delivery_attempts: 1,
    ...overrides,
  };
}

/**
 * A failed claim. The document client does not unmarshall an error's Item, so ALL_OLD arrives
 * in DynamoDB JSON, as it does from the real service.
 */
function claimRefused(old: Record<string, unknown>) {
  return Object.assign(new Error('The conditional request failed'), {
    name: 'ConditionalCheckFailedException',
    Item: old,
    $metadata: { httpStatusCode: 400 },
  });
}

function suppressedAddresses(...addresses: string[]) {
  documentClient
    .on(BatchGetCommand)
    .resolves({ Responses: { [TABLE]: addresses.map((email) => ({ email })) }, UnprocessedKeys: {} });
}

function claimSucceeds(emailId = EMAIL_ID, overrides: Record<string, unknown> = {}) {
  documentClient
    .on(UpdateCommand, { UpdateExpression: CLAIM, Key: { PK: `EMAIL#${ORG}#${emailId}`, SK: 'EMAIL' } })
    .resolves({ Attributes: storedEmail(emailId, overrides) });
}

const sendInputs = (): SendEmailCommandInput[] => ses.commandCalls(SendEmailCommand).map((call) => call.args[0].input);
const SENT = /^SET ses_message_id = :ses/;
/** recordSent's one UpdateItem (and recordHandOverReportedBySes's), for an email not threaded. */
const HAND_OVER = 'SET ses_message_id = :ses, sent_at = :sentAt REMOVE lease_until, sweeps';
const eventItemPuts = () =>
  documentClient
    .commandCalls(PutCommand)
    .map((call) => call.args[0].input)
    .filter((put) => put.Item?.type === 'email_event');
/**
 * What was written, as transactions: recordFailed's real ones, and recordSent's one update with the
 * events derived from it (handOverEvents: `sent`, and `suppressed` per dropped recipient), shown in
 * the same shape: the update first, then the events as the reader sees them.
 */
const transactions = (): TransactWriteCommandInput[] => {
  const real = documentClient.commandCalls(TransactWriteCommand).map((call) => call.args[0].input);
  const sent = documentClient
    .commandCalls(UpdateCommand)
    .map((call) => call.args[0].input)
    .filter((input) => SENT.test(String(input.UpdateExpression)))
    .map((update) => {
      const values = update.ExpressionAttributeValues ?? {};
      const derived = handOverEvents({
        id: String(update.Key?.PK).split('#')[2] ?? '',
        ses_message_id: values[':ses'],
        sent_at: values[':sentAt'],
        suppressed_recipients: values[':suppressed'],
      });
      return {
        TransactItems: [
          { Update: update },
          ...derived.map(({ type, ...event }) => ({ Put: { Item: { ...event, event_type: type } } })),
        ],
      };
    }) as TransactWriteCommandInput[];
  return [...real, ...sent];
};
/** Queries of the table: the simulated outcome's reads of the email's collection (handleSesNotification). */
const queries = () => documentClient.commandCalls(QueryCommand).length;
const updates = (expression: string) =>
  documentClient
    .commandCalls(UpdateCommand)
    .map((call) => call.args[0].input)
    .filter((input) => input.UpdateExpression === expression);

/** The events a transaction writes: type, recipient and detail of each. */
function writtenEvents(transaction: TransactWriteCommandInput | undefined) {
  return (transaction?.TransactItems ?? [])
    .map((item) => item.Put?.Item)
    .filter((item) => item !== undefined)
    .map((item) => ({ type: item.event_type, recipient: item.recipient, detail: item.detail }));
}

beforeEach(() => {
  // The fixtures are test-key emails: behave like the local stack, where they reach SES.
  vi.stubEnv('DELIVER_TEST_EMAILS_TO_SES', 'true');
  // No configuration set unless a test names one (the integration run's local cloud sets one in
  // the environment the workers inherit).
  vi.stubEnv('SES_CONFIGURATION_SET', '');
  documentClient.reset();
  ses.reset();
  sqs.reset();
  sqs.on(ChangeMessageVisibilityBatchCommand).resolves({ Successful: [], Failed: [] });
  suppressedAddresses();
  documentClient.on(UpdateCommand, { UpdateExpression: RELEASE }).resolves({});
  documentClient.on(TransactWriteCommand).resolves({});
});
afterEach(() => {
  vi.unstubAllEnvs();
});

const message = { organization_id: ORG, email_id: EMAIL_ID };

/** What the SES client throws when its requestTimeout passes (@smithy/node-http-handler, throwOnRequestTimeout). */
const sdkRequestTimeout = () =>
  Object.assign(
    new Error('@smithy/node-http-handler - [ERROR] a request has exceeded the configured 6000 ms requestTimeout.'),
    {
      name: 'TimeoutError',
      code: 'ETIMEDOUT',
      $metadata: { attempts: 1, totalRetryDelay: 0 },
    },
  );
/** …and when no connection was made within its connectionTimeout: nothing was sent. */
const sdkConnectionTimeout = () =>
  Object.assign(
    new Error(
      '@smithy/node-http-handler - the request socket did not establish a connection with the server within the configured timeout of 2000 ms.',
    ),
    { name: 'TimeoutError', $metadata: { attempts: 1, totalRetryDelay: 0 } },
  );

describe('deliverEmail', () => {
  it('sends a claimed email with the exact SES input and records it as sent', async () => {
    claimSucceeds();
    ses.on(SendEmailCommand).resolves({ MessageId: 'ses-0001' });

    await expect(deliverEmail(message)).resolves.toBe('sent');

    expect(sendInputs()).toEqual([
      {
        FromEmailAddress: '"Acme, \\"Inc.\\"" <news@acme.test>',
        Destination: {
          ToAddresses: ['=?utf-8?B?Wm/DqyDDhA==?= <ann@example.com>'],
          CcAddresses: ['bob@example.com'],
          BccAddresses: ['"Carl" <carl@example.com>'],
        },
        ReplyToAddresses: ['support@acme.test'],
        Content: {
          Simple: {
            Subject: { Data: 'Your receipt', Charset: 'UTF-8' },
            Body: {
              Html: { Data: '<p>Thanks</p>', Charset: 'UTF-8' },
              Text: { Data: 'Thanks', Charset: 'UTF-8' },
            },
            Headers: [
              { Name: 'X-Campaign', Value: 'spring' },
              { Name: 'List-Unsubscribe', Value: '<https://acme.test/u>' },
            ],
          },
        },
        EmailTags: [
          { Name: 'campaign', Value: 'spring' },
          { Name: 'organization_id', Value: ORG },
          { Name: 'email_id', Value: EMAIL_ID },
        ],
      },
    ]);

    const [claim] = updates(CLAIM);
    expect(claim?.ExpressionAttributeValues?.[':until']).toBeGreaterThan(Date.now() + LEASE_MS - 5_000);
    const [sent] = transactions();
    expect(transactions()).toHaveLength(1);
    expect(sent?.TransactItems?.[0]?.Update).toMatchObject({
      Key: { PK: `EMAIL#${ORG}#${EMAIL_ID}`, SK: 'EMAIL' },
      ExpressionAttributeValues: { ':ses': 'ses-0001' },
    });
    expect(writtenEvents(sent)).toEqual([{ type: 'sent', recipient: null, detail: undefined }]);
    expect(updates(RELEASE)).toHaveLength(0);
  });

  it('uses the configuration set from SES_CONFIGURATION_SET', async () => {
    vi.stubEnv('SES_CONFIGURATION_SET', 'postbox-events');
    claimSucceeds();
    ses.on(SendEmailCommand).resolves({ MessageId: 'ses-0002' });

    await expect(deliverEmail(message)).resolves.toBe('sent');
    expect(sendInputs()[0]?.ConfigurationSetName).toBe('postbox-events');
  });

  it('leaves out tags SES would refuse, keeping its own', async () => {
    claimSucceeds(EMAIL_ID, { tags: { campaign: 'spring sale', email_id: 'forged', tier: 'gold' } });
    ses.on(SendEmailCommand).resolves({ MessageId: 'ses-0003' });

    await deliverEmail(message);
    expect(sendInputs()[0]?.EmailTags).toEqual([
      { Name: 'email_id', Value: EMAIL_ID },
      { Name: 'tier', Value: 'gold' },
      { Name: 'organization_id', Value: ORG },
    ]);
  });

  it('skips an email SES already accepted (a duplicate SQS record), without calling SES', async () => {
    documentClient
      .on(UpdateCommand, { UpdateExpression: CLAIM })
      .rejects(claimRefused({ status: { S: 'queued' }, ses_message_id: { S: 'ses-0001' } }));

    await expect(deliverEmail(message)).resolves.toBe('skipped');
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(0);
    expect(transactions()).toHaveLength(0);
  });

  it('hands back the message of an email another consumer holds, without calling SES or touching its lease', async () => {
    documentClient
      .on(UpdateCommand, { UpdateExpression: CLAIM })
      .rejects(claimRefused({ status: { S: 'queued' }, lease_until: { N: String(Date.now() + 30_000) } }));

    // Not acknowledged: if the holder dies (or keeps a lease it could not release), this message
    // is what delivers the email once the lease expires.
    await expect(deliverEmail(message)).resolves.toBe('retry');
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(0);
    expect(updates(RELEASE)).toHaveLength(0);
    expect(transactions()).toHaveLength(0);
  });

  it('skips an email that no longer exists', async () => {
    // No ALL_OLD item at all when the item is missing.
    documentClient
      .on(UpdateCommand, { UpdateExpression: CLAIM })
      .rejects(Object.assign(new Error('The conditional request failed'), { name: 'ConditionalCheckFailedException' }));

    await expect(deliverEmail(message)).resolves.toBe('skipped');
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(0);
  });

  it('waits for an email its message arrived before (the send path writes both at once)', async () => {
    const missing = Object.assign(new Error('The conditional request failed'), {
      name: 'ConditionalCheckFailedException',
    });
    documentClient
      .on(UpdateCommand, { UpdateExpression: CLAIM })
      .rejectsOnce(missing)
      .rejectsOnce(missing)
      .resolves({ Attributes: storedEmail() });
    ses.on(SendEmailCommand).resolves({ MessageId: 'ses-1' });

    await expect(deliverEmail(message, { sentAt: Date.now() - 5 })).resolves.toBe('sent');
    expect(updates(CLAIM)).toHaveLength(3);
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(1);
  });

  it('hands a young message back to the queue when its email is still missing, and drops an old one', async () => {
    documentClient
      .on(UpdateCommand, { UpdateExpression: CLAIM })
      .rejects(Object.assign(new Error('The conditional request failed'), { name: 'ConditionalCheckFailedException' }));

    await expect(deliverEmail(message, { sentAt: Date.now() - 1000 })).resolves.toBe('retry');
    expect(updates(CLAIM).length).toBeGreaterThan(1);
    documentClient.resetHistory();
    await expect(deliverEmail(message, { sentAt: Date.now() - MISSING_EMAIL_GRACE_MS - 1 })).resolves.toBe('skipped');
    expect(updates(CLAIM)).toHaveLength(1);
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(0);
  });

  it('releases the lease and asks for a retry when SES throttles, recording no failure', async () => {
    claimSucceeds();
    ses
      .on(SendEmailCommand)
      .rejects(new TooManyRequestsException({ message: 'Too many requests', $metadata: { httpStatusCode: 429 } }));

    await expect(deliverEmail(message)).resolves.toBe('retry');
    expect(updates(RELEASE)).toEqual([
      expect.objectContaining({
        Key: { PK: `EMAIL#${ORG}#${EMAIL_ID}`, SK: 'EMAIL' },
        UpdateExpression: 'REMOVE lease_until',
      }),
    ]);
    expect(transactions()).toHaveLength(0);
  });

  it('retries an error it does not know, rather than failing the email', async () => {
    claimSucceeds();
    ses.on(SendEmailCommand).rejects(Object.assign(new Error('Access denied'), { name: 'AccessDeniedException' }));

    await expect(deliverEmail(message)).resolves.toBe('retry');
    expect(updates(RELEASE)).toHaveLength(1);
    expect(transactions()).toHaveLength(0);
  });

  it('still asks for a retry when the lease cannot be released (it expires by itself)', async () => {
    claimSucceeds();
    documentClient
      .on(UpdateCommand, { UpdateExpression: RELEASE })
      .rejects(Object.assign(new Error('boom'), { name: 'InternalServerError', $metadata: { httpStatusCode: 500 } }));
    // A definite failure (SES answered): the lease is given back, and giving it back fails.
    ses
      .on(SendEmailCommand)
      .rejects(
        Object.assign(new Error('unavailable'), { name: 'ServiceUnavailable', $metadata: { httpStatusCode: 503 } }),
      );

    await expect(deliverEmail(message)).resolves.toBe('retry');
    expect(updates(RELEASE)).toHaveLength(1);
  });

  it.each([
    ['the request timeout', sdkRequestTimeout()],
    ['a connection dropped mid-request', Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' })],
  ])('keeps the lease when SES may have the email (%s), and asks for a retry', async (_label, error) => {
    claimSucceeds();
    ses.on(SendEmailCommand).rejects(error);

    await expect(deliverEmail(message)).resolves.toBe('retry');
    // Not released: no delivery claims the email again before the lease expires, by when SES's Send
    // event has recorded the hand-over if SES had it. Nothing recorded, nothing failed.
    expect(updates(RELEASE)).toHaveLength(0);
    expect(
      documentClient.commandCalls(UpdateCommand).filter((call) => call.args[0].input.UpdateExpression !== CLAIM),
    ).toEqual([]);
    expect(transactions()).toHaveLength(0);
  });

  it.each([
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:443'), { code: 'ECONNREFUSED' })],
    ['the connection timeout', sdkConnectionTimeout()],
  ])('gives the lease back when the request never reached SES (%s)', async (_label, error) => {
    claimSucceeds();
    ses.on(SendEmailCommand).rejects(error);

    await expect(deliverEmail(message)).resolves.toBe('retry');
    expect(updates(RELEASE)).toHaveLength(1);
  });

  it('fails the email when SES rejects it, with the error in the failed event', async () => {
    claimSucceeds();
    ses.on(SendEmailCommand).rejects(
      new MessageRejected({
        message: 'Email address is not verified. The following identities failed the check: news@acme.test',
        $metadata: { httpStatusCode: 400 },
      }),
    );

    await expect(deliverEmail(message)).resolves.toBe('failed');
    const [failed] = transactions();
    expect(transactions()).toHaveLength(1);
    expect(failed?.TransactItems?.[0]?.Update).toMatchObject({
      ExpressionAttributeValues: { ':failed': 'failed', ':queued': 'queued' },
      ConditionExpression: 'attribute_not_exists(ses_message_id) AND #status = :queued',
    });
    const events = writtenEvents(failed);
    expect(events).toHaveLength(1);
    expect(events[0]?.type).toBe('failed');
    expect(events[0]?.detail).toMatch(/^MessageRejected: Email address is not verified/);
    expect(updates(RELEASE)).toHaveLength(0); // recordFailed removes the lease itself
  });

  it('truncates a long SES error in the failed event to 500 characters', async () => {
    claimSucceeds();
    ses
      .on(SendEmailCommand)
      .rejects(new MessageRejected({ message: 'x'.repeat(2_000), $metadata: { httpStatusCode: 400 } }));

    await expect(deliverEmail(message)).resolves.toBe('failed');
    const detail = writtenEvents(transactions()[0])[0]?.detail;
    expect(typeof detail === 'string' && detail.length).toBe(500);
  });

  it('fails the email without calling SES when every recipient is suppressed', async () => {
    claimSucceeds();
    suppressedAddresses('ann@example.com', 'bob@example.com', 'carl@example.com');

    await expect(deliverEmail(message)).resolves.toBe('failed');
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(0);
    const [failed] = transactions();
    expect(failed?.TransactItems?.[0]?.Update?.ExpressionAttributeValues).toMatchObject({ ':failed': 'failed' });
    expect(writtenEvents(failed)).toEqual([
      { type: 'suppressed', recipient: 'ann@example.com', detail: expect.any(String) },
      { type: 'suppressed', recipient: 'bob@example.com', detail: expect.any(String) },
      { type: 'suppressed', recipient: 'carl@example.com', detail: expect.any(String) },
      { type: 'failed', recipient: null, detail: 'every recipient is suppressed' },
    ]);
  });

  it('checks every recipient against the suppression list at send time', async () => {
    claimSucceeds();
    ses.on(SendEmailCommand).resolves({ MessageId: 'ses-0004' });

    await deliverEmail(message);
    const keys = documentClient.commandCalls(BatchGetCommand)[0]?.args[0].input.RequestItems?.[TABLE]?.Keys;
    expect(keys?.map((key) => key.PK)).toEqual([
      `SUPP#${ORG}#ann@example.com`,
      `SUPP#${ORG}#bob@example.com`,
      `SUPP#${ORG}#carl@example.com`,
    ]);
  });

  it('sends to the recipients left when some are suppressed, with a suppressed event for each', async () => {
    claimSucceeds();
    suppressedAddresses('bob@example.com', 'carl@example.com');
    ses.on(SendEmailCommand).resolves({ MessageId: 'ses-0005' });

    await expect(deliverEmail(message)).resolves.toBe('sent');
    expect(sendInputs()[0]?.Destination).toEqual({ ToAddresses: ['=?utf-8?B?Wm/DqyDDhA==?= <ann@example.com>'] });
    const [sent] = transactions();
    expect(sent?.TransactItems?.[0]?.Update?.ExpressionAttributeValues).toMatchObject({ ':ses': 'ses-0005' });
    expect(writtenEvents(sent)).toEqual([
      { type: 'sent', recipient: null, detail: undefined },
      { type: 'suppressed', recipient: 'bob@example.com', detail: expect.any(String) },
      { type: 'suppressed', recipient: 'carl@example.com', detail: expect.any(String) },
    ]);
  });

  it('records the hand-over in one write: SES id, time and suppressed recipients, no event items, the due entry left', async () => {
    claimSucceeds();
    suppressedAddresses('carl@example.com');
    ses.on(SendEmailCommand).resolves({ MessageId: 'ses-atomic' });
    const before = Date.now();

    await expect(deliverEmail(message)).resolves.toBe('sent');
    const records = documentClient
      .commandCalls(UpdateCommand)
      .map((call) => call.args[0].input)
      .filter((input) => SENT.test(String(input.UpdateExpression)));
    expect(records).toHaveLength(1);
    const [record] = records;
    // No due-index key: re-keying the entry would bill an index delete and put (the scheduler derives
    // the outcome deadline from sent_at when the entry comes due first). Not threaded (its organization
    // receives no email): no SES id index entry either.
    expect(record?.UpdateExpression).toBe(
      'SET ses_message_id = :ses, sent_at = :sentAt, suppressed_recipients = :suppressed REMOVE lease_until, sweeps',
    );
    const values = record?.ExpressionAttributeValues ?? {};
    const sentAt = Date.parse(values[':sentAt']);
    expect(sentAt).toBeGreaterThanOrEqual(before);
    expect(sentAt).toBeLessThanOrEqual(Date.now());
    expect(values).toEqual({
      ':ses': 'ses-atomic',
      ':sentAt': values[':sentAt'],
      ':suppressed': ['carl@example.com'],
    });
    // No second write whose loss would leave the hand-over without its `sent` event.
    expect(eventItemPuts()).toEqual([]);
    expect(writtenEvents(transactions()[0])).toEqual([
      { type: 'sent', recipient: null, detail: undefined },
      { type: 'suppressed', recipient: 'carl@example.com', detail: 'The address is on the suppression list' },
    ]);
  });

  it('indexes a threaded email by its SES id (GSI5) in the same write', async () => {
    claimSucceeds(EMAIL_ID, { threaded: true });
    ses.on(SendEmailCommand).resolves({ MessageId: 'ses-threaded' });
    await expect(deliverEmail(message)).resolves.toBe('sent');
    const [record] = documentClient
      .commandCalls(UpdateCommand)
      .map((call) => call.args[0].input)
      .filter((input) => SENT.test(String(input.UpdateExpression)));
    expect(record?.UpdateExpression).toBe(
      'SET ses_message_id = :ses, sent_at = :sentAt, GSI5PK = :bySes, GSI5SK = :org REMOVE lease_until, sweeps',
    );
    expect(record?.ExpressionAttributeValues).toMatchObject({ ':bySes': 'SESMSG#ses-threaded', ':org': ORG });
  });
  it('acknowledges an email SES accepted even if recording it fails, so it is not sent twice', async () => {
    claimSucceeds();
    ses.on(SendEmailCommand).resolves({ MessageId: 'ses-0006' });
    documentClient
      .on(UpdateCommand, { UpdateExpression: HAND_OVER })
      .rejects(Object.assign(new Error('unavailable'), { name: 'InternalServerError', $metadata: {} }));

    await expect(deliverEmail(message)).resolves.toBe('sent');
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(1);
    // The write was retried before giving up.
    expect(transactions().length).toBeGreaterThan(1);
  });

  it('never hands a test-key email to SES in AWS, recording a simulated hand-over', async () => {
    vi.stubEnv('DELIVER_TEST_EMAILS_TO_SES', '');
    claimSucceeds();
    await expect(deliverEmail(message)).resolves.toBe('sent');
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(0);
    const update = transactions()[0]?.TransactItems?.[0]?.Update;
    expect(String(update?.ExpressionAttributeValues?.[':ses'])).toMatch(/^simulated-/);
  });

  it('hands a live-key email to SES', async () => {
    vi.stubEnv('DELIVER_TEST_EMAILS_TO_SES', '');
    claimSucceeds(EMAIL_ID, { environment: 'live' });
    ses.on(SendEmailCommand).resolves({ MessageId: 'ses-live' });
    await expect(deliverEmail(message)).resolves.toBe('sent');
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(1);
  });
});

describe('deliverEmail dependencies', () => {
  it('claims with the given lease and hands over through the given send, classifying its errors the same', async () => {
    claimSucceeds();
    const send = vi.fn().mockResolvedValueOnce({ messageId: 'ses-injected' });
    await expect(deliverEmail(message, {}, { send, leaseMs: 2_000 })).resolves.toBe('sent');
    expect(send).toHaveBeenCalledWith(expect.objectContaining({ subject: 'Your receipt' }));
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(0);
    const until = Number(updates(CLAIM)[0]?.ExpressionAttributeValues?.[':until']);
    expect(until).toBeGreaterThan(Date.now() + 1_000);
    expect(until).toBeLessThanOrEqual(Date.now() + 2_000);
    expect(transactions()[0]?.TransactItems?.[0]?.Update?.ExpressionAttributeValues).toMatchObject({
      ':ses': 'ses-injected',
    });

    send.mockRejectedValueOnce(new TooManyRequestsException({ message: 'slow down', $metadata: {} }));
    await expect(deliverEmail(message, {}, { send })).resolves.toBe('retry');
  });

  it('calls the hooks around the SES call, with the claimed email and the SES message id', async () => {
    claimSucceeds();
    ses.on(SendEmailCommand).resolves({ MessageId: 'ses-hooked' });
    const calls: string[] = [];
    const hooks = {
      beforeSend: vi.fn(() => {
        calls.push(`before (${ses.commandCalls(SendEmailCommand).length} SES calls)`);
      }),
      afterSesAccepted: vi.fn(() => {
        calls.push(`after (${transactions().length} writes)`);
      }),
    };
    await expect(deliverEmail(message, {}, { hooks })).resolves.toBe('sent');
    expect(calls).toEqual(['before (0 SES calls)', 'after (0 writes)']);
    expect(hooks.beforeSend).toHaveBeenCalledWith(expect.objectContaining({ id: EMAIL_ID }));
    expect(hooks.afterSesAccepted).toHaveBeenCalledWith(expect.objectContaining({ id: EMAIL_ID }), 'ses-hooked');
  });

  it('dies like a crashed consumer when a hook throws before the send: no SES call, lease kept', async () => {
    claimSucceeds();
    const crash = new Error('injected crash');
    await expect(deliverEmail(message, {}, { hooks: { beforeSend: () => Promise.reject(crash) } })).rejects.toBe(crash);
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(0);
    expect(updates(RELEASE)).toHaveLength(0);
    expect(transactions()).toHaveLength(0);
  });

  it('calls afterRecorded once the hand-over is recorded, before the simulated outcome runs', async () => {
    claimSucceeds();
    ses.on(SendEmailCommand).resolves({ MessageId: 'ses-recorded' });
    const order: string[] = [];
    const afterRecorded = vi.fn(() => {
      order.push(`afterRecorded (${transactions().length} hand-over writes, ${queries()} reads of the collection)`);
    });
    await expect(deliverEmail(message, {}, { hooks: { afterRecorded } })).resolves.toBe('sent');
    expect(afterRecorded).toHaveBeenCalledWith(expect.objectContaining({ id: EMAIL_ID }), 'ses-recorded');
    // The simulated outcome (a test key) starts with a read of the email's collection, after the hook.
    expect(order).toEqual(['afterRecorded (1 hand-over writes, 0 reads of the collection)']);
    expect(queries()).toBeGreaterThan(0);
  });

  it('dies like a crashed consumer when afterRecorded throws: the hand-over is recorded, its outcome not simulated', async () => {
    claimSucceeds();
    ses.on(SendEmailCommand).resolves({ MessageId: 'ses-recorded' });
    const crash = new Error('injected crash');
    await expect(
      deliverEmail(
        message,
        {},
        {
          hooks: {
            afterRecorded: () => {
              throw crash;
            },
          },
        },
      ),
    ).rejects.toBe(crash);
    expect(transactions()).toHaveLength(1);
    expect(queries()).toBe(0);
  });

  it('dies like a crashed consumer when a hook throws after SES accepted: nothing recorded, lease kept', async () => {
    claimSucceeds();
    ses.on(SendEmailCommand).resolves({ MessageId: 'ses-lost' });
    const crash = new Error('injected crash');
    await expect(
      deliverEmail(
        message,
        {},
        {
          hooks: {
            afterSesAccepted: () => {
              throw crash;
            },
          },
        },
      ),
    ).rejects.toBe(crash);
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(1);
    expect(updates(RELEASE)).toHaveLength(0);
    expect(transactions()).toHaveLength(0);
  });
});

describe('retryDelaySeconds', () => {
  const backoff = { baseSeconds: 10, maxSeconds: 150 };

  it('doubles with each receive, between half and all of base × 2^(n−1)', () => {
    expect([1, 2, 3, 4].map((n) => retryDelaySeconds(n, backoff, () => 0))).toEqual([5, 10, 20, 40]);
    expect([1, 2, 3, 4].map((n) => retryDelaySeconds(n, backoff, () => 0.999_999))).toEqual([10, 20, 40, 80]);
    for (let i = 0; i < 200; i += 1) {
      const delay = retryDelaySeconds(3, backoff);
      expect(Number.isInteger(delay)).toBe(true);
      expect(delay).toBeGreaterThanOrEqual(20);
      expect(delay).toBeLessThanOrEqual(40);
    }
  });

  it('never exceeds the cap, however many receives', () => {
    expect(retryDelaySeconds(5, backoff, () => 0.999_999)).toBe(150);
    expect(retryDelaySeconds(1_000, backoff, () => 0.999_999)).toBe(150);
    expect(retryDelaySeconds(1_000, backoff, () => 0)).toBe(75);
  });

  it('treats a missing or odd receive count as the first', () => {
    for (const count of [0, -3, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(retryDelaySeconds(count, backoff, () => 0)).toBe(5);
    }
  });

  it('keeps the send queue’s retries within its visibility timeout', () => {
    const { visibilityTimeoutSeconds, maxReceiveCount } = queueDefinitions.send;
    expect(SEND_RETRY_BACKOFF.baseSeconds).toBe(10);
    for (let n = 1; n <= maxReceiveCount; n += 1) {
      expect(retryDelaySeconds(n, SEND_RETRY_BACKOFF, () => 0.999_999)).toBeLessThan(visibilityTimeoutSeconds);
    }
  });
});

describe('send-email consumer', () => {
  function record(messageId: string, body: string, receiveCount = 1): SQSRecord {
    return {
      messageId,
      receiptHandle: `rh-${messageId}`,
      body,
      attributes: {
        ApproximateReceiveCount: String(receiveCount),
        SentTimestamp: '0',
        SenderId: 'local',
        ApproximateFirstReceiveTimestamp: '0',
      },
      messageAttributes: {},
      md5OfBody: '',
      eventSource: 'aws:sqs',
      eventSourceARN: 'arn:aws:sqs:us-east-1:000000000000:postbox-send',
      awsRegion: 'us-east-1',
    };
  }
  const body = (emailId: string) => JSON.stringify({ organization_id: ORG, email_id: emailId });
  const THROTTLED = '01900000-0000-7000-8000-00000000000a';
  const SENT = '01900000-0000-7000-8000-00000000000b';

  it('delivers every email a batch message names, and hands the message back if one must be retried', async () => {
    claimSucceeds(THROTTLED);
    claimSucceeds(SENT);
    ses.on(SendEmailCommand).callsFake((input: SendEmailCommandInput) => {
      if (input.EmailTags?.some((tag) => tag.Name === 'email_id' && tag.Value === THROTTLED)) {
        throw new TooManyRequestsException({ message: 'Too many requests', $metadata: { httpStatusCode: 429 } });
      }
      return { MessageId: 'ses-multi' };
    });
    const multi = (ids: string[]) => JSON.stringify({ organization_id: ORG, email_ids: ids });
    await expect(handler({ Records: [record('m-both', multi([SENT, THROTTLED]))] })).resolves.toEqual({
      batchItemFailures: [{ itemIdentifier: 'm-both' }],
    });
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(2);
    expect(transactions()).toHaveLength(1); // the sent one is recorded; the throttled one comes back
    await expect(handler({ Records: [record('m-one', multi([SENT]))] })).resolves.toEqual({ batchItemFailures: [] });
    // More than 25 ids, or no ids, cannot come from Postbox: poison.
    const tooMany = multi(
      Array.from({ length: 26 }, (_, i) => `01900000-0000-7000-8000-${String(i).padStart(12, '0')}`),
    );
    await expect(handler({ Records: [record('m-bad', tooMany), record('m-empty', multi([]))] })).resolves.toEqual({
      batchItemFailures: [{ itemIdentifier: 'm-bad' }, { itemIdentifier: 'm-empty' }],
    });
  });

  it('queues a record afresh when SES pacing had no slot in time, without calling SES or using up a receive', async () => {
    claimSucceeds(SENT);
    const requeued: Array<{ body: string; delaySeconds: number }> = [];
    const noSlot = { acquire: async () => Promise.reject(new SendRateWaitExceeded()) };
    const paced = createSendEmailHandler({
      delivery: { pacer: noSlot },
      requeue: async (requeuedBody, delaySeconds) => {
        requeued.push({ body: requeuedBody, delaySeconds });
      },
    });
    await expect(paced({ Records: [record('m-deferred', body(SENT), 4)] })).resolves.toEqual({
      batchItemFailures: [],
    });
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(0);
    expect(requeued).toEqual([{ body: body(SENT), delaySeconds: DEFERRED_DELAY_SECONDS }]);
    // If it cannot be queued again, it comes back like a retry.
    claimSucceeds(SENT);
    const failing = createSendEmailHandler({
      delivery: { pacer: noSlot },
      requeue: async () => Promise.reject(new Error('SQS is down')),
    });
    await expect(failing({ Records: [record('m-deferred', body(SENT))] })).resolves.toEqual({
      batchItemFailures: [{ itemIdentifier: 'm-deferred' }],
    });
  });

  it('reports exactly the records to retry and the poison message', async () => {
    claimSucceeds(THROTTLED);
    claimSucceeds(SENT);
    ses.on(SendEmailCommand).callsFake((input: SendEmailCommandInput) => {
      if (input.EmailTags?.some((tag) => tag.Name === 'email_id' && tag.Value === THROTTLED)) {
        throw new TooManyRequestsException({ message: 'Too many requests', $metadata: { httpStatusCode: 429 } });
      }
      return { MessageId: 'ses-0007' };
    });
    const event: SQSEvent = {
      Records: [record('m-retry', body(THROTTLED)), record('m-sent', body(SENT)), record('m-poison', 'not json')],
    };

    await expect(handler(event)).resolves.toEqual({
      batchItemFailures: [{ itemIdentifier: 'm-retry' }, { itemIdentifier: 'm-poison' }],
    });
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(2);
    expect(transactions()).toHaveLength(1); // recordSent for the sent one only
    // Only the throttled record is hidden for its backoff (first receive: 5–10 s); the poison
    // message keeps the queue's visibility timeout on its way to the DLQ.
    const changes = sqs.commandCalls(ChangeMessageVisibilityBatchCommand).map((call) => call.args[0].input);
    expect(changes).toEqual([
      {
        QueueUrl: process.env.SEND_QUEUE_URL,
        Entries: [{ Id: expect.any(String), ReceiptHandle: 'rh-m-retry', VisibilityTimeout: expect.any(Number) }],
      },
    ]);
    const delay = changes[0]?.Entries?.[0]?.VisibilityTimeout ?? -1;
    expect(delay).toBeGreaterThanOrEqual(5);
    expect(delay).toBeLessThanOrEqual(10);
  });

  it('backs off longer with each receive, in one request for the batch', async () => {
    const OTHER = '01900000-0000-7000-8000-00000000000f';
    claimSucceeds(THROTTLED);
    claimSucceeds(OTHER);
    ses.on(SendEmailCommand).rejects(new TooManyRequestsException({ message: 'Too many requests', $metadata: {} }));
    const backOffHandler = createSendEmailHandler({ random: () => 0.999_999 });

    await expect(
      backOffHandler({ Records: [record('m-2nd', body(THROTTLED), 2), record('m-4th', body(OTHER), 4)] }),
    ).resolves.toEqual({ batchItemFailures: [{ itemIdentifier: 'm-2nd' }, { itemIdentifier: 'm-4th' }] });
    const calls = sqs.commandCalls(ChangeMessageVisibilityBatchCommand);
    expect(calls).toHaveLength(1);
    expect(
      calls[0]?.args[0].input.Entries?.map((entry) => [entry.ReceiptHandle, entry.VisibilityTimeout]).sort(),
    ).toEqual([
      ['rh-m-2nd', 20],
      ['rh-m-4th', 80],
    ]);
  });

  it.each([
    ['the request fails', () => sqs.on(ChangeMessageVisibilityBatchCommand).rejects(new Error('SQS unavailable'))],
    [
      'SQS refuses the entry',
      () =>
        sqs.on(ChangeMessageVisibilityBatchCommand).resolves({
          Successful: [],
          Failed: [{ Id: 'r0', SenderFault: true, Code: 'ReceiptHandleIsInvalid' }],
        }),
    ],
  ])('still reports the record to retry when %s (it returns after the visibility timeout)', async (_case, arrange) => {
    arrange();
    claimSucceeds(THROTTLED);
    ses.on(SendEmailCommand).rejects(new TooManyRequestsException({ message: 'Too many requests', $metadata: {} }));

    await expect(handler({ Records: [record('m-retry', body(THROTTLED))] })).resolves.toEqual({
      batchItemFailures: [{ itemIdentifier: 'm-retry' }],
    });
    expect(sqs.commandCalls(ChangeMessageVisibilityBatchCommand)).toHaveLength(1);
  });

  it('uses the injected visibility change and backoff', async () => {
    claimSucceeds(THROTTLED);
    ses.on(SendEmailCommand).rejects(new TooManyRequestsException({ message: 'Too many requests', $metadata: {} }));
    const changeVisibility = vi.fn().mockResolvedValue(0);
    const scaled = createSendEmailHandler({
      changeVisibility,
      backoff: { baseSeconds: 1, maxSeconds: 2 },
      random: () => 0.999_999,
    });

    await scaled({ Records: [record('m-retry', body(THROTTLED), 3)] });
    expect(changeVisibility).toHaveBeenCalledWith([{ receiptHandle: 'rh-m-retry', visibilityTimeoutSeconds: 2 }]);
    expect(sqs.commandCalls(ChangeMessageVisibilityBatchCommand)).toHaveLength(0);
  });

  it('on the queue’s last attempt, leaves a throttled email queued for the sweeper, but fails an unknown error', async () => {
    claimSucceeds(THROTTLED);
    ses.on(SendEmailCommand).rejects(new TooManyRequestsException({ message: 'Too many requests', $metadata: {} }));
    // Throttling: the message goes on to the DLQ; the email stays queued (its due entry stays).
    await expect(handler({ Records: [record('m-last', body(THROTTLED), 5)] })).resolves.toEqual({
      batchItemFailures: [{ itemIdentifier: 'm-last' }],
    });
    expect(transactions()).toHaveLength(0);
    expect(updates(RELEASE)).toHaveLength(1);

    ses.on(SendEmailCommand).rejects(Object.assign(new Error('Something odd'), { name: 'OddError', $metadata: {} }));
    await expect(handler({ Records: [record('m-last', body(THROTTLED), 5)] })).resolves.toEqual({
      batchItemFailures: [],
    });
    const failed = transactions()[0];
    expect(failed?.TransactItems?.[0]?.Update?.ExpressionAttributeValues?.[':failed']).toBe('failed');
    expect(writtenEvents(failed)).toEqual([
      { type: 'failed', recipient: null, detail: expect.stringMatching(/^Gave up after repeated attempts: OddError/) },
    ]);
  });

  it('reports a record whose delivery throws, and acknowledges skipped and failed ones', async () => {
    const BROKEN = '01900000-0000-7000-8000-00000000000c';
    const DUPLICATE = '01900000-0000-7000-8000-00000000000d';
    const REJECTED = '01900000-0000-7000-8000-00000000000e';
    documentClient
      .on(UpdateCommand, { UpdateExpression: CLAIM, Key: { PK: `EMAIL#${ORG}#${BROKEN}`, SK: 'EMAIL' } })
      .rejects(Object.assign(new Error('unavailable'), { name: 'InternalServerError', $metadata: {} }));
    documentClient
      .on(UpdateCommand, { UpdateExpression: CLAIM, Key: { PK: `EMAIL#${ORG}#${DUPLICATE}`, SK: 'EMAIL' } })
      .rejects(claimRefused({ status: { S: 'queued' }, ses_message_id: { S: 'ses-x' } }));
    claimSucceeds(REJECTED);
    ses.on(SendEmailCommand).rejects(new MessageRejected({ message: 'rejected', $metadata: {} }));

    const result = await handler({
      Records: [record('m-broken', body(BROKEN)), record('m-dup', body(DUPLICATE)), record('m-rej', body(REJECTED))],
    });
    expect(result).toEqual({ batchItemFailures: [{ itemIdentifier: 'm-broken' }] });
    // A delivery that threw is not one SES asked to slow down: no backoff.
    expect(sqs.commandCalls(ChangeMessageVisibilityBatchCommand)).toHaveLength(0);
  });

  it('answers an empty batch with no failures', async () => {
    await expect(handler({ Records: [] })).resolves.toEqual({ batchItemFailures: [] });
  });
});

describe('display names', () => {
  it('quotes ASCII names and escapes quotes and backslashes', () => {
    expect(formatMailbox({ email: 'a@acme.test', name: 'Acme, Inc.' })).toBe('"Acme, Inc." <a@acme.test>');
    expect(formatMailbox({ email: 'a@acme.test', name: 'The "Best" \\ Co' })).toBe(
      '"The \\"Best\\" \\\\ Co" <a@acme.test>',
    );
    expect(formatMailbox({ email: 'a@acme.test', name: 'Ann <admin@evil.test>' })).toBe(
      '"Ann <admin@evil.test>" <a@acme.test>',
    );
  });

  it('gives the bare address when there is no name', () => {
    expect(formatMailbox({ email: 'a@acme.test' })).toBe('a@acme.test');
    expect(formatMailbox({ email: 'a@acme.test', name: '  ' })).toBe('a@acme.test');
  });

  it('encodes non-ASCII names as RFC 2047 encoded-words', () => {
    expect(formatMailbox({ email: 'a@acme.test', name: 'Zoë Ä' })).toBe('=?utf-8?B?Wm/DqyDDhA==?= <a@acme.test>');
    expect(encodeDisplayName('日本')).toBe('=?utf-8?B?5pel5pys?=');
  });

  it('splits a long name into encoded-words of at most 75 characters, never inside a character', () => {
    const name = `Équipe ${'😀'.repeat(20)} Ünïcødé ${'é'.repeat(40)}`;
    const encoded = encodeDisplayName(name);
    const words = encoded.split(' ');
    expect(words.length).toBeGreaterThan(1);
    let decoded = '';
    for (const word of words) {
      expect(word.length).toBeLessThanOrEqual(75);
      const match = /^=\?utf-8\?B\?([A-Za-z0-9+/=]+)\?=$/.exec(word);
      expect(match).not.toBeNull();
      const bytes = Buffer.from(match?.[1] ?? '', 'base64');
      // Each word is valid UTF-8 on its own.
      expect(new TextDecoder('utf-8', { fatal: true }).decode(bytes)).toBe(bytes.toString('utf8'));
      decoded += bytes.toString('utf8');
    }
    expect(decoded).toBe(name);
  });

  it('encodes names with control characters rather than quoting them', () => {
    expect(encodeDisplayName('a\tb')).toBe(`=?utf-8?B?${Buffer.from('a\tb').toString('base64')}?=`);
  });

  it('converts an internationalised domain to punycode', () => {
    expect(formatMailbox({ email: 'ann@bücher.example' })).toBe('ann@xn--bcher-kva.example');
  });
});

describe('SES message tags', () => {
  it('keeps the tags SES accepts and counts the others', () => {
    expect(toMessageTags({ ok: 'a-b_c', 'bad name': 'x', dotted: 'a.b', long: 'x'.repeat(257), empty: '' })).toEqual({
      tags: [{ Name: 'ok', Value: 'a-b_c' }],
      dropped: 4,
    });
  });
});

describe('sesOutcomeUnknown', () => {
  it.each([
    ['the request timeout', sdkRequestTimeout()],
    ['a socket timeout', Object.assign(new Error('the request socket timed out'), { name: 'TimeoutError' })],
    ['a reset connection', Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' })],
    ['a broken pipe', Object.assign(new Error('write EPIPE'), { code: 'EPIPE' })],
  ])('is true for %s: SES may have the email', (_label, error) => {
    expect(sesOutcomeUnknown(error)).toBe(true);
  });

  it.each([
    ['the connection timeout', sdkConnectionTimeout()],
    ['a refused connection', Object.assign(new Error('x'), { code: 'ECONNREFUSED' })],
    ['a name that does not resolve', Object.assign(new Error('x'), { code: 'ENOTFOUND' })],
    [
      'throttling (SES answered)',
      new TooManyRequestsException({ message: 'slow down', $metadata: { httpStatusCode: 429 } }),
    ],
    [
      'a 5xx (SES answered)',
      Object.assign(new Error('x'), { name: 'ServiceUnavailable', $metadata: { httpStatusCode: 503 } }),
    ],
    ['a rejection', new MessageRejected({ message: 'no', $metadata: { httpStatusCode: 400 } })],
    ['a plain Error', new Error('x')],
    ['not an error', 'TimeoutError'],
  ])('is false for %s', (_label, error) => {
    expect(sesOutcomeUnknown(error)).toBe(false);
  });
});

describe('classifySesError', () => {
  const $metadata = {};
  it.each([
    ['throttling', new TooManyRequestsException({ message: 'slow down', $metadata })],
    ['the sending quota', new LimitExceededException({ message: 'quota', $metadata })],
    ['paused sending', new SendingPausedException({ message: 'paused', $metadata })],
    ['ThrottlingException', Object.assign(new Error('x'), { name: 'ThrottlingException' })],
    ['a 5xx', Object.assign(new Error('x'), { name: 'Whatever', $metadata: { httpStatusCode: 503 } })],
    ['a timeout', Object.assign(new Error('x'), { name: 'TimeoutError' })],
    ['a reset connection', Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' })],
  ])('retries %s', (_label, error) => {
    expect(classifySesError(error)).toBe('retry');
  });

  it.each([
    ['MessageRejected', new MessageRejected({ message: 'no', $metadata })],
    ['AccountSuspendedException', new AccountSuspendedException({ message: 'no', $metadata })],
    [
      'MailFromDomainNotVerifiedException',
      Object.assign(new Error('x'), { name: 'MailFromDomainNotVerifiedException' }),
    ],
    ['BadRequestException', Object.assign(new Error('x'), { name: 'BadRequestException' })],
  ])('treats %s as permanent', (_label, error) => {
    expect(classifySesError(error)).toBe('permanent');
  });

  it.each([
    [
      'NotFoundException (a missing configuration set would fail every email)',
      Object.assign(new Error('x'), { name: 'NotFoundException' }),
    ],
    [
      'an unknown 4xx',
      Object.assign(new Error('x'), { name: 'AccessDeniedException', $metadata: { httpStatusCode: 403 } }),
    ],
    ['a plain Error', new Error('x')],
    ['a string', 'oops'],
    ['undefined', undefined],
  ])('does not know %s', (_label, error) => {
    expect(classifySesError(error)).toBe('unknown');
  });
});
