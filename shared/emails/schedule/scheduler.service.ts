/**
 * The scheduler, run every minute: reads the due index and releases scheduled emails, sweeps lost ones,
 * waits for or finishes handed-over ones (due-times.ts decides which); emails sent now, which have no due
 * entry, it finds through their `queued` entry (unindexed-sweep.service.ts). Safe against crashes and
 * overlapping runs: messages go out before the deadline moves (the consumer's claim absorbs a duplicate),
 * every write is conditioned on the entry as read, and a finish moves the deadline first and writes events
 * with deterministic ids. docs/data-model.md, "The due index (GSI2)", D1–D7; docs/api.md, "Scheduled sends".
 */

import { enqueueEmails, SEND_BATCH_SIZE } from '#adapters/send-queue.ts';
import { forEachLimited } from '#core/concurrency.ts';
import { errorLogFields } from '#core/log-fields.ts';
import { logger } from '#core/logger.ts';
import { DUE_INDEX_SHARDS } from '#dynamo/keys.ts';
import { failedCondition } from '#dynamo/writes.ts';
import { recordFailed } from '#emails/delivery/delivery-state.store.ts';
import { shouldSimulateOutcomes } from '#emails/delivery/simulated-notifications.ts';
import { newEvent } from '#emails/email.ts';
import { writeSweepMark } from '#emails/schedule/active-senders.store.ts';
import {
  type DueEntry,
  type HandOverState,
  moveDeadline,
  queryDueEntries,
  readHandOvers,
  removeDueEntry,
} from '#emails/schedule/due-index.store.ts';
import { type DueAction, MAX_SWEEPS, outcomeDeadline, planDue, SWEEP_AFTER_MS } from '#emails/schedule/due-times.ts';
import { finish, giveUpOnOutcome } from '#emails/schedule/handed-over.service.ts';
import { ids, type SchedulerRunResult } from '#emails/schedule/scheduler-result.ts';
import { findUnindexedDue } from '#emails/schedule/unindexed-sweep.service.ts';

/** Entries handled per shard and run; the rest waits a minute (and is logged). */
export const MAX_ENTRIES_PER_SHARD = 1_000;
/** Concurrent DynamoDB writes (and SQS batches) per shard. */
const CONCURRENCY = 8;

export const GIVE_UP_DETAIL = `Could not be delivered: not handed to SES within ${Math.round(
  ((MAX_SWEEPS + 1) * SWEEP_AFTER_MS) / 60_000,
)} minutes of its send time`;

export interface SchedulerOptions {
  /** Only this organization's entries (tests on a shared stack use it). */
  organizationId?: string;
  maxEntriesPerShard?: number;
}

type Queued = { entry: DueEntry; action: Extract<DueAction, { kind: 'release' | 'sweep' }> };

