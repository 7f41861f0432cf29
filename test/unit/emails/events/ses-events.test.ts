/**
 * SES events end to end with the document client mocked: the suppression rules, the status write
 * conditioned on how many events it was derived from, the outcome simulator's notifications, and
 * the SNS consumer's error handling. The same paths run against DynamoDB Local in
 * test/integration/email-events.test.ts.
 */

import {
  BatchGetCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { SNSEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  shouldSimulateOutcomes,
  simulatedNotifications,
  simulatedOutcome,
} from '#emails/delivery/simulated-notifications.ts';
import { type EmailEvent, type EmailRecord, newEvent } from '#emails/email.ts';
import { applyEmailEvents } from '#emails/events/email-events.store.ts';
import {
  handleSesNotification,
  SOFT_BOUNCE_WINDOW_MS,
  softBounceLimitReached,
  staleSoftBounces,
  suppressionActions,
} from '#emails/events/ses-events.service.ts';
import { parseSesNotification, type SesNotification, toEmailEvents } from '#emails/events/ses-notifications.ts';
import { handler } from '../../../../functions/consumers/ses-events.ts';
import { emailRecord } from '../../../support/email-records.ts';
import { SAMPLE_EMAIL_ID, SAMPLE_MESSAGE_ID, SAMPLE_ORG, sampleMail, samples } from '../../../support/ses-samples.ts';

const TABLE = 'postbox-unit';
const documentClient = mockClient(DynamoDBDocumentClient);
afterAll(() => documentClient.restore());
beforeEach(() => documentClient.reset());

function parse(input: unknown): SesNotification {
  const parsed = parseSesNotification(input);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.notification;
}

function bounce(type: string, subType: string, recipients: string[], timestamp = '2024-03-05T10:21:02.669Z') {
  const sample = samples.Bounce();
  return {
    ...sample,
    bounce: {
      ...sample.bounce,
      bounceType: type,
      bounceSubType: subType,
      timestamp,
      bouncedRecipients: recipients.map((emailAddress) => ({ emailAddress, action: 'failed', status: '5.0.0' })),
    },
  };
}

const actionsFor = (input: unknown) => {
  const notification = parse(input);
  return suppressionActions(notification, toEmailEvents(notification));
};

describe('automatic suppressions', () => {
  it('suppresses hard bounces and complaints, counts soft bounces, ignores the rest', () => {
    expect(actionsFor(bounce('Permanent', 'NoEmail', ['a@example.com', 'b@example.com']))).toEqual([
      { kind: 'suppress', email: 'a@example.com', reason: 'hard_bounce' },
      { kind: 'suppress', email: 'b@example.com', reason: 'hard_bounce' },
    ]);
    expect(actionsFor(samples.Complaint())).toEqual([
      { kind: 'suppress', email: 'jane@example.com', reason: 'complaint' },
    ]);
    expect(actionsFor(bounce('Transient', 'MailboxFull', ['a@example.com']))).toEqual([
      {
        kind: 'soft_bounce',
        email: 'a@example.com',
        entry: expect.stringMatching(/^2024-03-05T10:21:02\.669Z#[0-9a-f-]{36}$/),
      },
    ]);
    expect(actionsFor(bounce('Transient', 'General', ['a@example.com']))).toHaveLength(1);
    // About the message, not the address; or not determined.
    for (const subType of ['MessageTooLarge', 'ContentRejected', 'AttachmentRejected']) {
      expect(actionsFor(bounce('Transient', subType, ['a@example.com']))).toEqual([]);
    }
    expect(actionsFor(bounce('Undetermined', 'Undetermined', ['a@example.com']))).toEqual([]);
    for (const type of ['Delivery', 'DeliveryDelay', 'Open', 'Click', 'Reject', 'RenderingFailure'] as const) {
      expect(actionsFor(samples[type]())).toEqual([]);
    }
  });

  it('acts only on events that were not stored yet', () => {
    const notification = parse(samples.Complaint());
    expect(suppressionActions(notification, [])).toEqual([]);
  });

  const entry = (iso: string, id = iso) => `${iso}#${id}`;
  const day = (n: number) => new Date(Date.UTC(2024, 2, 1) + n * 86_400_000).toISOString();

  it('suppresses a soft-bouncing address at the third bounce within 7 days, in any arrival order', () => {
    expect(softBounceLimitReached([])).toBe(false);
    expect(softBounceLimitReached([entry(day(0)), entry(day(1))])).toBe(false);
    expect(softBounceLimitReached([entry(day(0)), entry(day(3)), entry(day(7))])).toBe(true);
    expect(softBounceLimitReached([entry(day(7)), entry(day(0)), entry(day(3))])).toBe(true);
    expect(softBounceLimitReached([entry(day(0)), entry(day(4)), entry(day(7.5))])).toBe(false);
    expect(softBounceLimitReached([entry(day(0)), entry(day(4)), entry(day(7.5)), entry(day(9))])).toBe(true);
    // The same bounce twice (a duplicated notification) counts once: same entry.
    expect(softBounceLimitReached([entry(day(0)), entry(day(0)), entry(day(1))])).toBe(false);
    // Two bounces at the same instant for different emails are two bounces.
    expect(softBounceLimitReached([entry(day(0), 'x'), entry(day(0), 'y'), entry(day(1))])).toBe(true);
  });

  it('forgets entries that can no longer count', () => {
    const entries = [entry(day(0)), entry(day(2)), entry(day(9)), entry(day(10))];
    expect(staleSoftBounces(entries)).toEqual([entry(day(0)), entry(day(2))]);
    expect(staleSoftBounces([entry(day(10))])).toEqual([]);
    expect(SOFT_BOUNCE_WINDOW_MS).toBe(7 * 86_400_000);
  });
});

/** The email item as the collection Query returns it (projected), plus its events. */
function collection(events: EmailEvent[], email: Record<string, unknown> = {}) {
  return [
    {
      PK: `EMAIL#${SAMPLE_ORG}#${SAMPLE_EMAIL_ID}`,
      SK: 'EMAIL',
      id: SAMPLE_EMAIL_ID,
      organization_id: SAMPLE_ORG,
      status: 'queued',
      to: [{ email: 'jane@example.com' }],
      cc: [],
      bcc: [],
      ses_message_id: SAMPLE_MESSAGE_ID,
      ...email,
    },
    ...events.map(({ type, ...event }) => ({
      PK: `EMAIL#${SAMPLE_ORG}#${SAMPLE_EMAIL_ID}`,
      SK: `EVENT#${event.created_at}#${event.id}`,
      event_type: type,
      ...event,
    })),
  ];
}

const sent: EmailEvent = {
  id: '01900000-0000-7000-8000-0000000000aa',
  type: 'sent',
  recipient: null,
  smtp_code: null,
  smtp_message: null,
  created_at: '2024-03-05T10:20:30.200Z',
};

const statusUpdates = () =>
  documentClient
    .commandCalls(UpdateCommand)
    .map((call) => call.args[0].input)
    .filter((input) => input.Key?.SK === 'EMAIL');

describe('handleSesNotification', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('keeps a delivery on the email item, written with the status it moves in one conditional UpdateItem', async () => {
    const delivered = toEmailEvents(parse(samples.Delivery()));
    documentClient.on(QueryCommand).resolves({ Items: collection([sent]) });
    documentClient.on(UpdateCommand).resolves({});

    const result = await handleSesNotification(JSON.stringify(samples.Delivery()));
    expect(result).toMatchObject({ outcome: 'applied', written: 1, status: 'delivered', status_changed: true });

    // No event item: the email holds its `delivered` events.
    expect(documentClient.commandCalls(PutCommand)).toHaveLength(0);
    const [event] = delivered;
    expect(statusUpdates()).toEqual([
      expect.objectContaining({
        TableName: TABLE,
        Key: { PK: `EMAIL#${SAMPLE_ORG}#${SAMPLE_EMAIL_ID}`, SK: 'EMAIL' },
        // Derived from the map as read (none yet) and the one event item (`sent`), never fewer items.
        ConditionExpression:
          'attribute_exists(PK) AND attribute_not_exists(delivered_events) AND (attribute_not_exists(status_event_count) OR status_event_count <= :items)',
        ExpressionAttributeValues: expect.objectContaining({
          ':status': 'delivered',
          ':items': 1,
          ':delivered': {
            [event?.id ?? '']: {
              rcpt: 'jane@example.com',
              code: 250,
              reply: expect.any(String),
              at: '2024-03-05T10:20:32.456Z',
            },
          },
        }),
        // Out of queued: out of the due index (where the hand-over left it) in the same write; delivered
        // also leaves the status index (keys.statusesOutOfStatusIndex).
        UpdateExpression:
          'SET #status = :status, status_event_count = :items, updated_at = :now, delivered_events = :delivered REMOVE GSI2PK, GSI2SK, GSI4PK',
      }),
    ]);
    // One strongly consistent read of the collection: nothing was written before the status.
    const queries = documentClient.commandCalls(QueryCommand).map((call) => call.args[0].input);
    expect(queries.map((query) => query.ConsistentRead)).toEqual([true]);
    expect(documentClient.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('adds a second recipient’s delivery to the map it read, conditioned on its size', async () => {
    const [first] = toEmailEvents(parse(samples.Delivery()));
    const held = { [first?.id ?? '']: { rcpt: 'jane@example.com', at: '2024-03-05T10:20:32.456Z' } };
    const second = { ...newEvent('delivered', { recipient: 'joe@example.com' }), id: 'second-delivery' };
    documentClient.on(QueryCommand).resolves({
      Items: collection([sent], {
        to: [{ email: 'jane@example.com' }, { email: 'joe@example.com' }],
        status: 'delivered',
        status_event_count: 1,
        delivered_events: held,
      }),
    });
    documentClient.on(UpdateCommand).resolves({});

    const applied = await applyEmailEvents(SAMPLE_ORG, SAMPLE_EMAIL_ID, [first as EmailEvent, second]);
    expect(applied).toMatchObject({ found: true, written: [second], status: 'delivered', statusChanged: false });
    const [update] = statusUpdates();
    expect(update?.ConditionExpression).toContain('size(delivered_events) = :mapSize');
    expect(update?.UpdateExpression).toBe(
      'SET #status = :status, status_event_count = :items, delivered_events.#d0 = :d0 REMOVE GSI2PK, GSI2SK, GSI4PK',
    );
    expect(update?.ExpressionAttributeNames).toMatchObject({ '#d0': 'second-delivery' });
    expect(update?.ExpressionAttributeValues).toMatchObject({ ':mapSize': 1, ':d0': { rcpt: 'joe@example.com' } });
  });

  it('keeps the due entry of an email an event leaves queued (a delay): its outcome deadline still stands', async () => {
    const delayed = toEmailEvents(parse(samples.DeliveryDelay()));
    documentClient
      .on(QueryCommand)
      .resolvesOnce({ Items: collection([sent]) })
      .resolves({ Items: collection([sent, ...delayed]) });
    documentClient.on(PutCommand).resolves({});
    documentClient.on(UpdateCommand).resolves({});

    expect(await handleSesNotification(samples.DeliveryDelay())).toMatchObject({ status: 'queued' });
    // An event item: written first, then the collection read again (the status counts it).
    expect(documentClient.commandCalls(PutCommand)).toHaveLength(1);
    expect(documentClient.commandCalls(QueryCommand)).toHaveLength(2);
    expect(
      statusUpdates().map((update) => [update.UpdateExpression, update.ExpressionAttributeValues?.[':items']]),
    ).toEqual([['SET #status = :status, status_event_count = :items', 2]]);
  });

  it('changes nothing for a notification it has already applied', async () => {
    const [delivered] = toEmailEvents(parse(samples.Delivery()));
    documentClient.on(QueryCommand).resolves({
      Items: collection([sent], {
        status: 'delivered',
        status_event_count: 1,
        delivered_events: { [delivered?.id ?? '']: { at: '2024-03-05T10:20:32.456Z' } },
      }),
    });

    const result = await handleSesNotification(samples.Delivery());
    expect(result).toMatchObject({ outcome: 'applied', written: 0, status: 'delivered', status_changed: false });
    expect(documentClient.commandCalls(PutCommand)).toHaveLength(0);
    expect(documentClient.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it('completes a run that stored the event item but not the status', async () => {
    const delayed = toEmailEvents(parse(samples.DeliveryDelay()));
    documentClient.on(QueryCommand).resolves({ Items: collection([sent, ...delayed], { status_event_count: 1 }) });
    documentClient.on(UpdateCommand).resolves({});

    await handleSesNotification(samples.DeliveryDelay());
    expect(documentClient.commandCalls(PutCommand)).toHaveLength(0);
    expect(statusUpdates()[0]?.ExpressionAttributeValues).toMatchObject({ ':status': 'queued', ':items': 2 });
  });

  it('on a conflict reads again and writes the status of everything it finds then', async () => {
    const conflict = Object.assign(new Error('The conditional request failed'), {
      name: 'ConditionalCheckFailedException',
    });
    const delivered = toEmailEvents(parse(samples.Delivery()));
    const bounced = toEmailEvents(parse(samples.Bounce()));
    // Between its read and its write another writer stored a bounce and its status.
    documentClient
      .on(QueryCommand)
      .resolvesOnce({ Items: collection([sent]) })
      .resolves({ Items: collection([sent, ...bounced], { status: 'bounced', status_event_count: 2 }) });
    documentClient.on(UpdateCommand).rejectsOnce(conflict).resolves({});

    const applied = await applyEmailEvents(SAMPLE_ORG, SAMPLE_EMAIL_ID, delivered);
    const updates = statusUpdates();
    expect(updates).toHaveLength(2);
    expect(updates.map((update) => update.ExpressionAttributeValues?.[':items'])).toEqual([1, 2]);
    expect(updates[1]?.ExpressionAttributeValues).toMatchObject({ ':status': 'bounced' });
    expect(Object.keys(updates[1]?.ExpressionAttributeValues?.[':delivered'] ?? {})).toEqual([delivered[0]?.id]);
    expect(applied).toMatchObject({ found: true, status: 'bounced' });
  });

  it('gives up, throwing, when the email keeps changing (the notification is retried)', async () => {
    documentClient.on(QueryCommand).resolves({ Items: collection([sent]) });
    documentClient
      .on(UpdateCommand)
      .rejects(Object.assign(new Error('The conditional request failed'), { name: 'ConditionalCheckFailedException' }));
    await expect(
      applyEmailEvents(SAMPLE_ORG, SAMPLE_EMAIL_ID, toEmailEvents(parse(samples.Delivery()))),
    ).rejects.toThrow(/kept changing/);
    expect(statusUpdates()).toHaveLength(16);
  });

  it('answers not found when the email is gone by the time it writes', async () => {
    documentClient
      .on(QueryCommand)
      .resolvesOnce({ Items: collection([sent]) })
      .resolves({ Items: [] });
    documentClient
      .on(UpdateCommand)
      .rejects(Object.assign(new Error('The conditional request failed'), { name: 'ConditionalCheckFailedException' }));
    const applied = await applyEmailEvents(SAMPLE_ORG, SAMPLE_EMAIL_ID, toEmailEvents(parse(samples.Delivery())));
    expect(applied).toMatchObject({ found: false, statusChanged: false });
  });

  it('suppresses before writing the events, and only for events not stored yet', async () => {
    const bounced = toEmailEvents(parse(samples.Bounce()));
    documentClient
      .on(QueryCommand)
      .resolvesOnce({ Items: collection([sent]) })
      .resolves({ Items: collection([sent, ...bounced]) });
    documentClient.on(BatchGetCommand).resolves({ Responses: { [TABLE]: [] }, UnprocessedKeys: {} });
    documentClient.on(TransactWriteCommand).resolves({});
    documentClient.on(PutCommand).resolves({});
    documentClient.on(UpdateCommand).resolves({});

    const result = await handleSesNotification(samples.Bounce());
    expect(result).toMatchObject({ outcome: 'applied', suppressed: 1, status: 'bounced' });
    const [insert] = documentClient.commandCalls(TransactWriteCommand).map((call) => call.args[0].input);
    expect(insert?.TransactItems?.[0]?.Put?.Item).toMatchObject({
      PK: `SUPP#${SAMPLE_ORG}#jane@example.com`,
      reason: 'hard_bounce',
      source: 'automatic',
    });
    const order = documentClient.calls().map((call) => (call.args[0] as object).constructor.name);
    expect(order.indexOf('TransactWriteCommand')).toBeGreaterThan(-1);
    expect(order.indexOf('TransactWriteCommand')).toBeLessThan(order.indexOf('PutCommand'));
  });

  it('keeps an existing suppression as it is', async () => {
    documentClient
      .on(QueryCommand)
      .resolvesOnce({ Items: collection([sent]) })
      .resolves({ Items: [] });
    documentClient
      .on(BatchGetCommand)
      .resolves({ Responses: { [TABLE]: [{ email: 'jane@example.com' }] }, UnprocessedKeys: {} });
    documentClient.on(PutCommand).resolves({});
    documentClient.on(UpdateCommand).resolves({});

    expect(await handleSesNotification(samples.Complaint())).toMatchObject({ suppressed: 0 });
    expect(documentClient.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('counts a soft bounce and suppresses at the limit', async () => {
    documentClient
      .on(QueryCommand)
      .resolvesOnce({ Items: collection([sent]) })
      .resolves({ Items: [] });
    const earlier = ['2024-03-01T00:00:00.000Z#one', '2024-03-03T00:00:00.000Z#two'];
    documentClient
      .on(UpdateCommand, { Key: { PK: `SOFTBOUNCE#${SAMPLE_ORG}#jane@example.com`, SK: 'SOFTBOUNCE' } })
      .callsFake((input) => ({
        Attributes: { bounces: new Set([...earlier, ...(input.ExpressionAttributeValues[':entry'] as Set<string>)]) },
      }));
    documentClient.on(BatchGetCommand).resolves({ Responses: { [TABLE]: [] }, UnprocessedKeys: {} });
    documentClient.on(TransactWriteCommand).resolves({});
    documentClient.on(PutCommand).resolves({});

    const result = await handleSesNotification(bounce('Transient', 'MailboxFull', ['jane@example.com']));
    expect(result).toMatchObject({ suppressed: 1 });
    const counter = documentClient
      .commandCalls(UpdateCommand)
      .map((call) => call.args[0].input)
      .find((input) => input.Key?.SK === 'SOFTBOUNCE');
    expect(counter?.UpdateExpression).toContain('ADD bounces :entry');
    expect(counter?.ExpressionAttributeValues?.[':expires']).toBeGreaterThan(Date.now() / 1000 + 6 * 86_400);
    const [insert] = documentClient.commandCalls(TransactWriteCommand).map((call) => call.args[0].input);
    expect(insert?.TransactItems?.[0]?.Put?.Item).toMatchObject({ reason: 'soft_bounce', source: 'automatic' });
  });

  it('reports what it cannot use, without touching the table', async () => {
    expect(await handleSesNotification('{"eventType": "Delivery"')).toMatchObject({ outcome: 'invalid' });
    expect(await handleSesNotification({ ...samples.Send(), mail: sampleMail({ tags: {} }) })).toMatchObject({
      outcome: 'ignored',
    });
    const untagged = { ...samples.Delivery(), mail: sampleMail({ tags: {} }) };
    expect(await handleSesNotification(untagged)).toMatchObject({
      outcome: 'ignored',
      reason: 'no organization_id/email_id tags',
    });
    expect(documentClient.calls()).toHaveLength(0);
  });

  it('records the hand-over a Send event reports when the consumer had not, and only then', async () => {
    // A live email in AWS: its outcome comes from SES, not the simulator (whatever this process's environment).
    vi.stubEnv('SIMULATE_OUTCOMES', '');
    documentClient.on(GetCommand).resolves({ Item: { status: 'queued', ses_message_id: SAMPLE_MESSAGE_ID } });
    expect(await handleSesNotification(samples.Send())).toMatchObject({ reason: 'Send event: nothing to record' });
    expect(documentClient.commandCalls(UpdateCommand)).toHaveLength(0);

    documentClient.on(GetCommand).resolves({ Item: { status: 'queued', environment: 'live' } });
    documentClient.on(UpdateCommand).resolves({});
    expect(await handleSesNotification(samples.Send())).toMatchObject({
      reason: 'Send event: recorded the hand-over the consumer had not',
    });
    const [update] = documentClient.commandCalls(UpdateCommand).map((call) => call.args[0].input);
    expect(update?.ConditionExpression).toBe('attribute_exists(PK) AND attribute_not_exists(ses_message_id)');
    expect(update?.UpdateExpression).toBe('SET ses_message_id = :ses, sent_at = :sentAt REMOVE lease_until, sweeps');
    // Sent at SES's send time: the scheduler's outcome deadline counts from it (its due entry stays).
    expect(update?.ExpressionAttributeValues).toEqual({
      ':ses': SAMPLE_MESSAGE_ID,
      ':sentAt': samples.Send().mail.timestamp,
    });

    // A threaded email (its organization receives email) is indexed by its SES id in the same write.
    documentClient.reset();
    documentClient.on(GetCommand).resolves({ Item: { status: 'queued', environment: 'live', threaded: true } });
    documentClient.on(UpdateCommand).resolves({});
    await handleSesNotification(samples.Send());
    const [threaded] = documentClient.commandCalls(UpdateCommand).map((call) => call.args[0].input);
    expect(threaded?.UpdateExpression).toBe(
      'SET ses_message_id = :ses, sent_at = :sentAt, GSI5PK = :bySes, GSI5SK = :org REMOVE lease_until, sweeps',
    );
    expect(threaded?.ExpressionAttributeValues).toMatchObject({ ':bySes': `SESMSG#${SAMPLE_MESSAGE_ID}` });
  });

  it('ignores an email that does not exist or was sent as another SES message', async () => {
    documentClient.on(QueryCommand).resolves({ Items: [] });
    expect(await handleSesNotification(samples.Delivery())).toMatchObject({
      outcome: 'ignored',
      reason: 'email not found',
    });
    documentClient.on(QueryCommand).resolves({ Items: collection([sent], { ses_message_id: 'another' }) });
    expect(await handleSesNotification(samples.Delivery())).toMatchObject({ outcome: 'ignored' });
    expect(documentClient.commandCalls(PutCommand)).toHaveLength(0);
  });
});

describe('ses-events consumer', () => {
  const snsEvent = (...messages: string[]): SNSEvent => ({
    Records: messages.map((Message, index) => ({
      EventSource: 'aws:sns',
      EventVersion: '1.0',
      EventSubscriptionArn: 'arn:aws:sns:us-east-1:123456789012:postbox-ses-events:sub',
      Sns: {
        Type: 'Notification',
        MessageId: `sns-${index}`,
        TopicArn: 'arn:aws:sns:us-east-1:123456789012:postbox-ses-events',
        Subject: '',
        Message,
        Timestamp: '2024-03-05T10:20:33.000Z',
        SignatureVersion: '1',
        Signature: '',
        SigningCertUrl: '',
        UnsubscribeUrl: '',
        MessageAttributes: {},
      },
    })),
  });

  it('drops what no retry could fix', async () => {
    const untaggedSend = { ...samples.Send(), mail: sampleMail({ tags: {} }) };
    await expect(handler(snsEvent('not json', JSON.stringify(untaggedSend)))).resolves.toBeUndefined();
  });

  it('throws on a DynamoDB error so that SNS retries', async () => {
    documentClient.on(QueryCommand).rejects(Object.assign(new Error('unavailable'), { name: 'InternalServerError' }));
    await expect(handler(snsEvent(JSON.stringify(samples.Delivery())))).rejects.toThrow('unavailable');
  });
});

describe('outcome simulator', () => {
  const email = (addresses: string[], environment: 'test' | 'live' = 'test'): EmailRecord =>
    emailRecord(SAMPLE_ORG, {
      id: SAMPLE_EMAIL_ID,
      environment,
      to: addresses.map((address) => ({ email: address })),
      subject: 's',
      text: 't',
      created_at: '2024-03-05T10:20:00.000Z',
      updated_at: '2024-03-05T10:20:00.000Z',
    });

  it('picks the outcome from the local part', () => {
    expect(simulatedOutcome('bounced@example.com')).toBe('bounced');
    expect(simulatedOutcome('Bounced+42@example.com')).toBe('bounced');
    expect(simulatedOutcome('soft-bounce@example.com')).toBe('soft_bounce');
    expect(simulatedOutcome('complained@example.com')).toBe('complained');
    expect(simulatedOutcome('opened@example.com')).toBe('opened');
    expect(simulatedOutcome('jane@example.com')).toBe('delivered');
    expect(simulatedOutcome('bounced.not@example.com')).toBe('delivered');
  });

  it('runs for the test environment, and for every email when SIMULATE_OUTCOMES=true', () => {
    const before = process.env.SIMULATE_OUTCOMES;
    try {
      delete process.env.SIMULATE_OUTCOMES;
      expect(shouldSimulateOutcomes({ environment: 'test' })).toBe(true);
      expect(shouldSimulateOutcomes({ environment: 'live' })).toBe(false);
      process.env.SIMULATE_OUTCOMES = 'true';
      expect(shouldSimulateOutcomes({ environment: 'live' })).toBe(true);
    } finally {
      if (before === undefined) delete process.env.SIMULATE_OUTCOMES;
      else process.env.SIMULATE_OUTCOMES = before;
    }
  });

  it('builds valid SES notifications that map to the documented outcomes', () => {
    const recipients = [
      'jane@example.com',
      'bounced@example.com',
      'soft-bounce@example.com',
      'complained@example.com',
      'opened@example.com',
    ];
    const now = Date.UTC(2024, 2, 5, 10, 20, 31);
    const notifications = simulatedNotifications(
      { ...email(recipients), tracking: { opens: true, clicks: false } },
      'ses-sim-1',
      now,
    ).map(parse);
    expect(notifications.map((notification) => notification.eventType)).toEqual([
      'Delivery',
      'Bounce',
      'Bounce',
      'Complaint',
      'Open',
    ]);
    for (const notification of notifications) {
      expect(notification.mail.messageId).toBe('ses-sim-1');
      expect(notification.mail.tags).toMatchObject({ organization_id: [SAMPLE_ORG], email_id: [SAMPLE_EMAIL_ID] });
    }
    const events = notifications.flatMap(toEmailEvents);
    expect(events.map((event) => [event.type, event.recipient, event.smtp_code])).toEqual([
      ['delivered', 'jane@example.com', 250],
      ['delivered', 'complained@example.com', 250],
      ['delivered', 'opened@example.com', 250],
      ['bounced', 'bounced@example.com', 550],
      ['bounced', 'soft-bounce@example.com', 452],
      ['complained', 'complained@example.com', null],
      ['opened', null, null],
    ]);
    expect(events.find((event) => event.recipient === 'jane@example.com')?.smtp_message).toBe('2.0.0 OK');
    const [hard, soft] = notifications.filter((n) => n.eventType === 'Bounce');
    expect(hard?.eventType === 'Bounce' && hard.bounce.bounceType).toBe('Permanent');
    expect(soft?.eventType === 'Bounce' && soft.bounce.bounceType).toBe('Transient');
    // Every simulated event is newer than the `sent` event recorded before the simulation.
    for (const event of events) expect(event.created_at > new Date(now).toISOString()).toBe(true);
  });

  it('for a single opened@ recipient, the open names it', () => {
    const events = simulatedNotifications(
      { ...email(['opened@example.com']), tracking: { opens: true, clicks: false } },
      'ses-sim-2',
    )
      .map(parse)
      .flatMap(toEmailEvents);
    expect(events.map((event) => [event.type, event.recipient])).toEqual([
      ['delivered', 'opened@example.com'],
      ['opened', 'opened@example.com'],
    ]);
  });

  it('opens and clicks only what the email tracks, as SES does', () => {
    const types = (tracking: { opens: boolean; clicks: boolean } | undefined) =>
      simulatedNotifications(
        { ...email(['opened@example.com', 'clicked@example.com']), ...(tracking ? { tracking } : {}) },
        'ses-sim-3',
      ).map((notification) => notification.eventType);
    expect(types(undefined)).toEqual(['Delivery']);
    expect(types({ opens: false, clicks: false })).toEqual(['Delivery']);
    expect(types({ opens: true, clicks: false })).toEqual(['Delivery', 'Open']);
    expect(types({ opens: false, clicks: true })).toEqual(['Delivery', 'Click']);
    expect(types({ opens: true, clicks: true })).toEqual(['Delivery', 'Open', 'Click']);
    const click = simulatedNotifications(
      { ...email(['clicked@example.com']), tracking: { opens: false, clicks: true } },
      'ses-sim-4',
    )
      .map(parse)
      .flatMap(toEmailEvents);
    expect(click.map((event) => [event.type, event.recipient])).toEqual([
      ['delivered', 'clicked@example.com'],
      ['clicked', 'clicked@example.com'],
    ]);
  });
});
