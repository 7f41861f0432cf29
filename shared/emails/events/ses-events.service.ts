/**
 * What Postbox does with one SES sending event: find the email by the tags Postbox puts on every
 * message, suppress addresses that bounced hard, complained or kept bouncing soft, write the events
 * and bring the email's status up to date. Safe to run twice (SNS delivers at least once): event ids
 * come from the notification, and suppressions are applied for events not stored yet BEFORE they are
 * written, so a run that failed half-way is completed by the retry. Rules: docs/api.md, "Delivery
 * events and status" and "Automatic suppressions"; writes: docs/data-model.md, 29–31.
 */

import { normalizeEmailAddress } from '#core/email-address.ts';
import { logger } from '#core/logger.ts';
import { recordHandOverReportedBySes } from '#emails/delivery/delivery-state.store.ts';
import { getEmailState } from '#emails/email.store.ts';
import type { EmailEvent, EmailStatus } from '#emails/email.ts';
import { type AppliedEvents, applyEmailEvents, readEmailEvents } from '#emails/events/email-events.store.ts';
import {
  parseSesNotification,
  postboxTags,
  type SesNotification,
  toEmailEvents,
} from '#emails/events/ses-notifications.ts';
import { forgetSoftBounces, recordSoftBounce } from '#emails/events/soft-bounce.store.ts';
import type { SuppressionReason } from '#suppressions/suppression.ts';
import { addSuppression, findSuppressedAddresses } from '#suppressions/suppressions.service.ts';

/** Soft bounces of one address within SOFT_BOUNCE_WINDOW_MS that make it suppressed. */
export const SOFT_BOUNCE_LIMIT = 3;
export const SOFT_BOUNCE_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
/** Transient bounces about the message rather than the address: they do not count. */
const MESSAGE_BOUNCE_SUBTYPES: ReadonlySet<string> = new Set([
  'MessageTooLarge',
  'ContentRejected',
  'AttachmentRejected',
]);

export type SuppressionAction =
  | { kind: 'suppress'; email: string; reason: Extract<SuppressionReason, 'hard_bounce' | 'complaint'> }
  /** Count a soft bounce; `entry` identifies it (`<timestamp>#<event id>`). */
  | { kind: 'soft_bounce'; email: string; entry: string };

/**
 * The suppression work for the events of `notification` that were not stored yet:
 * a Permanent bounce suppresses the address (hard_bounce), a complaint suppresses every complained
 * recipient (complaint), a Transient bounce is counted (see softBounceLimitReached). Undetermined
 * bounces, and transient ones about the message (too large, content or attachment rejected),
 * change nothing.
 */
export function suppressionActions(
  notification: SesNotification,
  freshEvents: readonly EmailEvent[],
): SuppressionAction[] {
  const actions: SuppressionAction[] = [];
  for (const event of freshEvents) {
    if (!event.recipient) continue;
    if (notification.eventType === 'Complaint' && event.type === 'complained') {
      actions.push({ kind: 'suppress', email: event.recipient, reason: 'complaint' });
    } else if (notification.eventType === 'Bounce' && event.type === 'bounced') {
      const { bounceType, bounceSubType } = notification.bounce;
      if (bounceType === 'Permanent') {
        actions.push({ kind: 'suppress', email: event.recipient, reason: 'hard_bounce' });
      } else if (bounceType === 'Transient' && !MESSAGE_BOUNCE_SUBTYPES.has(bounceSubType ?? '')) {
        actions.push({ kind: 'soft_bounce', email: event.recipient, entry: `${event.created_at}#${event.id}` });
      }
    }
  }
  return actions;
}

const entryTime = (entry: string) => Date.parse(entry.slice(0, entry.indexOf('#')));

/**
 * Whether these soft bounces (`<timestamp>#<id>` entries, duplicates already merged) include
 * SOFT_BOUNCE_LIMIT within any SOFT_BOUNCE_WINDOW_MS, by SES's bounce timestamps — so the order in
 * which the notifications arrive does not matter.
 */
export function softBounceLimitReached(entries: readonly string[]): boolean {
  const times = [...new Set(entries)]
    .map(entryTime)
    .filter((time) => !Number.isNaN(time))
    .sort((a, b) => a - b);
  for (let first = 0; first + SOFT_BOUNCE_LIMIT - 1 < times.length; first += 1) {
    const last = times[first + SOFT_BOUNCE_LIMIT - 1] as number;
    if (last - (times[first] as number) <= SOFT_BOUNCE_WINDOW_MS) return true;
  }
  return false;
}

/** Entries older than the window before the newest one: they can no longer count. */
export function staleSoftBounces(entries: readonly string[]): string[] {
  const newest = Math.max(...entries.map(entryTime).filter((time) => !Number.isNaN(time)));
  return entries.filter((entry) => {
    const time = entryTime(entry);
    return Number.isNaN(time) || time < newest - SOFT_BOUNCE_WINDOW_MS;
  });
}

/** Carries out the actions; returns how many addresses were newly suppressed. */
async function applySuppressions(organizationId: string, actions: readonly SuppressionAction[]): Promise<number> {
  const wanted = new Map<string, SuppressionReason>();
  for (const action of actions) {
    const normalized = normalizeEmailAddress(action.email);
    if (!normalized.ok) continue;
    const address = normalized.address;
    if (action.kind === 'suppress') {
      if (!wanted.has(address)) wanted.set(address, action.reason);
      continue;
    }
    const entries = await recordSoftBounce(organizationId, address, action.entry, SOFT_BOUNCE_WINDOW_MS / 1000);
    if (softBounceLimitReached(entries) && !wanted.has(address)) wanted.set(address, 'soft_bounce');
    await forgetSoftBounces(organizationId, address, staleSoftBounces(entries)).catch(() => {
      // Gone meanwhile (TTL) or a transient error: the entries only take space.
    });
  }
  if (wanted.size === 0) return 0;
  // An address already on the list keeps its entry (reason and source), e.g. a manual suppression.
  const already = new Set(await findSuppressedAddresses(organizationId, [...wanted.keys()]));
  let added = 0;
  for (const [email, reason] of wanted) {
    if (already.has(email)) continue;
    await addSuppression(organizationId, { email, reason, source: 'automatic' });
    added += 1;
  }
  return added;
}

