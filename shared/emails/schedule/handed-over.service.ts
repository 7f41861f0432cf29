/**
 * The scheduler's handling of a handed-over email still without an outcome past its outcome deadline:
 * its simulated outcome run again, or (outcomes from SES) a `failed` event for want of one, through the
 * normal event path. docs/data-model.md D5; docs/api.md, "An outcome that never comes".
 */
import type { Mailbox } from '#core/email-address.ts';
import { deterministicId } from '#core/ids.ts';
import { logger } from '#core/logger.ts';
import { simulateOutcomes } from '#emails/delivery/outcome-simulator.service.ts';
import { type SimulatedEmail, shouldSimulateOutcomes } from '#emails/delivery/simulated-notifications.ts';
import { type EmailEvent, newEvent } from '#emails/email.ts';
import { applyEmailEvents, type EmailEventsSnapshot, readEmailEvents } from '#emails/events/email-events.store.ts';
import { type DueEntry, moveDeadline } from '#emails/schedule/due-index.store.ts';
import { MAX_SWEEPS, SES_EVENT_WINDOW_MS } from '#emails/schedule/due-times.ts';
import { ids, type SchedulerRunResult } from '#emails/schedule/scheduler-result.ts';

/** The failed event's detail for an email SES accepted but reported no outcome for within its event window. */
export const noOutcomeDetail = (sesMessageId: string) =>
  `SES accepted the email (message ${sesMessageId}) but reported no delivery outcome within ${Math.round(
    SES_EVENT_WINDOW_MS / 3_600_000,
  )} hours`;

/** The failed event's detail for a handed-over email finished MAX_SWEEPS times and still without an outcome. */
export const outcomeGiveUpDetail = (sesMessageId: string) =>
  `SES accepted the email (message ${sesMessageId}) but no delivery outcome could be recorded after ${MAX_SWEEPS} attempts`;

/**
 * An email handed over to SES and still queued past its outcome deadline. The deadline moves first
 * (counting a finish): only the run that moved it goes on, and if this one dies half-way the email
 * is due again at the next deadline. Then, if its outcome is simulated, the simulation runs again
 * with the recipients actually sent to and the hand-over's time (the same event ids: nothing is
 * written twice); otherwise SES's event window has passed without an outcome and it is failed with
 * the reason, through the normal event path (a late delivery still makes it delivered).
 */
export async function finish(
  entry: DueEntry,
  nextDeadline: string,
  now: number,
  result: SchedulerRunResult,
): Promise<void> {
  if (!(await moveDeadline(entry, nextDeadline, true, true))) {
    result.skipped += 1;
    return;
  }
  const awaiting = await stillAwaitingOutcome(entry);
  if (!awaiting) {
    result.skipped += 1;
    return;
  }
  const { snapshot, sesMessageId } = awaiting;
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
export async function giveUpOnOutcome(entry: DueEntry, now: number, result: SchedulerRunResult): Promise<void> {
  const awaiting = await stillAwaitingOutcome(entry);
  if (!awaiting) {
    result.skipped += 1;
    return;
  }
  const { snapshot, sesMessageId } = awaiting;
  await failHandedOver(snapshot, sesMessageId, outcomeGiveUpDetail(sesMessageId), now);
  result.failed += 1;
  logger.error('email failed by the scheduler: handed over, finished repeatedly and still without an outcome', {
    ...ids(entry),
    ses_message_id: sesMessageId,
    sweeps: entry.sweeps,
  });
}

/**
 * The email with its events and SES id while it is handed over and still queued; undefined once final
 * (its status update removed the entry) or gone.
 */
async function stillAwaitingOutcome(
  entry: DueEntry,
): Promise<{ snapshot: EmailEventsSnapshot; sesMessageId: string } | undefined> {
  const snapshot = await readEmailEvents(entry.organization_id, entry.id);
  const sesMessageId = snapshot?.email.ses_message_id;
  if (!snapshot || !sesMessageId || snapshot.email.status !== 'queued') return undefined;
  return { snapshot, sesMessageId };
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
