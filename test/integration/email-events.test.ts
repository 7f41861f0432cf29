/**
 * Delivery events written back to emails on the local stack: the outcome simulator (every email
 * locally, and every test-key email) produces SES-format notifications that go through the same
 * handler as real SES events. Statuses, events and automatic suppressions are checked through the
 * HTTP API; duplicated and reordered notifications are fed to handleSesNotification directly (this
 * worker has the local cloud's environment).
 */

import { PutCommand, type PutCommandInput } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { deterministicId } from '#core/ids.ts';
import { db } from '#dynamo/client.ts';
import { keys } from '#dynamo/keys.ts';
import { queryAll } from '#dynamo/reads.ts';
import { claimForDelivery, recordSent } from '#emails/delivery/delivery-state.store.ts';
import { eventPut, putEmail } from '#emails/email.store.ts';
import { newEmailId, newEvent } from '#emails/email.ts';
import { handleSesNotification } from '#emails/events/ses-events.service.ts';
import { emailRecord } from '../support/email-records.ts';
import { createSender, createTestOrganization, recipients } from '../support/factories.ts';
import { acceptedId, expectError } from '../support/http.ts';

type Api = Awaited<ReturnType<typeof createTestOrganization>>['api'];

interface ApiEvent {
  id: string;
  type: string;
  recipient: string | null;
  smtp_code: number | null;
  smtp_message: string | null;
  created_at: string;
  detail?: string;
}

