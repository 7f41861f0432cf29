/**
 * `emails.waitFor`: a test reads back what the application sent by polling the public API (so it works
 * against any Postbox, local or deployed), and a timeout says what did arrive instead. Only fetch and
 * timers, like the rest of the main entry. See sdk/README.md, "Testing your application".
 */
import { PostboxError, WaitForTimeoutError } from './errors.js';
import { extractLinks } from './links.js';
import type { RequestOptions } from './options.js';
import { sleep } from './transport.js';
import type { Email, EmailListItem, ListEmailsQuery, Page } from './types.js';

/** What `emails.waitFor` waits for. */
export interface WaitForEmailOptions {
  /** A recipient of the email's `to` list, compared as `GET /emails?to=` does (trimmed, case-insensitive). */
  to: string;
  /** A string: the subject, exactly; a RegExp: tested against the subject. Default: any subject. */
  subject?: string | RegExp;
  /** Only emails accepted at or after this instant (a Date or an ISO 8601 string). Default: 5 s before the call. */
  since?: Date | string;
  /** How long to wait, in ms (default 10,000). */
  timeoutMs?: number;
  /** Pause between two polls, in ms (default 500: two requests a second, well inside the rate limit). */
  pollIntervalMs?: number;
  /** Cancels the wait (rejects with the signal's reason). */
  signal?: AbortSignal;
}

/** The email as `GET /emails/{id}` gives it, plus its links (see `extractLinks`). */
export type EmailWithLinks = Email & { links: string[] };

/** How far before the call the default `since` reaches: the send a test awaited just before, and clock skew. */
export const SINCE_MARGIN_MS = 5_000;
const SHOWN = 10;

/** What waiting needs of `postbox.emails` (its `list` and `get`). */
export interface EmailReader {
  list(query: ListEmailsQuery, options?: RequestOptions): Promise<Page<EmailListItem>>;
  get(id: string, options?: RequestOptions): Promise<Email>;
}

const subjectMatches = (actual: string, wanted: string | RegExp | undefined) =>
  wanted === undefined || (typeof wanted === 'string' ? actual === wanted : actual.search(wanted) !== -1);

const listed = (items: EmailListItem[]) =>
  items
    .slice(0, SHOWN)
    .map((item) => `${JSON.stringify(item.subject)} at ${item.created_at}`)
    .join(', ') + (items.length > SHOWN ? ` and ${items.length - SHOWN} more` : '');

/**
 * Polls `GET /emails?to=…&from_date=since` (newest first) until an email matches, then answers the
 * newest match as `GET /emails/{id}` gives it, with its links.
 */
export async function waitForEmail(emails: EmailReader, options: WaitForEmailOptions): Promise<EmailWithLinks> {
  const { to, subject, timeoutMs = 10_000, pollIntervalMs = 500, signal } = options ?? {};
  if (typeof to !== 'string' || to.trim() === '') throw new TypeError('emails.waitFor: `to` is required');
  const since = options.since === undefined ? new Date(Date.now() - SINCE_MARGIN_MS) : new Date(options.since);
  if (Number.isNaN(since.getTime())) {
    throw new TypeError(`emails.waitFor: \`since\` is not a date: ${String(options.since)}`);
  }
  const deadline = AbortSignal.timeout(timeoutMs);
  const polling = signal ? AbortSignal.any([signal, deadline]) : deadline;
  let arrived: EmailListItem[] | undefined;
  let lastError: unknown;

  const poll = async (): Promise<EmailListItem> => {
    for (;;) {
      let delay = pollIntervalMs;
      try {
        const page = await emails.list({ to, from_date: since, limit: 100 }, { signal: polling });
        arrived = page.data.filter((item) => Date.parse(item.created_at) >= since.getTime());
        const match = arrived.find((item) => subjectMatches(item.subject, subject));
        if (match) return match;
      } catch (error) {
        // Still rate limited after the client's own retries: poll again once the window allows.
        if (!(error instanceof PostboxError && error.code === 'RATE_LIMITED')) throw error;
        lastError = error;
        delay = Math.max(delay, (error.retryAfter ?? 1) * 1000);
      }
      await sleep(delay, polling);
    }
  };

  let match: EmailListItem;
  try {
    match = await poll();
  } catch (error) {
    if (signal?.aborted || !deadline.aborted) throw error;
    const wanted = `an email to ${to}${
      subject === undefined
        ? ''
        : ` with the subject ${typeof subject === 'string' ? JSON.stringify(subject) : subject}`
    } since ${since.toISOString()}`;
    let message = `Timed out after ${timeoutMs} ms waiting for ${wanted}. `;
    if (arrived === undefined) {
      message += `The API did not answer in time${lastError instanceof Error ? ` (${lastError.message})` : ''}.`;
    } else {
      message +=
        arrived.length === 0
          ? `No email to ${to} since ${since.toISOString()}.`
          : `Emails to ${to} since then (newest first): ${listed(arrived)}.`;
      message += await earlier(emails, to, since);
    }
    throw new WaitForTimeoutError(message, { timeoutMs, received: arrived ?? [], cause: error });
  }
  const email = await emails.get(match.id, { signal });
  return { ...email, links: extractLinks(email) };
}

/** The latest emails to `to` before `since`, for a timeout's message (best effort: one quick request). */
async function earlier(emails: EmailReader, to: string, since: Date): Promise<string> {
  try {
    const page = await emails.list(
      { to, to_date: new Date(since.getTime() - 1), limit: 3 },
      { maxRetries: 0, timeoutMs: 2_000 },
    );
    return page.data.length === 0 ? '' : ` Before then: ${listed(page.data)}.`;
  } catch {
    return '';
  }
}
