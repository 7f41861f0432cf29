/**
 * The scheduler, run every minute: reads the due index and releases scheduled emails, sweeps lost ones,
 * waits for or finishes handed-over ones (due-times.ts decides which). Safe against crashes and overlapping
 * runs: messages go out before the deadline moves (a crash means a duplicate message, which the consumer's
 * claim absorbs), every write is conditioned on the entry as read, and a finish moves the deadline first
 * and writes events with deterministic ids. docs/data-model.md, "The due index (GSI2)" and D1–D6;
 * docs/api.md, "Scheduled sends", "An accepted email is never lost", "An outcome that never comes".
 */

import { enqueueEmails, SEND_BATCH_SIZE } from '#adapters/send-queue.ts';
import { forEachLimited } from '#core/concurrency.ts';
import type { Mailbox } from '#core/email-address.ts';
import { deterministicId } from '#core/ids.ts';
import { errorLogFields } from '#core/log-fields.ts';
import { logger } from '#core/logger.ts';
import { DUE_INDEX_SHARDS } from '#dynamo/keys.ts';
import { failedCondition } from '#dynamo/writes.ts';
import { recordFailed } from '#emails/delivery/delivery-state.store.ts';
import { simulateOutcomes } from '#emails/delivery/outcome-simulator.service.ts';
import { type SimulatedEmail, shouldSimulateOutcomes } from '#emails/delivery/simulated-notifications.ts';
import { type EmailEvent, newEvent } from '#emails/email.ts';
import { applyEmailEvents, type EmailEventsSnapshot, readEmailEvents } from '#emails/events/email-events.store.ts';
import {
  type DueEntry,
  type HandOverState,
  moveDeadline,
  queryDueEntries,
  readHandOvers,
  removeDueEntry,
} from '#emails/schedule/due-index.store.ts';
import {
  type DueAction,
  MAX_SWEEPS,
  outcomeDeadline,
  planDue,
  SES_EVENT_WINDOW_MS,
  SWEEP_AFTER_MS,
} from '#emails/schedule/due-times.ts';

/** Entries handled per shard and run; the rest waits a minute (and is logged). */
export const MAX_ENTRIES_PER_SHARD = 1_000;
/** Concurrent DynamoDB writes (and SQS batches) per shard. */
const CONCURRENCY = 8;

export const GIVE_UP_DETAIL = `Could not be delivered: not handed to SES within ${Math.round(
  ((MAX_SWEEPS + 1) * SWEEP_AFTER_MS) / 60_000,
)} minutes of its send time`;

/** The failed event's detail for an email SES accepted but reported no outcome for within its event window. */
export const noOutcomeDetail = (sesMessageId: string) =>
  `SES accepted the email (message ${sesMessageId}) but reported no delivery outcome within ${Math.round(
    SES_EVENT_WINDOW_MS / 3_600_000,
  )} hours`;

/** The failed event's detail for a handed-over email finished MAX_SWEEPS times and still without an outcome. */
export const outcomeGiveUpDetail = (sesMessageId: string) =>
  `SES accepted the email (message ${sesMessageId}) but no delivery outcome could be recorded after ${MAX_SWEEPS} attempts`;

