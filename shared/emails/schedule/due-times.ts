/**
 * When an email must next be looked at by the scheduler, and what to do then (release, sweep, await its
 * outcome, finish it). Pure functions (no I/O), shared by the send path (send.service.ts) and the
 * scheduler (scheduler.service.ts), so both work from the same deadlines. The deadlines, and why the
 * hand-over leaves the entry where it is: docs/data-model.md, "The due index (GSI2)".
 */
import { queueDefinitions } from '#platform/queues.ts';

/** SQS DelaySeconds covers at most 15 minutes. */
export const MAX_QUEUE_DELAY_SECONDS = 900;
/** Scheduled emails are put on the queue this long before their time (with the rest as DelaySeconds). */
export const RELEASE_LOOKAHEAD_MS = 5 * 60_000;
/**
 * How long after its due time an email may stay unsent before it is swept. Longer than the send
 * queue's whole retry chain (visibility timeout × maxReceiveCount = 15 minutes): by then every
 * message of the email has been delivered, has failed the email, or is in the dead-letter queue.
 */
export const SWEEP_AFTER_MS =
  queueDefinitions.send.visibilityTimeoutSeconds * queueDefinitions.send.maxReceiveCount * 1000 + 60_000;
/** Sweeps of one email before the scheduler fails it (so every email reaches a final state). */
export const MAX_SWEEPS = 3;
/**
 * How long after the hand-over a simulated outcome (shouldSimulateOutcomes) may be missing before the
 * scheduler runs it again: the consumer runs it right after recording the hand-over, within seconds.
 */
export const SIMULATED_OUTCOME_WAIT_MS = 5 * 60_000;
/**
 * SES's event window: how long after the hand-over SES may still report a delivery outcome (it
 * retries a deferring server for up to about 14 hours; bounces can come later still). An email
 * without an outcome by then is failed with the reason (see the scheduler's finish).
 */
export const SES_EVENT_WINDOW_MS = 72 * 60 * 60_000;

const iso = (ms: number) => new Date(ms).toISOString();

/** Seconds from `now` until `dueMs`, rounded up, between 0 and the SQS maximum. */
export function queueDelaySeconds(dueMs: number, now: number): number {
  return Math.min(MAX_QUEUE_DELAY_SECONDS, Math.max(0, Math.ceil((dueMs - now) / 1000)));
}

export interface AcceptPlan {
  /** Put on the queue now (with `delaySeconds`), or leave it to the scheduler. */
  enqueue: boolean;
  delaySeconds: number;
  /** The due-index deadline written with the email. */
  deadline: string;
}

/**
 * An email accepted at `now`: up to 15 minutes ahead it is queued with DelaySeconds and its deadline
 * is the due time plus SWEEP_AFTER_MS; later, only the due index holds it, with a deadline
 * RELEASE_LOOKAHEAD_MS before its time.
 */
export function planAccept(scheduledAt: string | null | undefined, now: number): AcceptPlan {
  const due = scheduledAt ? Math.max(Date.parse(scheduledAt), now) : now;
  if (due - now > MAX_QUEUE_DELAY_SECONDS * 1000) {
    return { enqueue: false, delaySeconds: 0, deadline: iso(due - RELEASE_LOOKAHEAD_MS) };
  }
  return { enqueue: true, delaySeconds: queueDelaySeconds(due, now), deadline: iso(due + SWEEP_AFTER_MS) };
}

/**
 * By when the outcome of an email handed over to SES at `sentAtMs` must have come (`simulated`: the
 * outcome simulator's, else SES's events); the scheduler moves a handed-over email's due entry there
 * when the entry comes due before it (planDue `await`).
 */
export function outcomeDeadline(sentAtMs: number, simulated: boolean): string {
  return iso(sentAtMs + (simulated ? SIMULATED_OUTCOME_WAIT_MS : SES_EVENT_WINDOW_MS));
}

/** What the scheduler reads of a due-index entry. */
export interface DueState {
  status: string;
  ses_message_id?: string;
  scheduled_at: string | null;
  created_at: string;
  /** The deadline that made the entry due (from GSI2SK). */
  deadline: string;
  sweeps?: number;
  /**
   * Handed over: when its outcome must have come (outcomeDeadline of its `sent_at`, which the index
   * does not project; the scheduler reads it). Absent: taken as passed.
   */
  outcome_deadline?: string;
}

export type DueAction =
  /** Final: only the index entry is left to remove. */
  | { kind: 'drop' }
  /** A scheduled email's first trip to the queue (`release`) or another (`sweep`). */
  | { kind: 'release' | 'sweep'; delaySeconds: number; nextDeadline: string }
  /**
   * Handed over to SES, due at the deadline it had before the hand-over, its outcome deadline still
   * ahead: the entry moves to the outcome deadline (no sweep counted).
   */
  | { kind: 'await'; nextDeadline: string }
  /**
   * Handed over to SES, still queued past its outcome deadline: run its simulated outcome again, or
   * (outcomes from SES) fail it for want of one; the entry moves to `nextDeadline` in case it is
   * still queued then.
   */
  | { kind: 'finish'; nextDeadline: string }
  /**
   * Swept MAX_SWEEPS times and still not sent, or (handed over) finished MAX_SWEEPS times and still
   * without an outcome: fail it.
   */
  | { kind: 'give_up' };

/**
 * What to do with a due entry. A handed-over email's `sweeps` count its finishes: the hand-over
 * resets them (recordSent), so each email gets MAX_SWEEPS of each.
 */
export function planDue(entry: DueState, now: number): DueAction {
  if (entry.status !== 'queued') return { kind: 'drop' };
  if (entry.ses_message_id) {
    if (entry.outcome_deadline && Date.parse(entry.outcome_deadline) > now) {
      return { kind: 'await', nextDeadline: entry.outcome_deadline };
    }
    if ((entry.sweeps ?? 0) >= MAX_SWEEPS) return { kind: 'give_up' };
    return { kind: 'finish', nextDeadline: iso(now + SIMULATED_OUTCOME_WAIT_MS) };
  }
  const due = Date.parse(entry.scheduled_at ?? entry.created_at);
  // A deadline before the due time is the release lookahead; one after it, a sweep deadline.
  if (Date.parse(entry.deadline) < due) {
    return {
      kind: 'release',
      delaySeconds: queueDelaySeconds(due, now),
      nextDeadline: iso(Math.max(due, now) + SWEEP_AFTER_MS),
    };
  }
  if ((entry.sweeps ?? 0) >= MAX_SWEEPS) return { kind: 'give_up' };
  return { kind: 'sweep', delaySeconds: 0, nextDeadline: iso(now + SWEEP_AFTER_MS) };
}
