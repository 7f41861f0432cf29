/**
 * Scheduled sends, the scheduler (release and sweep) and cancel, through HTTP on the local stack.
 * runScheduler is called here directly with a chosen `now` and narrowed to each test's own
 * organization: the integration files share one stack, and a run with a far-future `now` would
 * otherwise release or sweep other tests' emails. (The stack's own timer runs with the real time,
 * and every deadline written here lies minutes ahead of it.)
 */

import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { db, tableName } from '#dynamo/client.ts';
import { keys } from '#dynamo/keys.ts';
import { deliverEmail } from '#emails/delivery/deliver-email.service.ts';
import { newEmailItems, putEmail } from '#emails/email.store.ts';
import { type EmailRecord, newEmailId } from '#emails/email.ts';
import { handleSesNotification } from '#emails/events/ses-events.service.ts';
import { GIVE_UP_DETAIL, noOutcomeDetail, runScheduler } from '#emails/schedule/scheduler.service.ts';
import { emailRecord } from '../support/email-records.ts';
import { createSender, createTestOrganization } from '../support/factories.ts';
import { expectError } from '../support/http.ts';
import { eventually, sesMessages } from '../support/ses-store.ts';

const MINUTE = 60_000;
const uniqueSubject = () => `Scheduled ${Math.random().toString(36).slice(2)}`;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A sender with the scheduler narrowed to its organization, and its emails as GET /emails/:id shows them. */
async function schedulingSender() {
  const sender = await createSender();
  const run = (now: number) => runScheduler(now, { organizationId: sender.organization.id });
  const email = async (id: string) => (await sender.api.get(`/api/v1/emails/${id}`)).body.data;
  return { ...sender, run, email };
}

const noWork = {
  enqueued: 0,
  released: 0,
  swept: 0,
  failed: 0,
  finished: 0,
  awaited: 0,
  dropped: 0,
  skipped: 0,
  errors: 0,
  more: false,
};
const HOUR = 60 * MINUTE;

/** An email as the API writes it, stored without being queued: the crash between write and enqueue. */
function storedEmail(organizationId: string, subject: string, fields: Partial<EmailRecord> = {}): EmailRecord {
  return emailRecord(organizationId, {
    from: { email: 'sweeper@example.net' },
    to: [{ email: 'x@example.com' }],
    subject,
    text: 'swept',
    ...fields,
  });
}

describe('scheduled_at', () => {
  it('holds an email scheduled 20 minutes ahead until the scheduler releases it, then delivers it', async () => {
    const { send, run, email } = await schedulingSender();
    const subject = uniqueSubject();
    const start = Date.now();
    const scheduledAt = new Date(start + 20 * MINUTE).toISOString();
    const response = await send({ subject, scheduled_at: scheduledAt });
    expect(response.status, response.text).toBe(201);
    expect(response.body.data.status).toBe('queued');
    const id = response.body.data.message_id;
    expect(await email(id)).toMatchObject({ status: 'queued', scheduled_at: scheduledAt, events: [] });

    // Released 5 minutes ahead of its time, not before.
    expect(await run(start + 14 * MINUTE)).toEqual(noWork);
    await pause(1000);
    expect(await sesMessages(subject)).toHaveLength(0);

    expect(await run(start + 20 * MINUTE)).toEqual({ ...noWork, enqueued: 1, released: 1 });
    await eventually(async () => ((await sesMessages(subject)).length === 1 ? true : undefined));
    const delivered = await eventually(async () => {
      const got = await email(id);
      return got.status === 'delivered' ? got : undefined;
    });
    expect(delivered.events.map((event: { type: string }) => event.type)).toEqual(['sent', 'delivered']);
    // Sent: out of the due index, so later runs have nothing to do with it.
    expect(await run(start + 60 * MINUTE)).toEqual(noWork);
    expect(await sesMessages(subject)).toHaveLength(1);
  });

  it('delays an email scheduled a few seconds ahead through the queue (DelaySeconds)', async () => {
    const { send, email } = await schedulingSender();
    const subject = uniqueSubject();
    const scheduledAt = new Date(Date.now() + 3_000).toISOString();
    const id = (await send({ subject, scheduled_at: scheduledAt })).body.data.message_id;
    await pause(1_500);
    expect(await sesMessages(subject)).toHaveLength(0);
    await eventually(async () => ((await sesMessages(subject)).length === 1 ? true : undefined));
    const sent = (await email(id)).events.find((event: { type: string }) => event.type === 'sent');
    expect(Date.parse(sent.created_at)).toBeGreaterThanOrEqual(Date.parse(scheduledAt));
  });

  it('refuses a time in the past or more than 30 days ahead', async () => {
    const { send } = await schedulingSender();
    for (const scheduledAt of [
      new Date(Date.now() - MINUTE).toISOString(),
      new Date(Date.now() + 30 * 24 * 60 * MINUTE + MINUTE).toISOString(),
    ]) {
      const error = expectError(await send({ subject: 's', scheduled_at: scheduledAt }), 400, 'VALIDATION_ERROR');
      expect(error.details?.map((detail) => detail.field)).toEqual(['scheduled_at']);
    }
    const month = await send({
      subject: 's',
      scheduled_at: new Date(Date.now() + 29 * 24 * 60 * MINUTE).toISOString(),
    });
    expect(month.status, month.text).toBe(201);
  });
});

