/** Parsing SES event-publishing notifications and mapping them to Postbox events. */
import { describe, expect, it } from 'vitest';
import { deterministicId } from '#core/ids.ts';
import {
  parseSesNotification,
  parseSmtpReply,
  postboxTags,
  type SesNotification,
  toEmailEvents,
} from '#emails/events/ses-notifications.ts';
import { SAMPLE_EMAIL_ID, SAMPLE_MESSAGE_ID, SAMPLE_ORG, sampleMail, samples } from '../../../support/ses-samples.ts';

const UUID_V8 = /^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function parse(input: unknown): SesNotification {
  const parsed = parseSesNotification(input);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.notification;
}

const eventsOf = (input: unknown) => toEmailEvents(parse(input));

describe('parseSesNotification', () => {
  it('parses every documented event type, from the SNS message text or from JSON', () => {
    for (const [type, sample] of Object.entries(samples)) {
      const fromText = parse(JSON.stringify(sample()));
      expect(fromText.eventType).toBe(type);
      expect(parse(sample())).toEqual(fromText);
      expect(fromText.mail.messageId).toBe(SAMPLE_MESSAGE_ID);
    }
  });

  it('finds the email from the Postbox tags, and nothing without them', () => {
    expect(postboxTags(parse(samples.Delivery()).mail)).toEqual({
      organizationId: SAMPLE_ORG,
      emailId: SAMPLE_EMAIL_ID,
    });
    const untagged = { ...samples.Delivery(), mail: sampleMail({ tags: { 'ses:configuration-set': ['other'] } }) };
    expect(postboxTags(parse(untagged).mail)).toBeUndefined();
    const noTags = { ...samples.Delivery(), mail: { ...sampleMail(), tags: undefined } };
    expect(postboxTags(parse(noTags).mail)).toBeUndefined();
  });

  it('accepts identity notifications (notificationType) and ignores fields it does not know', () => {
    const { eventType: _type, ...rest } = samples.Bounce();
    const notification = parse({ notificationType: 'Bounce', ...rest, somethingNew: { nested: [1, 2] } });
    expect(notification.eventType).toBe('Bounce');
    expect(parse({ ...samples.Delivery(), delivery: { ...samples.Delivery().delivery, extra: true } }).eventType).toBe(
      'Delivery',
    );
  });

  it('reports what it cannot use instead of throwing', () => {
    const invalid: unknown[] = [
      'not json {',
      '[]',
      'null',
      42,
      { eventType: 'Delivery' },
      { ...samples.Delivery(), mail: sampleMail({ messageId: '' }) },
      { ...samples.Delivery(), delivery: { ...samples.Delivery().delivery, recipients: [] } },
      { ...samples.Delivery(), delivery: { ...samples.Delivery().delivery, timestamp: 'yesterday' } },
      { ...samples.Bounce(), bounce: { ...samples.Bounce().bounce, bouncedRecipients: [{ action: 'failed' }] } },
      { ...samples.Click(), click: { timestamp: '2024-03-05T12:01:25.570Z' } },
      { ...samples.Delivery(), eventType: 'Teleported' },
      { mail: sampleMail() },
    ];
    for (const input of invalid) {
      const parsed = parseSesNotification(input);
      expect(parsed.ok, JSON.stringify(input)).toBe(false);
      if (!parsed.ok) expect(parsed.error).not.toBe('');
    }
  });
});

