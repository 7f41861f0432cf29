/** How an email is shown: an item of GET /emails (the email of GET /emails/:id is built on it: get.service.ts). */

import { MAX_SUBJECT_LENGTH } from '#core/message-text.ts';
import type { ListedEmail } from '#emails/email.ts';

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

/** The Email of GET /emails/:id without `events`, `scheduled_at`, `html`, `text`, `attachments`, `tracking` and `list_unsubscribe`: an item of GET /emails. */
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
