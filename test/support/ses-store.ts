/** Reading the SES emulator's store, and waiting for asynchronous outcomes, in integration tests. */
import { inject } from 'vitest';

export interface StoredMessage {
  messageId: string;
  from: string;
  destination: { to: string[]; cc: string[]; bcc: string[] };
  subject: string;
  body: { html?: string; text?: string };
  headers?: { name: string; value: string }[];
}

/** The messages the SES emulator holds with this subject. */
export async function sesMessages(subject: string): Promise<StoredMessage[]> {
  const response = await fetch(`${inject('localCloud').sesUrl}/store`);
  const store = (await response.json()) as { emails: StoredMessage[] };
  return store.emails.filter((email) => email.subject === subject);
}

/** Polls `check` until it returns something other than undefined. */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