describe('POST /emails/:id/cancel', () => {
  it('cancels a scheduled email: status failed, a cancelled event, never sent', async () => {
    const { api, send, run, email } = await schedulingSender();
    const subject = uniqueSubject();
    const start = Date.now();
    const id = (await send({ subject, scheduled_at: new Date(start + 20 * MINUTE).toISOString() })).body.data
      .message_id;

    const response = await api.post(`/api/v1/emails/${id}/cancel`);
    expect(response.status, response.text).toBe(200);
    expect(response.body.data).toMatchObject({ id, message_id: id, status: 'failed', subject });
    expect(response.body.data.events).toEqual([
      expect.objectContaining({ type: 'cancelled', detail: 'Cancelled through the API', smtp_code: null }),
    ]);
    expect(await email(id)).toEqual(response.body.data);

    // Out of the due index: the scheduler never releases it.
    expect(await run(start + 25 * MINUTE)).toEqual(noWork);
    await pause(1_000);
    expect(await sesMessages(subject)).toHaveLength(0);

    const twice = expectError(await api.post(`/v1/emails/${id}/cancel`), 409, 'CONFLICT');
    expect(twice.message).toMatch(/already cancelled/);
  });

  it('cancels an email waiting in the queue (DelaySeconds): the consumer then skips it', async () => {
    const { api, send, email } = await schedulingSender();
    const subject = uniqueSubject();
    const id = (await send({ subject, scheduled_at: new Date(Date.now() + 3_000).toISOString() })).body.data.message_id;
    expect((await api.post(`/api/v1/emails/${id}/cancel`)).status).toBe(200);
    await pause(5_000);
    expect(await sesMessages(subject)).toHaveLength(0);
    expect((await email(id)).events.map((event: { type: string }) => event.type)).toEqual(['cancelled']);
  });

  it('answers 409 once the email was handed over, 404 for another organization or an unknown id', async () => {
    const { api, send, email } = await schedulingSender();
    const other = await createTestOrganization();
    const subject = uniqueSubject();
    const id = (await send({ subject })).body.data.message_id;
    await eventually(async () => ((await email(id)).status === 'delivered' ? true : undefined));

    expectError(await other.api.post(`/api/v1/emails/${id}/cancel`), 404, 'NOT_FOUND');
    expectError(await api.post(`/api/v1/emails/${newEmailId()}/cancel`), 404, 'NOT_FOUND');
    expectError(await api.post('/api/v1/emails/not-a-uuid/cancel'), 404, 'NOT_FOUND');
    const handedOver = expectError(await api.post(`/api/v1/emails/${id}/cancel`), 409, 'CONFLICT');
    expect(handedOver.message).toMatch(/handed over/);
    expect((await email(id)).status).toBe('delivered');
  });
});

