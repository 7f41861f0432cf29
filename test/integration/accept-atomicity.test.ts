/**
 * A send is all-or-nothing (shared/emails/accept-writes.service.ts): whichever write of the accept path
 * fails, the request either fails and leaves nothing behind, or stands with everything written.
 * Each write of a working send (and batch) is failed in turn (test/support/write-faults.ts, on the
 * real clients of this process, against the local cloud's DynamoDB and queue); after each attempt
 * the totals are checked through the API (GET /emails, the `to` filter, the template's usage) and
 * the sending quota in the table, once the table's stream (which writes the list's pointers and
 * counts, and takes them back with a taken-back email) has caught up. The tags use names that once broke DynamoDB's marshaller.
 */

import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { sendQueueClient } from '#adapters/send-queue.ts';
import { db, tableName } from '#dynamo/client.ts';
import { acceptBatch } from '#emails/batch.service.ts';
import { batchSendBody } from '#emails/batch-request.ts';
import { markActiveSender } from '#emails/schedule/active-senders.store.ts';
import { acceptEmail } from '#emails/send.service.ts';
import { sendEmailBody } from '#emails/send-request.ts';
import { readUsage } from '#emails/usage.store.ts';
import { untilStreamSettled } from '../support/email-records.ts';
import { createSender } from '../support/factories.ts';
import { InjectedFault, writeFaults } from '../support/write-faults.ts';

const faults = writeFaults([db, sendQueueClient]);
const TAGS = { constructor: 'x', toString: 'y', hasOwnProperty: 'z', valueOf: 'v' };

/** The content items (keys.emailContent) this process tried to write, to check none outlives its email. */
const contentWrites: Array<{ PK: string; SK: string }> = [];
db.middlewareStack.add(
  (next, context) => async (args) => {
    const item = (args.input as { Item?: { PK?: unknown; SK?: unknown } }).Item;
    if (context.commandName === 'PutItemCommand' && item?.SK === 'CONTENT') {
      contentWrites.push({ PK: String(item.PK), SK: 'CONTENT' });
    }
    return next(args);
  },
  { step: 'initialize', name: 'recordContentWrites' },
);

/** Every content item written is there exactly when its email is (a failed send takes both back). */
async function expectContentWithEmails() {
  for (const key of contentWrites) {
    const [content, email] = await Promise.all(
      [key, { PK: key.PK, SK: 'EMAIL' }].map(
        async (Key) => (await db.send(new GetCommand({ TableName: tableName, Key, ConsistentRead: true }))).Item,
      ),
    );
    expect(Boolean(content), key.PK).toBe(Boolean(email));
  }
}

async function setup() {
  const org = await createSender();
  // The sender registry is written once per instance and hour (before the reads' round ends): marked
  // here, so each attempt below makes the same writes (its own failure is tested on its own).
  await markActiveSender(org.caller.organizationId, org.caller.environment, Date.now());
  const { domain } = org;
  const template = await org.api.post('/api/v1/templates', {
    name: 'Atomic',
    subject: 'Hi {{name}}',
    text: 'Hello {{name}}',
  });
  expect(template.status, template.text).toBe(201);
  return { ...org, domain, templateId: template.body.data.id as string };
}

type Setup = Awaited<ReturnType<typeof setup>>;

/** The organization's totals agree with `emails` accepted emails of `recipients` each. */
async function expectTotals(fixture: Setup, emails: number, recipients: number, address: string) {
  await untilStreamSettled();
  const list = await fixture.api.get('/api/v1/emails?limit=100');
  expect(list.status, list.text).toBe(200);
  expect(list.body.data).toHaveLength(emails);
  expect(list.body.pagination.total_count).toBe(emails);
  // The day counters too (a date-filtered total of whole days comes from them).
  const today = new Date().toISOString().slice(0, 10);
  const ofToday = await fixture.api.get(`/api/v1/emails?from_date=${today}&to_date=${today}`);
  expect(ofToday.body.pagination.total_count).toBe(emails);
  const byRecipient = await fixture.api.get(`/api/v1/emails?to=${encodeURIComponent(address)}`);
  expect(byRecipient.body.pagination.total_count).toBe(emails);
  const template = await fixture.api.get(`/api/v1/templates/${fixture.templateId}`);
  expect(template.body.data.usage.sends_last_30_days).toBe(emails);
  const usage = await readUsage(fixture.caller.organizationId, 'test');
  expect(usage).toEqual({ day: emails * recipients, month: emails * recipients });
}

/** Runs `send` once without a fault (counting its writes), then once with each write failing. */
async function failEachWrite(send: () => Promise<unknown>, check: (accepted: number) => Promise<void>) {
  faults.arm();
  await send();
  const writes = faults.writes();
  let accepted = 1;
  await check(accepted);
  const outcomes: string[] = [];
  for (let position = 1; position <= writes.length; position += 1) {
    faults.arm(position);
    const outcome = await send().then(
      () => 'accepted',
      (error: unknown) => error,
    );
    faults.arm();
    if (outcome === 'accepted') accepted += 1;
    else expect(outcome, `write ${position} (${writes[position - 1]})`).toBeInstanceOf(InjectedFault);
    outcomes.push(`${writes[position - 1]}: ${outcome === 'accepted' ? 'accepted' : 'failed'}`);
    await check(accepted);
  }
  return { writes, outcomes };
}