export async function runScheduler(now = Date.now(), options: SchedulerOptions = {}): Promise<SchedulerRunResult> {
  const result: SchedulerRunResult = {
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
  const shards = Array.from({ length: DUE_INDEX_SHARDS }, (_, shard) => shard);
  await Promise.all([
    ...shards.map((shard) => runShard(shard, now, options, result)),
    sweepUnindexed(now, options, result),
  ]);
  if (result.more)
    logger.warn('more emails are due than one scheduler run handles; the rest waits a minute', { ...result });
  if (result.errors > 0) logger.error('scheduler run had errors; those emails stay due', { ...result });
  return result;
}

async function runShard(shard: number, now: number, options: SchedulerOptions, result: SchedulerRunResult) {
  let entries: DueEntry[];
  try {
    const page = await queryDueEntries(
      shard,
      now,
      options.maxEntriesPerShard ?? MAX_ENTRIES_PER_SHARD,
      options.organizationId,
    );
    entries = page.entries;
    result.more ||= page.more;
  } catch (error) {
    logger.error('reading the due index failed', { shard, ...errorLogFields(error) });
    result.errors += 1;
    return;
  }
  await handleDueEntries(entries, now, result, { shard });
}

/**
 * Immediate emails (no due entry) still unsent SWEEP_AFTER_MS after their send, from where the last
 * run stopped; the mark moves only when every one found was handled.
 */
async function sweepUnindexed(now: number, options: SchedulerOptions, result: SchedulerRunResult) {
  try {
    const scan = await findUnindexedDue(now, options.organizationId);
    const errorsBefore = result.errors;
    await handleDueEntries(scan.entries, now, result, { unindexed: true }, scan.handOvers);
    if (result.errors === errorsBefore) await writeSweepMark(scan.through, options.organizationId);
  } catch (error) {
    logger.error('looking for unsent immediate emails failed; the next run looks again', errorLogFields(error));
    result.errors += 1;
  }
}

/** Plans and carries out what each due entry needs (release, sweep, await, finish, give up, drop). */
async function handleDueEntries(
  entries: DueEntry[],
  now: number,
  result: SchedulerRunResult,
  logContext: Record<string, unknown>,
  /** The entries' hand-over states when the caller read them already (consistently). */
  known?: Map<string, HandOverState>,
): Promise<void> {
  let handOvers: Map<string, HandOverState>;
  try {
    handOvers = known ?? (await readHandOvers(entries));
  } catch (error) {
    // The entries stay due: the next run reads them again.
    logger.error('reading the hand-over state of due emails failed', {
      ...logContext,
      entries: entries.length,
      ...errorLogFields(error),
    });
    result.errors += entries.length;
    return;
  }
  const queued: Queued[] = [];
  const rest: Array<{ entry: DueEntry; action: DueAction }> = [];
  for (const read of entries) {
    const state = handOvers.get(read.id);
    // Gone since the index was read (a send taken back): nothing to do.
    if (!state) continue;
    const entry: DueEntry = {
      ...read,
      status: state.status,
      ...(state.ses_message_id ? { ses_message_id: state.ses_message_id } : {}),
    };
    const sentAt = state.sent_at;
    const action = planDue(
      sentAt
        ? { ...entry, outcome_deadline: outcomeDeadline(Date.parse(sentAt), shouldSimulateOutcomes(entry)) }
        : entry,
      now,
    );
    if (action.kind === 'release' || action.kind === 'sweep') queued.push({ entry, action });
    else rest.push({ entry, action });
  }
  const batches: Queued[][] = [];
  for (let start = 0; start < queued.length; start += SEND_BATCH_SIZE) {
    batches.push(queued.slice(start, start + SEND_BATCH_SIZE));
  }
  await forEachLimited(batches, CONCURRENCY, (batch) => enqueueBatch(batch, result));
  await forEachLimited(rest, CONCURRENCY, async ({ entry, action }) => {
    try {
      if (action.kind === 'drop') {
        await removeDueEntry(entry);
        result.dropped += 1;
      } else if (action.kind === 'await') {
        if (await moveDeadline(entry, action.nextDeadline, false, true)) result.awaited += 1;
        else result.skipped += 1;
      } else if (action.kind === 'finish') {
        await finish(entry, action.nextDeadline, now, result);
      } else if (entry.ses_message_id) {
        await giveUpOnOutcome(entry, now, result);
      } else {
        await giveUp(entry, now, result);
      }
    } catch (error) {
      result.errors += 1;
      logger.error('scheduler could not handle a due email', {
        ...ids(entry),
        action: action.kind,
        ...errorLogFields(error),
      });
    }
  });
}

async function enqueueBatch(batch: Queued[], result: SchedulerRunResult): Promise<void> {
  let notTaken: Set<number>;
  try {
    notTaken = await enqueueEmails(
      batch.map(({ entry, action }) => ({
        message: { organization_id: entry.organization_id, email_id: entry.id },
        delaySeconds: action.delaySeconds,
      })),
    );
  } catch (error) {
    result.errors += batch.length;
    logger.error('enqueueing due emails failed; they stay due', { count: batch.length, ...errorLogFields(error) });
    return;
  }
  result.enqueued += batch.length - notTaken.size;
  result.errors += notTaken.size;
  await Promise.all(
    batch.map(async ({ entry, action }, index) => {
      if (notTaken.has(index)) return;
      try {
        const moved = await moveDeadline(entry, action.nextDeadline, action.kind === 'sweep');
        if (!moved) {
          result.skipped += 1;
        } else if (action.kind === 'release') {
          result.released += 1;
        } else {
          result.swept += 1;
          // A sweep means an enqueue was lost or a message ended in the dead-letter queue.
          logger.warn('email swept: queued again after its deadline passed unsent', {
            ...ids(entry),
            sweeps: (entry.sweeps ?? 0) + 1,
          });
        }
      } catch (error) {
        // Queued already; the entry stays due, so the next run queues it once more (harmless).
        result.errors += 1;
        logger.error('moving a due deadline failed', { ...ids(entry), ...errorLogFields(error) });
      }
    }),
  );
}

async function giveUp(entry: DueEntry, now: number, result: SchedulerRunResult): Promise<void> {
  try {
    // Not while a consumer holds an unexpired lease: it may be talking to SES right now.
    await recordFailed(entry.organization_id, entry.id, [newEvent('failed', { detail: GIVE_UP_DETAIL })], {
      idleAt: now,
      environment: entry.environment,
    });
    result.failed += 1;
    logger.error('email failed by the scheduler: swept repeatedly and never sent', {
      ...ids(entry),
      sweeps: entry.sweeps,
    });
  } catch (error) {
    // Sent, cancelled or leased meanwhile: the first two removed the entry, a lease ends within a minute.
    if (!failedCondition(error, 0)) throw error;
    result.skipped += 1;
  }
}

export { noOutcomeDetail } from '#emails/schedule/handed-over.service.ts';
export type { SchedulerRunResult } from '#emails/schedule/scheduler-result.ts';