describe('the sweeper', () => {
  it('queues an email that was stored but never queued once its deadline passes, and it is delivered', async () => {
    const { organization, run, email } = await schedulingSender();
    const subject = uniqueSubject();
    const start = Date.now();
    const stored = storedEmail(organization.id, subject);
    // What acceptEmail writes for an immediate email (deadline a sweep period on; 2 minutes here, so
    // the stack's own timer does not get there first) — and then the process died: no enqueue.
    await putEmail(stored, new Date(start + 2 * MINUTE).toISOString());
    await pause(1_000);
    expect(await sesMessages(subject)).toHaveLength(0);

    expect(await run(start + MINUTE)).toEqual(noWork);
    expect(await run(start + 3 * MINUTE)).toEqual({ ...noWork, enqueued: 1, swept: 1 });
    await eventually(async () => ((await sesMessages(subject)).length === 1 ? true : undefined));
    await eventually(async () => ((await email(stored.id)).status === 'delivered' ? true : undefined));
    expect(await run(start + 60 * MINUTE)).toEqual(noWork);
    expect(await sesMessages(subject)).toHaveLength(1);
  });

  it('finds an immediate email that was never queued through its `queued` entry (it has no due entry), and it is delivered', async () => {
    const { organization, run, email } = await schedulingSender();
    const subject = uniqueSubject();
    const start = Date.now();
    const stored = storedEmail(organization.id, subject);
    // What acceptEmail writes for an email sent now: no due entry — and then the process died: no enqueue.
    await putEmail(stored);
    expect(await run(start + 15 * MINUTE)).toEqual(noWork);
    expect(await run(start + 17 * MINUTE)).toEqual({ ...noWork, enqueued: 1, swept: 1 });
    await eventually(async () => ((await sesMessages(subject)).length === 1 ? true : undefined));
    await eventually(async () => ((await email(stored.id)).status === 'delivered' ? true : undefined));
    // Looked at once: later runs go on from where this one stopped.
    expect(await run(start + 60 * MINUTE)).toEqual(noWork);
    expect(await sesMessages(subject)).toHaveLength(1);
  });

  it('sweeps an entry written before the due sort key was only its deadline (<deadline>#<org>#<id>)', async () => {
    const { organization, run, email } = await schedulingSender();
    const subject = uniqueSubject();
    const start = Date.now();
    const stored = storedEmail(organization.id, subject);
    const deadline = new Date(start + 2 * MINUTE).toISOString();
    const { email: item } = newEmailItems(stored, deadline);
    // As an earlier version stored it, never queued (its process died before the enqueue).
    await db.send(
      new PutCommand({
        TableName: tableName,
        Item: { ...item, GSI2SK: `${deadline}#${organization.id}#${stored.id}` },
      }),
    );
    expect(await run(start + MINUTE)).toEqual(noWork);
    expect(await run(start + 3 * MINUTE)).toEqual({ ...noWork, enqueued: 1, swept: 1 });
    await eventually(async () => ((await email(stored.id)).status === 'delivered' ? true : undefined));
    expect(await run(start + 60 * MINUTE)).toEqual(noWork);
    expect(await sesMessages(subject)).toHaveLength(1);
  });

  it('fails an email swept 3 times without being sent, so it reaches a final state', async () => {
    const { organization, run, email } = await schedulingSender();
    const subject = uniqueSubject();
    const start = Date.now();
    // A consumer holds a lease for 70 minutes (say it hangs): every queued message for it is skipped.
    const stored = storedEmail(organization.id, subject, { lease_until: start + 70 * MINUTE });
    await putEmail(stored, new Date(start + 5 * MINUTE).toISOString());

    for (const minutes of [20, 40, 60]) {
      expect(await run(start + minutes * MINUTE), `run at +${minutes} min`).toEqual({
        ...noWork,
        enqueued: 1,
        swept: 1,
      });
    }
    // Past its lease and its third sweep deadline: given up.
    expect(await run(start + 80 * MINUTE)).toEqual({ ...noWork, failed: 1 });
    const failed = await email(stored.id);
    expect(failed.status).toBe('failed');
    expect(failed.events).toEqual([expect.objectContaining({ type: 'failed', detail: GIVE_UP_DETAIL })]);
    expect(await run(start + 200 * MINUTE)).toEqual(noWork);
    await pause(500);
    expect(await sesMessages(subject)).toHaveLength(0);
  });
});