export interface SchedulerRunResult {
  /** Messages put on the send queue (releases and sweeps). */
  enqueued: number;
  /** Scheduled emails released to the queue for their time. */
  released: number;
  /** Emails queued again because their deadline passed while they were still unsent. */
  swept: number;
  /** Emails failed after MAX_SWEEPS sweeps (or, handed over, MAX_SWEEPS finishes). */
  failed: number;
  /**
   * Handed-over emails whose outcome had not come by their outcome deadline: simulated outcome run
   * again, or (outcomes from SES) failed for want of one.
   */
  finished: number;
  /** Handed-over emails due before their outcome deadline: their entry moved to it. */
  awaited: number;
  /** Index entries of emails already final, removed. */
  dropped: number;
  /** Entries another writer changed first (sent, cancelled, an outcome, another run); nothing to do. */
  skipped: number;
  /** Entries that failed (SQS or DynamoDB errors); they stay due and are retried next run. */
  errors: number;
  /** Some shard had more due entries than MAX_ENTRIES_PER_SHARD; the rest is left for the next run. */
  more: boolean;
}

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
  await Promise.all(shards.map((shard) => runShard(shard, now, options, result)));
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
  let handOvers: Map<string, HandOverState>;
  try {
    handOvers = await readHandOvers(entries);
  } catch (error) {
    // The entries stay due: the next run reads them again.
    logger.error('reading the hand-over state of due emails failed', {
      shard,
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

/**
 * An email handed over to SES and still queued past its outcome deadline. The deadline moves first
 * (counting a finish): only the run that moved it goes on, and if this one dies half-way the email
 * is due again at the next deadline. Then, if its outcome is simulated, the simulation runs again
 * with the recipients actually sent to and the hand-over's time (the same event ids: nothing is
 * written twice); otherwise SES's event window has passed without an outcome and it is failed with
 * the reason, through the normal event path (a late delivery still makes it delivered).
 */
async function finish(entry: DueEntry, nextDeadline: string, now: number, result: SchedulerRunResult): Promise<void> {
  if (!(await moveDeadline(entry, nextDeadline, true, true))) {
    result.skipped += 1;
    return;
  }
  const snapshot = await readEmailEvents(entry.organization_id, entry.id);
  const sesMessageId = snapshot?.email.ses_message_id;
  if (!snapshot || !sesMessageId || snapshot.email.status !== 'queued') {
    result.skipped += 1;
    return;
  }
  if (shouldSimulateOutcomes(entry)) {
    const sentAt = snapshot.email.sent_at ? Date.parse(snapshot.email.sent_at) : now;
    await simulateOutcomes(sentTo(snapshot), sesMessageId, sentAt);
    result.finished += 1;
    logger.warn('handed-over email had no outcome by its deadline: its simulated outcome was run again', {
      ...ids(entry),
      sweeps: (entry.sweeps ?? 0) + 1,
    });
    return;
  }
  await failHandedOver(snapshot, sesMessageId, noOutcomeDetail(sesMessageId), now);
  result.finished += 1;
  logger.error('email failed by the scheduler: SES reported no delivery outcome within its event window', {
    ...ids(entry),
    ses_message_id: sesMessageId,
  });
}

/** A handed-over email finished MAX_SWEEPS times and still queued: failed with the reason. */
async function giveUpOnOutcome(entry: DueEntry, now: number, result: SchedulerRunResult): Promise<void> {
  const snapshot = await readEmailEvents(entry.organization_id, entry.id);
  const sesMessageId = snapshot?.email.ses_message_id;
  if (!snapshot || !sesMessageId || snapshot.email.status !== 'queued') {
    // Final meanwhile (its status update removed the entry), or gone.
    result.skipped += 1;
    return;
  }
  await failHandedOver(snapshot, sesMessageId, outcomeGiveUpDetail(sesMessageId), now);
  result.failed += 1;
  logger.error('email failed by the scheduler: handed over, finished repeatedly and still without an outcome', {
    ...ids(entry),
    ses_message_id: sesMessageId,
    sweeps: entry.sweeps,
  });
}

/**
 * A `failed` event for a handed-over email, applied like an SES event (the status, its index and
 * counts move; the due entry goes with the status). Its id follows from the SES message id, so a
 * second try writes nothing new.
 */
async function failHandedOver(snapshot: EmailEventsSnapshot, sesMessageId: string, detail: string, now: number) {
  const event: EmailEvent = {
    ...newEvent('failed', { detail, created_at: new Date(now).toISOString() }),
    id: deterministicId(['no-outcome', sesMessageId]),
  };
  await applyEmailEvents(snapshot.email.organization_id, snapshot.email.id, [event], snapshot);
}

/** The email as handed over: its recipients less those dropped as suppressed at send time. */
function sentTo(snapshot: EmailEventsSnapshot): SimulatedEmail {
  const { email, events } = snapshot;
  const dropped = new Set([
    ...(email.suppressed_recipients ?? []),
    // Emails recorded before the suppressed recipients were kept on the email item.
    ...events.filter((event) => event.type === 'suppressed').map((event) => event.recipient ?? ''),
  ]);
  const keep = (mailboxes: Mailbox[] | undefined) => (mailboxes ?? []).filter((mailbox) => !dropped.has(mailbox.email));
  return {
    id: email.id,
    organization_id: email.organization_id,
    from: email.from ?? { email: '' },
    to: keep(email.to),
    cc: keep(email.cc),
    bcc: keep(email.bcc),
    ...(email.tracking ? { tracking: email.tracking } : {}),
  };
}

const ids = (entry: DueEntry) => ({ organization_id: entry.organization_id, email_id: entry.id });
