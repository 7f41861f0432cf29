/**
 * The writes of a send (single or batch) go out at once, in one round trip and without a transaction
 * (which would bill every item twice), yet are all-or-nothing for the caller: if one fails, every write
 * that took effect is taken back, unless a consumer already holds the email (then the send stands and the
 * failed writes run once more). Only a process that dies between two writes can leave a count off. The
 * rules: docs/api.md, "Emails" (step 5 of the send); docs/data-model.md, pattern 20.
 */

import type { Environment } from '#core/environment.ts';
import { errorLogFields } from '#core/log-fields.ts';
import { logger } from '#core/logger.ts';
import { addUsage, markEmailDayCountsStarted } from '#emails/usage.store.ts';

export interface AcceptWrite {
  /** Names the write in a log line (never customer data). */
  name: string;
  run(): Promise<unknown>;
  /** Takes the write back (after the send failed). */
  undo?(): Promise<unknown>;
  /**
   * The write may have happened in part even though it failed (a batched put of many items): its
   * undo is idempotent and runs whether it failed or not.
   */
  partial?: boolean;
  /** Not tried again when the send stands (a queue message: the consumer that claimed it had one). */
  once?: boolean;
}

/** The writes failed and were taken back (`undone`), or could not all be (`undone` false). */
export class AcceptWritesFailedError extends Error {
  constructor(
    readonly failure: unknown,
    readonly undone: boolean,
  ) {
    super('the writes of a send failed');
  }
}

/**
 * Runs the writes at once. When one fails: `takeBack` removes the email(s) unless a consumer has
 * one (`claimed`): then the send stands and the failed writes are tried once more; otherwise every
 * write that took effect is undone and AcceptWritesFailedError is thrown.
 */
export async function writeAllOrNothing(
  writes: readonly AcceptWrite[],
  takeBack: () => Promise<'gone' | 'claimed'>,
  logFields: Record<string, unknown>,
): Promise<void> {
  const results = await Promise.allSettled(writes.map((write) => write.run()));
  const failed = writes.filter((_, index) => results[index]?.status === 'rejected');
  const firstFailure = results.find((result) => result.status === 'rejected');
  if (!firstFailure) return;
  const fields = { ...logFields, failed: failed.map((write) => write.name) };

  let taken: 'gone' | 'claimed';
  try {
    taken = await takeBack();
  } catch (error) {
    // The email may still be there and be delivered: its counts stay, the caller sees the failure.
    logger.error('a send failed and its email could not be taken back', { ...fields, ...errorLogFields(error) });
    throw new AcceptWritesFailedError(firstFailure.reason, false);
  }
  if (taken === 'claimed') {
    const retried = await Promise.allSettled(failed.filter((write) => !write.once).map((write) => write.run()));
    const still = retried.filter((result) => result.status === 'rejected').length;
    logger.warn('a write of a send failed but a consumer already has the email: the send stands', {
      ...fields,
      still_failed: still,
    });
    return;
  }
  const undone = await Promise.allSettled(
    writes
      .filter((write, index) => write.undo && (write.partial || results[index]?.status === 'fulfilled'))
      .map((write) => (write.undo as () => Promise<unknown>)()),
  );
  const notUndone = undone.filter((result) => result.status === 'rejected').length;
  if (notUndone > 0) logger.error('a send failed and some of its writes could not be taken back', fields);
  else logger.warn('a send failed; its writes were taken back', fields);
  throw new AcceptWritesFailedError(firstFailure.reason, notUndone === 0);
}

/**
 * The usage of a send: its recipients (the sending limit) and its emails (the list's date totals),
 * counted on the day of the emails' `created_at`, in the month's counter (one write). The first send
 * of an instance also makes sure the day-counts marker exists (never failing the send).
 */
export function usageWrites(
  organizationId: string,
  environment: Environment,
  counts: { recipients: number; emails: number },
  createdAt: string,
): AcceptWrite[] {
  const at = Date.parse(createdAt);
  return [
    {
      name: 'usage',
      run: () =>
        Promise.all([
          addUsage(organizationId, environment, counts.recipients, at, counts.emails),
          markEmailDayCountsStarted(),
        ]),
      undo: () => addUsage(organizationId, environment, -counts.recipients, at, -counts.emails),
    },
  ];
}
