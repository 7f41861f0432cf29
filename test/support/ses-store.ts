/** Reading the SES emulator's store, and waiting for asynchronous outcomes, in integration tests. */
import { inject } from 'vitest';

export interface StoredMessage {
  messageId: string;
  from: string;
  destination: { to: string[]; cc: string[]; bcc: string[] };
  subject: string;
  body: { html?: string; text?: string };
  headers?: { name: string; value: string }[];
  /** As SendEmail gave them: `content` in base64. */
  attachments?: {
    filename: string;
    contentType: string;
    contentId?: string;
    contentDisposition?: string;
    content: string;
    size: number;
  }[];
}

/**
 * When this file's tests began (less a margin for clock rounding): the store is read from then on,
 * so a file never downloads what other files sent before it (attachments make that megabytes).
 */
const fileStartedAt = Math.floor(Date.now() / 1000) - 5;

/** The messages the SES emulator holds with this subject (sent since this test file began). */
export async function sesMessages(subject: string): Promise<StoredMessage[]> {
  const response = await fetch(`${inject('localCloud').sesUrl}/store?since=${fileStartedAt}`);
  const store = (await response.json()) as { emails: StoredMessage[] };
  return store.emails.filter((email) => email.subject === subject);
}

/**
 * Polls `check` until it returns something other than undefined. The default wait is long because the
 * local stack's send queue and consumers serve every test file at once: an email can find another
 * file's 1,000-recipient batch ahead of it (a scheduled email took over 10 s to be sent in one CI run).
 * A condition met sooner returns as soon as it is.
 */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