describe('toEmailEvents', () => {
  it('Delivery → delivered per recipient with the SMTP reply', () => {
    const sample = samples.Delivery();
    sample.delivery.recipients = ['jane@example.com', 'bob@example.com'];
    const events = eventsOf(sample);
    expect(events).toEqual([
      {
        id: expect.stringMatching(UUID_V8),
        type: 'delivered',
        recipient: 'jane@example.com',
        smtp_code: 250,
        smtp_message: '2.0.0 OK  1709634032 x12-20020a05600c000000b0041234567si123456wmq.12 - gsmtp',
        created_at: '2024-03-05T10:20:32.456Z',
      },
      expect.objectContaining({ type: 'delivered', recipient: 'bob@example.com', smtp_code: 250 }),
    ]);
    expect(events[0]?.id).not.toBe(events[1]?.id);
  });

  it('Bounce → bounced per recipient, with the bounce type and diagnostic', () => {
    expect(eventsOf(samples.Bounce())).toEqual([
      {
        id: expect.stringMatching(UUID_V8),
        type: 'bounced',
        recipient: 'jane@example.com',
        smtp_code: 550,
        smtp_message: '5.1.1 user unknown',
        created_at: '2024-03-05T10:21:02.669Z',
        detail: 'Permanent/General: smtp; 550 5.1.1 user unknown',
      },
    ]);
    const withoutDiagnostic = samples.Bounce();
    withoutDiagnostic.bounce.bounceType = 'Transient';
    withoutDiagnostic.bounce.bounceSubType = 'MailboxFull';
    withoutDiagnostic.bounce.bouncedRecipients = [{ emailAddress: 'jane@example.com' } as never];
    expect(eventsOf(withoutDiagnostic)[0]).toMatchObject({
      smtp_code: null,
      smtp_message: null,
      detail: 'Transient/MailboxFull',
    });
  });

  it('Complaint, DeliveryDelay, Open and Click', () => {
    expect(eventsOf(samples.Complaint())).toEqual([
      expect.objectContaining({
        type: 'complained',
        recipient: 'jane@example.com',
        created_at: '2024-03-05T11:00:00.000Z',
        detail: 'abuse',
        smtp_code: null,
      }),
    ]);
    expect(eventsOf(samples.DeliveryDelay())).toEqual([
      expect.objectContaining({
        type: 'delivery_delayed',
        recipient: 'jane@example.com',
        smtp_code: 421,
        smtp_message: '4.4.1 Unable to connect to remote host',
        detail: 'TransientCommunicationFailure: smtp; 421 4.4.1 Unable to connect to remote host',
      }),
    ]);
    const [opened] = eventsOf(samples.Open());
    expect(opened).toEqual({
      id: expect.stringMatching(UUID_V8),
      type: 'opened',
      recipient: 'jane@example.com',
      smtp_code: null,
      smtp_message: null,
      created_at: '2024-03-05T12:00:19.652Z',
    });
    expect(eventsOf(samples.Click())).toEqual([
      expect.objectContaining({
        type: 'clicked',
        recipient: 'jane@example.com',
        detail: 'https://acme.test/orders/42?utm_source=email',
      }),
    ]);
    // With several recipients SES cannot say who opened it.
    const shared = { ...samples.Open(), mail: sampleMail({ destination: ['a@example.com', 'b@example.com'] }) };
    expect(eventsOf(shared)[0]?.recipient).toBeNull();
  });

  it('Reject and Rendering Failure → failed with the reason; Send → nothing', () => {
    expect(eventsOf(samples.Reject())).toEqual([
      expect.objectContaining({
        type: 'failed',
        recipient: null,
        detail: 'Bad content',
        created_at: '2024-03-05T10:20:30.123Z',
      }),
    ]);
    expect(eventsOf(samples.RenderingFailure())).toEqual([
      expect.objectContaining({ type: 'failed', detail: "Attribute 'name' is not present in the rendering data." }),
    ]);
    expect(eventsOf(samples.Send())).toEqual([]);
    expect(eventsOf({ eventType: 'Subscription', mail: sampleMail(), subscription: {} })).toEqual([]);
  });

  it('caps long details', () => {
    const sample = samples.Bounce();
    sample.bounce.bouncedRecipients = [
      {
        emailAddress: 'jane@example.com',
        action: 'failed',
        status: '5.0.0',
        diagnosticCode: `smtp; 550 ${'x'.repeat(2_000)}`,
      },
    ];
    expect(eventsOf(sample)[0]?.detail).toHaveLength(500);
  });
});

describe('event ids', () => {
  it('are the same for the same notification, however often it arrives', () => {
    for (const sample of Object.values(samples)) {
      const first = eventsOf(JSON.stringify(sample()));
      const again = eventsOf(sample());
      expect(again).toEqual(first);
      for (const event of first) expect(event.id).toMatch(UUID_V8);
    }
  });

  it('differ by message, type, recipient, time and link', () => {
    const base = eventsOf(samples.Delivery())[0]?.id;
    const otherMessage = { ...samples.Delivery(), mail: sampleMail({ messageId: 'another-message-id' }) };
    const laterDelivery = samples.Delivery();
    laterDelivery.delivery.timestamp = '2024-03-05T10:20:32.457Z';
    const otherRecipient = samples.Delivery();
    otherRecipient.delivery.recipients = ['bob@example.com'];
    const ids = [
      base,
      eventsOf(otherMessage)[0]?.id,
      eventsOf(laterDelivery)[0]?.id,
      eventsOf(otherRecipient)[0]?.id,
      eventsOf(samples.Bounce())[0]?.id,
    ];
    expect(new Set(ids).size).toBe(ids.length);

    const otherLink = samples.Click();
    otherLink.click.link = 'https://acme.test/other';
    expect(eventsOf(otherLink)[0]?.id).not.toBe(eventsOf(samples.Click())[0]?.id);
  });

  it('are UUIDs (version 8) derived only from their parts', () => {
    expect(deterministicId(['a', 'b'])).toBe(deterministicId(['a', 'b']));
    expect(deterministicId(['a', 'b'])).not.toBe(deterministicId(['ab', '']));
    expect(deterministicId(['x'])).toMatch(UUID_V8);
  });

  it('normalise equivalent timestamps, so the same instant is the same event', () => {
    const offset = samples.Delivery();
    offset.delivery.timestamp = '2024-03-05T11:20:32.456+01:00';
    expect(eventsOf(offset)[0]).toEqual(eventsOf(samples.Delivery())[0]);
  });
});

describe('parseSmtpReply', () => {
  it.each([
    ['250 2.0.0 OK  1700000000 x', 250, '2.0.0 OK  1700000000 x'],
    ['250 2.6.0 Message received', 250, '2.6.0 Message received'],
    ['smtp; 550 5.1.1 user unknown', 550, '5.1.1 user unknown'],
    ['SMTP;452 4.2.2 Mailbox full', 452, '4.2.2 Mailbox full'],
    ['250-mx.example.com accepted\r\n250 OK', 250, 'mx.example.com accepted'],
    ['250', 250, null],
    ['  250 OK  ', 250, 'OK'],
  ])('%j → %s %j', (text, code, message) => {
    expect(parseSmtpReply(text)).toEqual({ smtp_code: code, smtp_message: message });
  });

  it.each([['OK'], [''], ['600 not a reply'], ['2500 too long'], ['Amazon SES has suppressed this address']])(
    '%j has no reply code',
    (text) => {
      expect(parseSmtpReply(text)).toEqual({ smtp_code: null, smtp_message: null });
    },
  );

  it('handles a missing response', () => {
    expect(parseSmtpReply(undefined)).toEqual({ smtp_code: null, smtp_message: null });
    expect(parseSmtpReply(null)).toEqual({ smtp_code: null, smtp_message: null });
  });
});