export type SesNotificationResult =
  | { outcome: 'invalid'; error: string }
  | { outcome: 'ignored'; reason: string; event_type?: string; suppressed?: number }
  | {
      outcome: 'applied';
      event_type: string;
      organization_id: string;
      email_id: string;
      /** Events written now (0 for a duplicate notification). */
      written: number;
      status: EmailStatus | undefined;
      status_changed: boolean;
      suppressed: number;
    };

/**
 * Handles one notification (the SNS message text or its parsed JSON). An unparseable notification
 * is reported as `invalid` and one that is not about a Postbox email as `ignored`; neither throws,
 * since no retry could change them. DynamoDB errors are thrown: the caller lets SNS retry.
 */
export async function handleSesNotification(input: unknown): Promise<SesNotificationResult> {
  const parsed = parseSesNotification(input);
  if (!parsed.ok) return { outcome: 'invalid', error: parsed.error };
  const notification = parsed.notification;
  const eventType = notification.eventType;
  const events = toEmailEvents(notification);
  const tags = postboxTags(notification.mail);
  if (events.length === 0 && !(eventType === 'Send' && tags)) {
    return { outcome: 'ignored', reason: 'event type not recorded', event_type: eventType };
  }
  if (!tags) return { outcome: 'ignored', reason: 'no organization_id/email_id tags', event_type: eventType };
  const { organizationId, emailId } = tags;
  // A hand-over recorded from SES's report: at SES's send time.
  const handOverAt = (email: { threaded?: true }) => ({
    sentAt: new Date(Date.parse(notification.mail.timestamp)).toISOString(),
    threaded: email.threaded === true,
  });
  if (eventType === 'Send') {
    // SES has the email. Usually the consumer recorded the hand-over first; if it could not (it died
    // or DynamoDB failed right after SES accepted), this records it, so that neither the sweeper
    // nor a cancel treats the email as never sent.
    const state = await getEmailState(organizationId, emailId);
    const recorded =
      state !== undefined && !state.ses_message_id
        ? await recordHandOverReportedBySes(organizationId, emailId, notification.mail.messageId, handOverAt(state))
        : false;
    return {
      outcome: 'ignored',
      reason: recorded ? 'Send event: recorded the hand-over the consumer had not' : 'Send event: nothing to record',
      event_type: eventType,
    };
  }

  const snapshot = await readEmailEvents(organizationId, emailId);
  if (!snapshot) return { outcome: 'ignored', reason: 'email not found', event_type: eventType };
  if (!snapshot.email.ses_message_id) {
    // An event of a message SES has, for an email whose hand-over was never recorded (see Send).
    const handOver = handOverAt(snapshot.email);
    if (await recordHandOverReportedBySes(organizationId, emailId, notification.mail.messageId, handOver)) {
      snapshot.email.ses_message_id = notification.mail.messageId;
      snapshot.email.sent_at = handOver.sentAt;
    }
  }
  const sesMessageId = snapshot.email.ses_message_id;
  if (sesMessageId && sesMessageId !== notification.mail.messageId) {
    // Another SES message carrying this email's tags: a second copy, sent when a consumer died
    // after SES accepted the first and before recording it. Its events do not describe the
    // recorded message, so they are not written; but a bounce or complaint of the copy is still
    // a fact about the address, so it is suppressed all the same (only the email's own recipients).
    const normalized = (address: string) => {
      const result = normalizeEmailAddress(address);
      return result.ok ? result.address : undefined;
    };
    const recipients = new Set(
      [...snapshot.email.to, ...snapshot.email.cc, ...snapshot.email.bcc]
        .map((mailbox) => normalized(mailbox.email))
        .filter((address) => address !== undefined),
    );
    const ownRecipients = events.filter(
      (event) => event.recipient !== null && recipients.has(normalized(event.recipient) ?? ''),
    );
    const suppressed = await applySuppressions(organizationId, suppressionActions(notification, ownRecipients));
    return {
      outcome: 'ignored',
      reason: 'event of another SES copy of the email (suppressions applied, events not recorded)',
      event_type: eventType,
      suppressed,
    };
  }

  const stored = new Set(snapshot.events.map((event) => event.id));
  const fresh = events.filter((event) => !stored.has(event.id));
  const suppressed = await applySuppressions(organizationId, suppressionActions(notification, fresh));
  const applied: AppliedEvents = await applyEmailEvents(organizationId, emailId, events, snapshot);
  return {
    outcome: 'applied',
    event_type: eventType,
    organization_id: organizationId,
    email_id: emailId,
    written: applied.written.length,
    status: applied.status,
    status_changed: applied.statusChanged,
    suppressed,
  };
}

/** handleSesNotification with its result logged (ids, types and counts only: no addresses). */
export async function handleAndLogSesNotification(input: unknown, fields: Record<string, unknown> = {}) {
  const result = await handleSesNotification(input);
  if (result.outcome === 'invalid') logger.error('invalid SES notification', { ...fields, error: result.error });
  else if (result.outcome === 'ignored') logger.info('SES notification ignored', { ...fields, ...result });
  else logger.info('SES notification applied', { ...fields, ...result });
  return result;
}
