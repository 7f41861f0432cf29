/**
 * Email fixtures: an EmailRecord as the send path stores it (queued, test environment, a plain
 * text body), each test or bench overriding what it is about; one stored as the send path stores it
 * (its list pointers and counts then follow from the table's stream); and a wait for those counts.
 */

import { randomUUID } from 'node:crypto';
import { putEmail } from '#emails/email.store.ts';
import { type EmailRecord, newEmailId } from '#emails/email.ts';
import { type EmailCounts, readEmailCounts } from '#emails/email-index.store.ts';
import { addUsage } from '#emails/usage.store.ts';

export function emailRecord(organizationId: string, fields: Partial<EmailRecord> = {}): EmailRecord {
  const now = new Date().toISOString();
  return {
    id: newEmailId(),
    organization_id: organizationId,
    environment: 'test',
    status: 'queued',
    priority: 'normal',
    from: { email: 'news@acme.test' },
    to: [{ email: 'someone@example.com' }],
    cc: [],
    bcc: [],
    reply_to: [],
    subject: 'Hello',
    html: null,
    text: 'Hello',
    headers: {},
    tags: {},
    template_id: null,
    scheduled_at: null,
    created_at: now,
    updated_at: now,
    ...fields,
  };
}

/**
 * Stores a queued email with a chosen created_at and its count in the day counters (recipients and the
 * email, on its created_at's day), as the send path does; the stream adds its pointers and list counts
 * (untilEmailCounts waits for them).
 */
export async function seedListedEmail(
  organizationId: string,
  createdAt: string,
  fields: Partial<EmailRecord> = {},
): Promise<EmailRecord> {
  const email = emailRecord(organizationId, {
    from: { email: 'news@seed.test' },
    subject: `Seeded ${createdAt}`,
    html: '<p>body</p>',
    text: 'body',
    created_at: createdAt,
    updated_at: createdAt,
    ...fields,
  });
  await putEmail(email);
  await addUsage(
    organizationId,
    email.environment,
    email.to.length + email.cc.length + email.bcc.length,
    Date.parse(createdAt),
    1,
  );
  return email;
}

/**
 * Waits until the organization's list counts of `environment` are `expected` (the stream writes them,
 * with the pointers, within about a second of the emails' writes); throws after `timeoutMs`.
 */
export async function untilEmailCounts(
  organizationId: string,
  expected: Partial<EmailCounts>,
  environment: 'live' | 'test' = 'test',
  timeoutMs = 15_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const counts = await readEmailCounts(organizationId, [environment]);
    const names = Object.keys(expected) as Array<keyof EmailCounts>;
    if (names.every((name) => counts[name] === expected[name])) return;
    if (Date.now() > deadline) {
      throw new Error(`email counts ${JSON.stringify(counts)} never became ${JSON.stringify(expected)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Waits until the table's stream has been read up to now: an email of an organization of its own is
 * written and waited for in the counts. The local stream is read in order, so every change before it
 * (an email taken back included) has been indexed and counted by then.
 */
export async function untilStreamSettled(): Promise<void> {
  const barrier = emailRecord(`org_barrier${randomUUID().replaceAll('-', '').slice(0, 12)}`);
  await putEmail(barrier);
  await untilEmailCounts(barrier.organization_id, { total: 1 });
}