/** Polls GET /emails/:id until `done` holds (at most 10 s). */
async function emailWhen(api: Api, id: string, done: (email: { status: string; events: ApiEvent[] }) => boolean) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const email = (await api.get(`/api/v1/emails/${id}`)).body.data;
    if (email && done(email)) return email as { status: string; events: ApiEvent[]; updated_at: string };
    if (Date.now() > deadline) throw new Error(`email ${id} never got there: ${JSON.stringify(email)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const types = (events: ApiEvent[]) => events.map((event) => event.type);

async function suppressions(api: Api) {
  return (await api.get('/api/v1/suppressions')).body.data as { email: string; reason: string; source: string }[];
}

describe('delivery outcomes through the simulator', () => {
  it('delivers an ordinary address, with the SMTP reply on the delivered event', async () => {
    const { api, send } = await createSender();
    const id = acceptedId(await send({ to: recipients('jane@example.com') }));
    const email = await emailWhen(api, id, (e) => e.status === 'delivered');
    expect(types(email.events)).toEqual(['sent', 'delivered']);
    expect(email.events[1]).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      type: 'delivered',
      recipient: 'jane@example.com',
      smtp_code: 250,
      smtp_message: '2.0.0 OK',
      created_at: expect.any(String),
    });
    expect((email.events[1]?.created_at ?? '') > (email.events[0]?.created_at ?? '')).toBe(true);
    expect(await suppressions(api)).toEqual([]);
  });

  it('bounces bounced@…, suppresses it automatically and refuses the next send to it', async () => {
    const { api, send } = await createSender();
    const id = acceptedId(await send({ to: recipients('bounced@example.com') }));
    const email = await emailWhen(api, id, (e) => e.status === 'bounced');
    expect(email.events.find((event) => event.type === 'bounced')).toMatchObject({
      recipient: 'bounced@example.com',
      smtp_code: 550,
      smtp_message: '5.1.1 user unknown',
      detail: 'Permanent/General: smtp; 550 5.1.1 user unknown',
    });
    expect(await suppressions(api)).toEqual([
      expect.objectContaining({ email: 'bounced@example.com', reason: 'hard_bounce', source: 'automatic' }),
    ]);
    const error = expectError(
      await send({ to: recipients('bounced@example.com'), subject: 'Again' }),
      400,
      'RECIPIENTS_SUPPRESSED',
    );
    expect(error.details).toEqual([
      { field: 'to[0].email', message: 'bounced@example.com is on the suppression list' },
    ]);
  });

  it('opens opened@… when the email tracks opens', async () => {
    const { api, send } = await createSender();
    const id = acceptedId(await send({ to: recipients('opened@example.com'), tracking: { opens: true } }));
    const email = await emailWhen(api, id, (e) => e.status === 'opened');
    expect(types(email.events)).toEqual(['sent', 'delivered', 'opened']);
    expect(email.events[2]).toMatchObject({ recipient: 'opened@example.com', smtp_code: null });
  });

  it('delivers complained@…, records the complaint and suppresses the address', async () => {
    const { api, send } = await createSender();
    const id = acceptedId(await send({ to: recipients('complained@example.com') }));
    const email = await emailWhen(api, id, (e) => e.events.some((event) => event.type === 'complained'));
    expect(email.status).toBe('delivered');
    expect(types(email.events)).toEqual(['sent', 'delivered', 'complained']);
    expect(await suppressions(api)).toEqual([
      expect.objectContaining({ email: 'complained@example.com', reason: 'complaint', source: 'automatic' }),
    ]);
  });

  it('is delivered when one recipient of two bounced, and suppresses only that one', async () => {
    const { api, send } = await createSender();
    const id = acceptedId(await send({ to: recipients('jane@example.com', 'Bounced+x@Example.com') }));
    const email = await emailWhen(api, id, (e) => e.events.some((event) => event.type === 'bounced'));
    expect(email.status).toBe('delivered');
    expect((await suppressions(api)).map((entry) => [entry.email, entry.reason])).toEqual([
      ['bounced+x@example.com', 'hard_bounce'],
    ]);
  });

  it('reports delayed@… as delayed, then delivered, and suppresses nothing', async () => {
    const { api, send } = await createSender();
    const id = acceptedId(await send({ to: recipients('delayed@example.com') }));
    const email = await emailWhen(api, id, (e) => e.status === 'delivered');
    expect(types(email.events)).toEqual(['sent', 'delivery_delayed', 'delivered']);
    expect(email.events[1]).toMatchObject({
      recipient: 'delayed@example.com',
      smtp_code: 421,
      detail: 'TransientCommunicationFailure: smtp; 421 4.4.1 Try again later',
    });
    expect(await suppressions(api)).toEqual([]);
  });

  it('suppresses soft-bounce@… at its third soft bounce', async () => {
    const { api, send } = await createSender();
    const first = acceptedId(await send({ to: recipients('soft-bounce@example.com') }));
    const bounced = await emailWhen(api, first, (e) => e.status === 'bounced');
    expect(bounced.events.find((event) => event.type === 'bounced')).toMatchObject({
      smtp_code: 452,
      detail: 'Transient/MailboxFull: smtp; 452 4.2.2 Mailbox full',
    });
    expect(await suppressions(api)).toEqual([]);
    const second = acceptedId(await send({ to: recipients('soft-bounce@example.com') }));
    await emailWhen(api, second, (e) => e.status === 'bounced');
    expect(await suppressions(api)).toEqual([]);
    const third = acceptedId(await send({ to: recipients('soft-bounce@example.com') }));
    await emailWhen(api, third, (e) => e.status === 'bounced');
    expect(await suppressions(api)).toEqual([
      expect.objectContaining({ email: 'soft-bounce@example.com', reason: 'soft_bounce', source: 'automatic' }),
    ]);
  });
});

describe('the hand-over events', () => {
  it('derive `sent` and `suppressed` from the one hand-over write, in time order among the stored events', async () => {
    const { api, organization } = await createTestOrganization({ environment: 'live' });
    const email = emailRecord(organization.id, {
      environment: 'live',
      to: [{ email: 'ann@example.com' }, { email: 'bob@example.com' }],
      subject: 'Derived',
    });
    await putEmail(email);
    const sentAt = '2030-01-01T00:00:00.000Z';
    await recordSent(organization.id, email.id, 'ses-derived-1', {
      sentAt,
      suppressedRecipients: ['bob@example.com'],
    });
    const delivery = {
      eventType: 'Delivery',
      mail: {
        timestamp: sentAt,
        messageId: 'ses-derived-1',
        destination: ['ann@example.com'],
        tags: { organization_id: [organization.id], email_id: [email.id] },
      },
      delivery: { timestamp: '2030-01-01T00:00:01.000Z', recipients: ['ann@example.com'], smtpResponse: '250 OK' },
    };
    // Bob was never sent to: Ann's delivery alone makes the email delivered.
    expect(await handleSesNotification(delivery)).toMatchObject({ outcome: 'applied', status: 'delivered' });
    const got = await emailWhen(api, email.id, (e) => e.status === 'delivered');
    expect(got.events.map((event) => [event.type, event.recipient, event.created_at])).toEqual([
      ['sent', null, sentAt],
      ['suppressed', 'bob@example.com', sentAt],
      ['delivered', 'ann@example.com', '2030-01-01T00:00:01.000Z'],
    ]);
    expect(got.events[1]).toMatchObject({ detail: 'The address is on the suppression list' });
  });

  it('show an email recorded before they were derived (a stored `sent` item) once', async () => {
    const { api, organization } = await createTestOrganization({ environment: 'live' });
    const email = emailRecord(organization.id, { environment: 'live', subject: 'Legacy' });
    await putEmail(email);
    await recordSent(organization.id, email.id, 'ses-legacy-1', {
      sentAt: new Date().toISOString(),
    });
    // What the earlier recordSent wrote besides the email item: its own `sent` event item.
    const stored = newEvent('sent');
    await db.send(new PutCommand(eventPut(organization.id, email.id, stored).Put as PutCommandInput));
    const events = (await api.get(`/api/v1/emails/${email.id}`)).body.data.events as ApiEvent[];
    expect(events.map((event) => [event.type, event.id])).toEqual([['sent', stored.id]]);
  });
});

describe('notifications that arrive twice or out of order', () => {
  const SES_MESSAGE_ID = '0100018c00000000-11111111-2222-4333-8444-555555555555-000000';

  /** An email as the consumer leaves it after SES accepted it: stored, sent, nothing else yet. */
  async function sentEmail(organizationId: string, recipients: string[]): Promise<string> {
    const email = emailRecord(organizationId, {
      environment: 'live',
      to: recipients.map((address) => ({ email: address })),
      subject: 'Reordered',
    });
    // Stored without a due entry: the scheduler never looks at it.
    await putEmail(email);
    await recordSent(organizationId, email.id, SES_MESSAGE_ID, {
      sentAt: new Date().toISOString(),
    });
    return email.id;
  }

  function notifications(organizationId: string, emailId: string) {
    const mail = {
      timestamp: '2030-01-01T00:00:00.000Z',
      messageId: SES_MESSAGE_ID,
      destination: ['ann@example.com', 'bob@example.com'],
      tags: { organization_id: [organizationId], email_id: [emailId] },
    };
    const bounce = (emailAddress: string, at: string) => ({
      eventType: 'Bounce',
      mail,
      bounce: {
        bounceType: 'Permanent',
        bounceSubType: 'General',
        bouncedRecipients: [{ emailAddress, action: 'failed', status: '5.1.1', diagnosticCode: 'smtp; 550 5.1.1 no' }],
        timestamp: at,
      },
    });
    return [
      {
        eventType: 'DeliveryDelay',
        mail,
        deliveryDelay: {
          timestamp: '2030-01-01T00:00:01.000Z',
          delayType: 'MailboxFull',
          delayedRecipients: [{ emailAddress: 'ann@example.com', diagnosticCode: 'smtp; 452 4.2.2 full' }],
        },
      },
      {
        eventType: 'Delivery',
        mail,
        delivery: { timestamp: '2030-01-01T00:00:02.000Z', recipients: ['ann@example.com'], smtpResponse: '250 OK' },
      },
      // Ann's server accepted it, then bounced it; Bob's refused it.
      bounce('ann@example.com', '2030-01-01T00:00:03.000Z'),
      bounce('bob@example.com', '2030-01-01T00:00:04.000Z'),
    ].map((notification) => JSON.stringify(notification));
  }

  const stateOf = async (api: Api, id: string) => {
    const email = (await api.get(`/api/v1/emails/${id}`)).body.data as { status: string; events: ApiEvent[] };
    return { status: email.status, events: email.events.filter((event) => event.type !== 'sent') };
  };

  it('end in the same state as the same notifications once, in order', async () => {
    const { api, organization } = await createTestOrganization({ environment: 'live' });
    const inOrder = await sentEmail(organization.id, ['ann@example.com', 'bob@example.com']);
    const shuffled = await sentEmail(organization.id, ['ann@example.com', 'bob@example.com']);

    // Once each, in order; the status moves queued → delivered → bounced.
    const statuses: unknown[] = [];
    for (const notification of notifications(organization.id, inOrder)) {
      const result = await handleSesNotification(notification);
      expect(result.outcome).toBe('applied');
      statuses.push(result.outcome === 'applied' ? result.status : undefined);
    }
    expect(statuses).toEqual(['queued', 'delivered', 'delivered', 'bounced']);

    // Reversed, every notification three times, all at once.
    const reversed = notifications(organization.id, shuffled).reverse();
    const results = await Promise.all([...reversed, ...reversed, ...reversed].map((n) => handleSesNotification(n)));
    expect(results.every((result) => result.outcome === 'applied')).toBe(true);
    // ... and late duplicates after everything settled change nothing.
    for (const notification of reversed) {
      expect(await handleSesNotification(notification)).toMatchObject({ written: 0, status_changed: false });
    }

    const expected = await stateOf(api, inOrder);
    expect(expected.status).toBe('bounced');
    expect(expected.events.map((event) => [event.type, event.recipient, event.smtp_code])).toEqual([
      ['delivery_delayed', 'ann@example.com', 452],
      ['delivered', 'ann@example.com', 250],
      ['bounced', 'ann@example.com', 550],
      ['bounced', 'bob@example.com', 550],
    ]);
    // Same event ids too: they come from the notifications, not from the order they arrived in.
    expect(await stateOf(api, shuffled)).toEqual(expected);
    expect((await suppressions(api)).map((entry) => entry.email).sort()).toEqual([
      'ann@example.com',
      'bob@example.com',
    ]);
  });

  it('keeps every recipient’s delivery on the email when they arrive at once, with the status of all events', async () => {
    const { api, organization } = await createTestOrganization({ environment: 'live' });
    const recipients = ['r0', 'r1', 'r2', 'r3', 'r4', 'r5'].map((name) => `${name}@example.com`);
    const id = await sentEmail(organization.id, recipients);
    const mail = {
      timestamp: '2030-01-01T00:00:00.000Z',
      messageId: SES_MESSAGE_ID,
      destination: recipients,
      tags: { organization_id: [organization.id], email_id: [id] },
    };
    // Five deliveries (one notification each) and a bounce of the sixth, every one twice, all at once.
    const deliveries = recipients.slice(0, 5).map((recipient, index) => ({
      eventType: 'Delivery',
      mail,
      delivery: { timestamp: `2030-01-01T00:00:0${index + 1}.000Z`, recipients: [recipient], smtpResponse: '250 OK' },
    }));
    const bounce = {
      eventType: 'Bounce',
      mail,
      bounce: {
        bounceType: 'Permanent',
        bounceSubType: 'General',
        bouncedRecipients: [{ emailAddress: 'r5@example.com', action: 'failed', status: '5.1.1' }],
        timestamp: '2030-01-01T00:00:09.000Z',
      },
    };
    const all = [...deliveries, bounce].map((notification) => JSON.stringify(notification));
    const results = await Promise.all([...all, ...all].map((notification) => handleSesNotification(notification)));
    expect(results.every((result) => result.outcome === 'applied')).toBe(true);

    const state = await stateOf(api, id);
    expect(state.status).toBe('delivered');
    expect(state.events.map((event) => [event.type, event.recipient])).toEqual([
      ...recipients.slice(0, 5).map((recipient) => ['delivered', recipient]),
      ['bounced', 'r5@example.com'],
    ]);
    // The deliveries are on the email item, not items of their own: the bounce is the one event item.
    const items = await queryAll({
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :event)',
      ExpressionAttributeValues: { ':pk': keys.emailCollection(organization.id, id).PK, ':event': 'EVENT#' },
    });
    expect(items.map((item) => item.event_type)).toEqual(['bounced']);
  });

  it('ignores notifications for another message id or an unknown email', async () => {
    const { api, organization } = await createTestOrganization({ environment: 'live' });
    const id = await sentEmail(organization.id, ['ann@example.com']);
    const [, delivery] = notifications(organization.id, id);
    const otherMessage = JSON.parse(delivery ?? '{}');
    otherMessage.mail.messageId = 'some-other-message';
    expect(await handleSesNotification(otherMessage)).toMatchObject({ outcome: 'ignored' });
    const unknown = JSON.parse(delivery ?? '{}');
    unknown.mail.tags.email_id = [newEmailId()];
    expect(await handleSesNotification(unknown)).toMatchObject({ outcome: 'ignored', reason: 'email not found' });
    expect((await stateOf(api, id)).status).toBe('queued');
  });

  it('records a hand-over SES reports (Send event) that the consumer could not record: no cancel, no resend', async () => {
    const { api, organization } = await createTestOrganization({ environment: 'live' });
    const now = new Date().toISOString();
    const email = emailRecord(organization.id, {
      environment: 'live',
      to: [{ email: 'ann@example.com' }],
      subject: 'Handed over',
      created_at: now,
      updated_at: now,
    });
    await putEmail(email);
    const send = {
      eventType: 'Send',
      mail: {
        timestamp: now,
        messageId: SES_MESSAGE_ID,
        destination: ['ann@example.com'],
        tags: { organization_id: [organization.id], email_id: [email.id] },
      },
      send: {},
    };
    expect(await handleSesNotification(send)).toMatchObject({ reason: expect.stringMatching(/^Send event: recorded/) });
    expect(await handleSesNotification(send)).toMatchObject({ reason: 'Send event: nothing to record' });
    // Its `sent` event comes with the hand-over (derived from the email item), at SES's send time.
    const events = (await api.get(`/api/v1/emails/${email.id}`)).body.data.events;
    expect(events).toEqual([
      {
        id: deterministicId(['sent', SES_MESSAGE_ID]),
        type: 'sent',
        recipient: null,
        smtp_code: null,
        smtp_message: null,
        created_at: now,
      },
    ]);
    // SES has it: it can no longer be cancelled, and no consumer claims it again.
    expectError(await api.post(`/api/v1/emails/${email.id}/cancel`), 409, 'CONFLICT');
    expect((await claimForDelivery(organization.id, email.id, 1000)).outcome).toBe('already_sent');
  });

  it('suppresses an address that bounced a second SES copy of the email, without recording its events', async () => {
    const { api, organization } = await createTestOrganization({ environment: 'live' });
    const id = await sentEmail(organization.id, ['ann@example.com', 'bob@example.com']);
    // A copy sent in the crash window (SES accepted it, the consumer died before recording it).
    const copyBounces = notifications(organization.id, id)
      .slice(2)
      .map((text) => {
        const notification = JSON.parse(text);
        notification.mail.messageId = 'copy-of-the-email';
        return notification;
      });
    const stranger = structuredClone(copyBounces[1]);
    stranger.bounce.bouncedRecipients[0].emailAddress = 'stranger@example.com';
    for (const notification of [...copyBounces, stranger, ...copyBounces]) {
      expect(await handleSesNotification(notification)).toMatchObject({ outcome: 'ignored' });
    }
    const suppressed = await suppressions(api);
    expect(suppressed.map((entry) => entry.email).sort()).toEqual(['ann@example.com', 'bob@example.com']);
    expect(suppressed.every((entry) => entry.reason === 'hard_bounce' && entry.source === 'automatic')).toBe(true);
    // The recorded message's state is untouched by the copy's events.
    expect(await stateOf(api, id)).toEqual({ status: 'queued', events: [] });
  });
});
