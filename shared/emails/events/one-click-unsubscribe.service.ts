/**
 * What POST /unsubscribe/{token} does (RFC 8058; docs/api.md), and what the confirmation page behind GET
 * shows. It lives with the email's events, not in unsubscribe/: like an SES notification, a click on the
 * link is an outside signal about one email that suppresses its recipient and records an event on it,
 * and unsubscribe/ (the token, the link, the header) sits below emails. Suppressing first means a failure
 * in between is repaired by the mailbox provider's retry; the event's id, fixed by email and recipient,
 * makes a repeated POST change nothing.
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
