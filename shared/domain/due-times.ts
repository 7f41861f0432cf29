/**
 * When an email must next be looked at by the scheduler, and what to do then. Pure functions
 * (no I/O), shared by the send path (shared/domain/sending.ts) and the scheduler
 * (shared/domain/scheduler.ts).
 *
 * Every queued email carries a deadline in the due index (GSI2, keys.dueEntry): "by this time
 * something must have happened to this email". recordSent and recordFailed remove it, so an email
 * still in the index past its deadline is either a scheduled email to release to the queue or one
 * that was lost on the way (the API died between the write and the enqueue, a message went to the
 * dead-letter queue) and is swept: queued again.
 */
import { queueDefinitions } from '../queues.ts';

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

/** What the scheduler reads of a due-index entry. */
export interface DueState {
  status: string;
  ses_message_id?: string;
  scheduled_at: string | null;
  created_at: string;
  /** The deadline that made the entry due (from GSI2SK). */
  deadline: string;
  sweeps?: number;
}

export type DueAction =
  /** Final or already with SES: only the index entry is left to remove. */
  | { kind: 'drop' }
  /** A scheduled email's first trip to the queue (`release`) or another (`sweep`). */
  | { kind: 'release' | 'sweep'; delaySeconds: number; nextDeadline: string }
  /** Swept MAX_SWEEPS times and still not sent: fail it. */
  | { kind: 'give_up' };

export function planDue(entry: DueState, now: number): DueAction {
  if (entry.status !== 'queued' || entry.ses_message_id) return { kind: 'drop' };
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
