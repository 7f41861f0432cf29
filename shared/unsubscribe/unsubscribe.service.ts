/**
 * One-click unsubscribe (RFC 8058; docs/api.md): what
 * POST /unsubscribe/{token} does, and what the confirmation page behind GET shows.
 *
 * A token (unsubscribe-token.ts) names an organization's email; the email names its one recipient, and
 * the token's MAC must be the one for that recipient. Unsubscribing suppresses the recipient
 * (`unsubscribe`, `automatic`; an address already on the list keeps its entry) and then records an
 * `unsubscribed` event on the email, with an id fixed by email and recipient: a repeated POST finds it
 * and changes nothing. The event reaches the metrics and `email.unsubscribed` webhooks through the
 * table's stream, like every email event. Suppressing first means a failure in between is repaired by
 * the mailbox provider's retry rather than leaving an event without its suppression.
 */

import { serverSecret } from '#accounts/server-secret.store.ts';
import { normalizeEmailAddress } from '#core/email-address.ts';
import { deterministicId, nowIso } from '#core/ids.ts';
import { newEvent } from '#emails/email.ts';
import { applyEmailEvents, type EmailEventsSnapshot, readEmailEvents } from '#emails/events/email-events.store.ts';
import { addSuppression, findSuppressedAddresses } from '#suppressions/suppressions.service.ts';
import {
  readUnsubscribeToken,
  UNSUBSCRIBE_SECRET_NAME,
  verifyUnsubscribeToken,
} from '#unsubscribe/unsubscribe-token.ts';

export interface UnsubscribeTarget {
  organizationId: string;
  emailId: string;
  /** The recipient the link was made for (normalised). */
  recipient: string;
  /** The sender's address, for the page ("emails from …"). */
  from: string;
  /** Already unsubscribed through this link. */
  unsubscribed: boolean;
}

const unsubscribedEventId = (emailId: string, recipient: string) =>
  deterministicId(['unsubscribed', emailId, recipient]);

/** The email and recipient a token names, if it is one Postbox issued and unexpired; undefined otherwise. */
async function resolveToken(
  token: string,
): Promise<{ target: UnsubscribeTarget; snapshot: EmailEventsSnapshot } | undefined> {
  const reference = readUnsubscribeToken(token);
  if (!reference) return undefined;
  const snapshot = await readEmailEvents(reference.organizationId, reference.emailId);
  if (snapshot?.email.list_unsubscribe !== true) return undefined;
  const { email } = snapshot;
  const first = [...email.to, ...email.cc, ...email.bcc][0];
  const normalized = first ? normalizeEmailAddress(first.email) : undefined;
  if (!normalized?.ok) return undefined;
  if (!verifyUnsubscribeToken(await serverSecret(UNSUBSCRIBE_SECRET_NAME), token, normalized.address)) return undefined;
  const eventId = unsubscribedEventId(email.id, normalized.address);
  return {
    snapshot,
    target: {
      organizationId: reference.organizationId,
      emailId: reference.emailId,
      recipient: normalized.address,
      from: email.from?.email ?? '',
      unsubscribed: snapshot.events.some((event) => event.id === eventId),
    },
  };
}

/** What the confirmation page shows; undefined for an unknown, altered or expired token. */
export async function findUnsubscribeTarget(token: string): Promise<UnsubscribeTarget | undefined> {
  return (await resolveToken(token))?.target;
}

/**
 * Unsubscribes the token's recipient: `unsubscribed` the first time, `already` after; undefined for
 * an unknown, altered or expired token.
 */
export async function unsubscribeByToken(
  token: string,
): Promise<{ outcome: 'unsubscribed' | 'already'; target: UnsubscribeTarget } | undefined> {
  const resolved = await resolveToken(token);
  if (!resolved) return undefined;
  const { target, snapshot } = resolved;
  if (target.unsubscribed) return { outcome: 'already', target };
  const [alreadySuppressed] = await findSuppressedAddresses(target.organizationId, [target.recipient]);
  if (!alreadySuppressed) {
    await addSuppression(target.organizationId, {
      email: target.recipient,
      reason: 'unsubscribe',
      source: 'automatic',
    });
  }
  const event = {
    ...newEvent('unsubscribed', { recipient: target.recipient, created_at: nowIso(), detail: 'One-click unsubscribe' }),
    id: unsubscribedEventId(target.emailId, target.recipient),
  };
  await applyEmailEvents(target.organizationId, target.emailId, [event], snapshot);
  return { outcome: 'unsubscribed', target: { ...target, unsubscribed: true } };
}