describe('handed-over emails whose outcome never came', () => {
  class Crash extends Error {}
  const crashAfterRecord = {
    hooks: {
      afterRecorded: () => {
        throw new Crash('the consumer died right after recording the hand-over');
      },
    },
  };

  it('runs the simulated outcome of a test-key email again once its outcome deadline passed', async () => {
    const { organization, run, email } = await schedulingSender();
    const subject = uniqueSubject();
    const start = Date.now();
    const stored = storedEmail(organization.id, subject, {
      to: [{ email: 'opened@example.com' }],
      tracking: { opens: true, clicks: false },
    });
    await putEmail(stored, new Date(start + 16 * MINUTE).toISOString());
    // Handed over, recorded, and then the consumer died: its message comes back and is skipped.
    const message = { organization_id: organization.id, email_id: stored.id };
    await expect(deliverEmail(message, {}, crashAfterRecord)).rejects.toBeInstanceOf(Crash);
    await expect(deliverEmail(message)).resolves.toBe('skipped');
    const handedOver = await email(stored.id);
    expect(handedOver.status).toBe('queued');
    expect(handedOver.events.map((event: { type: string }) => event.type)).toEqual(['sent']);

    // The hand-over left its due entry at the deadline it was stored with (16 minutes); its outcome
    // deadline (5 minutes after the hand-over) has passed by then: two runs at once finish it once.
    expect(await run(start + 15 * MINUTE)).toEqual(noWork);
    const runs = await Promise.all([run(start + 17 * MINUTE), run(start + 17 * MINUTE)]);
    expect(runs.reduce((sum, result) => sum + result.finished, 0)).toBe(1);
    expect(runs.reduce((sum, result) => sum + result.errors, 0)).toBe(0);
    const finished = await email(stored.id);
    expect(finished.status).toBe('opened');
    const [sent, delivered] = finished.events;
    expect(finished.events.map((event: { type: string }) => event.type)).toEqual(['sent', 'delivered', 'opened']);
    // Timed from the hand-over, as the consumer would have run it (the same event ids).
    expect(Date.parse(delivered.created_at) - Date.parse(sent.created_at)).toBe(1);
    // Final: out of the due index.
    expect(await run(start + 60 * MINUTE)).toEqual(noWork);
    expect(await sesMessages(subject)).toHaveLength(1);
  });

  it('fails a live email SES reported no outcome for within its 72-hour event window, and a late delivery still counts', async () => {
    const { organization, run, email } = await schedulingSender();
    const subject = uniqueSubject();
    const stored = storedEmail(organization.id, subject, { environment: 'live' });
    const storedDeadline = new Date(Date.now() + 16 * MINUTE).toISOString();
    await putEmail(stored, storedDeadline);
    const before = process.env.SIMULATE_OUTCOMES;
    // In AWS: a live email's outcome comes from SES's events only (none come on the local stack).
    process.env.SIMULATE_OUTCOMES = 'false';
    try {
      await expect(deliverEmail({ organization_id: organization.id, email_id: stored.id })).resolves.toBe('sent');
      const handedOver = await email(stored.id);
      expect(handedOver.status).toBe('queued');
      const [sent] = handedOver.events;
      expect(sent.type).toBe('sent');
      const sentAt = Date.parse(sent.created_at);
      // The hand-over did not touch its due entry (a re-key would bill an index delete and put).
      const { Item } = await db.send(
        new GetCommand({ TableName: tableName, Key: keys.email(organization.id, stored.id) }),
      );
      expect(Item?.GSI2SK).toBe(keys.dueEntry(stored.id, storedDeadline).GSI2SK);
      const [message] = await sesMessages(subject);
      if (!message) throw new Error('SES never got the email');

      // Due at the deadline it was stored with (16 minutes), long before SES's event window ends:
      // its entry moves to the window's end (from sent_at), and nothing else happens.
      expect(await run(sentAt + 17 * MINUTE)).toEqual({ ...noWork, awaited: 1 });
      expect((await email(stored.id)).status).toBe('queued');
      expect(await run(sentAt + 71 * HOUR)).toEqual(noWork);
      expect((await email(stored.id)).status).toBe('queued');
      expect(await run(sentAt + 73 * HOUR)).toEqual({ ...noWork, finished: 1 });
      const failed = await email(stored.id);
      expect(failed.status).toBe('failed');
      expect(failed.events).toEqual([
        sent,
        expect.objectContaining({
          type: 'failed',
          recipient: null,
          detail: `SES accepted the email (message ${message.messageId}) but reported no delivery outcome within 72 hours`,
        }),
      ]);
      expect(failed.events[1].detail).toBe(noOutcomeDetail(message.messageId));
      expect(await run(sentAt + 200 * HOUR)).toEqual(noWork);

      // Statuses only move forward: a delivery SES reports after all still makes it delivered.
      const late = await handleSesNotification({
        eventType: 'Delivery',
        mail: {
          timestamp: sent.created_at,
          messageId: message.messageId,
          destination: ['x@example.com'],
          tags: { organization_id: [organization.id], email_id: [stored.id] },
        },
        delivery: { timestamp: new Date(sentAt + 80 * HOUR).toISOString(), recipients: ['x@example.com'] },
      });
      expect(late).toMatchObject({ outcome: 'applied', status: 'delivered', status_changed: true });
      expect((await email(stored.id)).status).toBe('delivered');
    } finally {
      if (before === undefined) delete process.env.SIMULATE_OUTCOMES;
      else process.env.SIMULATE_OUTCOMES = before;
    }
  });
});