describe('a send whose writes fail half-way', () => {
  let fixture: Setup;
  beforeAll(async () => {
    fixture = await setup();
  });

  it('changes nothing when it fails, whichever write fails, bodies apart included', async () => {
    const address = 'atomic-large@example.com';
    const own = await setup();
    // Bodies that do not fit the email item's write unit: a content item is the send's seventh write.
    const html = Array.from({ length: 2000 }, (_, i) => `<p>${i} ${((i * 7919) % 10007).toString(36)}</p>`).join('');
    const request = sendEmailBody.parse({
      from: { email: `hello@${own.domain}` },
      to: [{ email: address }],
      subject: 'Large',
      html,
      tags: TAGS,
    });
    contentWrites.length = 0;
    const { writes } = await failEachWrite(
      () => acceptEmail(own.caller, request),
      async (accepted) => {
        await untilStreamSettled();
        const byRecipient = await own.api.get(`/api/v1/emails?to=${encodeURIComponent(address)}`);
        expect(byRecipient.body.pagination.total_count).toBe(accepted);
        await expectContentWithEmails();
      },
    );
    expect(writes.filter((command) => command === 'PutItemCommand')).toHaveLength(2);
    expect(contentWrites.length).toBeGreaterThan(1);
  }, 60_000);

  it('changes nothing when it fails, whichever write fails (single send with a template)', async () => {
    const address = 'atomic-single@example.com';
    const request = sendEmailBody.parse({
      from: { email: `hello@${fixture.domain}` },
      to: [{ email: address }],
      subject: 'Hi {{name}}',
      template_id: fixture.templateId,
      template_data: { name: 'Ann' },
      tags: TAGS,
    });
    contentWrites.length = 0;
    const { writes, outcomes } = await failEachWrite(
      () => acceptEmail(fixture.caller, request),
      async (accepted) => {
        await expectTotals(fixture, accepted, 1, address);
        await expectContentWithEmails();
      },
    );
    // The email, its message, the usage counter (month and day), the template usage; and its content
    // item if its bodies do not fit the email item's write unit (the list's pointers and count follow
    // from the stream).
    expect(writes).toHaveLength(contentWrites.length > 0 ? 5 : 4);
    // A failed enqueue (nothing queued) and a failed email write always fail the send.
    expect(outcomes.filter((outcome) => outcome.endsWith('failed')).length).toBeGreaterThanOrEqual(2);
  }, 60_000);
});

describe('a batch whose writes fail half-way', () => {
  it('changes nothing when it fails, whichever write fails', async () => {
    const fixture = await setup();
    const address = 'atomic-batch@example.com';
    const request = batchSendBody.parse({
      template_id: fixture.templateId,
      from: { email: `hello@${fixture.domain}` },
      recipients: [
        { to: { email: address }, data: { name: 'A' } },
        { to: { email: 'atomic-b@example.com' }, data: { name: 'B' } },
      ],
      tags: TAGS,
    });
    let batches = 0;
    const { writes, outcomes } = await failEachWrite(
      () => acceptBatch(fixture.caller, request),
      async (accepted) => {
        batches = accepted;
        await untilStreamSettled();
        const list = await fixture.api.get('/api/v1/emails?limit=100');
        expect(list.body.data).toHaveLength(2 * accepted);
        expect(list.body.pagination.total_count).toBe(2 * accepted);
        const byRecipient = await fixture.api.get(`/api/v1/emails?to=${encodeURIComponent(address)}`);
        expect(byRecipient.body.pagination.total_count).toBe(accepted);
        const template = await fixture.api.get(`/api/v1/templates/${fixture.templateId}`);
        expect(template.body.data.usage.sends_last_30_days).toBe(2 * accepted);
        expect(await readUsage(fixture.caller.organizationId, 'test')).toEqual({
          day: 2 * accepted,
          month: 2 * accepted,
        });
      },
    );
    // The emails, the usage counter (month and day), the template usage; then the messages.
    expect(writes.at(-1)).toBe('SendMessageBatchCommand');
    expect(writes).toHaveLength(4);
    // Every write before the enqueue fails the batch; a failed enqueue leaves it to the sweeper.
    expect(outcomes.slice(0, -1).every((outcome) => outcome.endsWith('failed'))).toBe(true);
    expect(outcomes.at(-1)).toBe('SendMessageBatchCommand: accepted');
    expect(batches).toBe(2);
  }, 60_000);
});

describe('a send whose sender registry cannot be written', () => {
  it('fails and stores nothing: no email the scheduler could not find', async () => {
    const fixture = await createSender();
    const request = sendEmailBody.parse({
      from: { email: `hello@${fixture.domain}` },
      to: [{ email: 'registry@example.com' }],
      subject: 'Registry',
      text: 'x',
    });
    // Reads are never failed: the first write is the registry's (this organization is new to the process).
    faults.arm(1);
    await expect(acceptEmail(fixture.caller, request)).rejects.toBeInstanceOf(InjectedFault);
    expect(faults.writes()).toEqual(['PutItemCommand']);
    faults.arm();
    await untilStreamSettled();
    expect((await fixture.api.get('/api/v1/emails')).body.data).toEqual([]);
    expect(await readUsage(fixture.caller.organizationId, 'test')).toEqual({ day: 0, month: 0 });
  });
});
