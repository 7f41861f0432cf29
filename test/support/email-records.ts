/**
 * Email fixtures: an EmailRecord as the send path stores it (queued, test environment, a plain
 * text body), each test or bench overriding what it is about; and one stored with its list index
 * entries, as the send path writes them.
 */

import { putEmail } from '#emails/email.store.ts';
import { type EmailRecord, newEmailId } from '#emails/email.ts';
import { writeEmailIndexEntries } from '#emails/email-index.store.ts';
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
 * Stores a queued email with a chosen created_at, its list index entries and its count in the day
 * counters (recipients and the email, on its created_at's day), as the send path does.
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
  await Promise.all([
    writeEmailIndexEntries(email),
    addUsage(
      organizationId,
      email.environment,
      email.to.length + email.cc.length + email.bcc.length,
      Date.parse(createdAt),
      1,
    ),
  ]);
  return email;
}
