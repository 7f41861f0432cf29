/**
 * Reading an email back (GET /emails/:id). Kept apart from sending.ts so the read-only
 * function does not load the send queue (and its required queue URL).
 */

import { notFound } from '#core/errors.ts';
import { type EmailEvent, getEmailWithEvents } from '#emails/email.store.ts';
import type { ListedEmail } from '#emails/email-index.store.ts';
import { MAX_SUBJECT_LENGTH } from '#emails/send-request.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * A subject as lists show it: at most MAX_SUBJECT_LENGTH characters (code points), cut with "…"
 * beyond. Every subject accepted today fits; the cut bounds list items whatever is stored (a
 * template's rendered subject was once unbounded), so a page of 100 stays far below Lambda's 6 MB
 * response limit (docs/api.md, "Response sizes").
 */
export function listSubject(subject: string): string {
  if (subject.length <= MAX_SUBJECT_LENGTH) return subject;
  // Enough code units for MAX_SUBJECT_LENGTH + 1 characters (each is one or two units).
  const head = Array.from(subject.slice(0, 2 * MAX_SUBJECT_LENGTH + 1));
  return head.length <= MAX_SUBJECT_LENGTH ? subject : `${head.slice(0, MAX_SUBJECT_LENGTH).join('')}…`;
}

/** The Email of GET /emails/:id without `events`, `scheduled_at`, `html` and `text`: an item of GET /emails. */
export function toListItem(email: ListedEmail) {
  const addresses = (mailboxes: { email: string }[] | undefined) => (mailboxes ?? []).map((mailbox) => mailbox.email);
  return {
    id: email.id,
    message_id: email.id,
    from_address: email.from.email,
    to_addresses: addresses(email.to),
    cc: addresses(email.cc),
    bcc: addresses(email.bcc),
    reply_to: email.reply_to ?? [],
    subject: listSubject(email.subject),
    status: email.status,
    priority: email.priority,
    tags: email.tags ?? {},
    template_id: email.template_id ?? null,
    batch_id: email.batch_id ?? null,
    environment: email.environment,
    created_at: email.created_at,
    updated_at: email.updated_at,
  };
}

export type EmailListItem = ReturnType<typeof toListItem>;

/** GET /emails/:id — `id` and `message_id` are the same value. */
export async function getEmail(organizationId: string, emailId: string) {
  const found = UUID.test(emailId) ? await getEmailWithEvents(organizationId, emailId) : undefined;
  if (!found) throw notFound('Email');
  const { email, events } = found;
  return {
    ...toListItem(email),
    subject: email.subject,
    html: email.html,
    text: email.text,
    scheduled_at: email.scheduled_at,
    events: events.map((event: EmailEvent) => ({
      id: event.id,
      type: event.type,
      recipient: event.recipient,
      smtp_code: event.smtp_code,
      smtp_message: event.smtp_message,
      created_at: event.created_at,
      ...(event.detail ? { detail: event.detail } : {}),
    })),
  };
}
