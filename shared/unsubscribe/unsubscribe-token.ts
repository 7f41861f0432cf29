/**
 * Postbox's one-click unsubscribe tokens (pure): `<payload>.<mac>`, a signed, unguessable reference to
 * an organization's email, with the MAC binding its recipient. The recipient is not written in the
 * token (a URL travels through logs and link scanners): the email names it, since an email with
 * Postbox's link has exactly one recipient. The secret is a server secret kept in the table
 * (server-secret.store.ts). Rules: docs/api.md, "Unsubscribe links and tracking".
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const UNSUBSCRIBE_TOKEN_DAYS = 60;
/** The name of the signing secret (shared/accounts/server-secret.store.ts). */
export const UNSUBSCRIBE_SECRET_NAME = 'unsubscribe-links';
const DAY_SECONDS = 24 * 60 * 60;
const PAYLOAD = /^([A-Za-z0-9_-]{1,64}):([0-9a-f-]{36}):(\d{1,12})$/;
const TOKEN = /^([A-Za-z0-9_-]{1,200})\.([A-Za-z0-9_-]{43})$/;

export interface UnsubscribeReference {
  organizationId: string;
  emailId: string;
  /** Epoch seconds. */
  expiresAt: number;
}

const mac = (secret: Buffer, payload: string, recipient: string) =>
  createHmac('sha256', secret).update(`unsubscribe.v1:${payload}:${recipient.toLowerCase()}`).digest('base64url');

/** A token for the email's recipient, valid UNSUBSCRIBE_TOKEN_DAYS days from `nowMs`. */
export function signUnsubscribeToken(
  secret: Buffer,
  reference: { organizationId: string; emailId: string; recipient: string },
  nowMs: number = Date.now(),
): string {
  const expiresAt = Math.floor(nowMs / 1000) + UNSUBSCRIBE_TOKEN_DAYS * DAY_SECONDS;
  const payload = Buffer.from(`${reference.organizationId}:${reference.emailId}:${expiresAt}`).toString('base64url');
  return `${payload}.${mac(secret, payload, reference.recipient)}`;
}

/** What a token refers to, if it is well formed and unexpired (its MAC is checked by verifyUnsubscribeToken). */
export function readUnsubscribeToken(token: string, nowMs: number = Date.now()): UnsubscribeReference | undefined {
  const parts = TOKEN.exec(token);
  if (!parts) return undefined;
  const fields = PAYLOAD.exec(Buffer.from(parts[1] as string, 'base64url').toString('utf8'));
  if (!fields) return undefined;
  // Only the canonical encoding: another spelling of the same payload is not a token we issued.
  if (Buffer.from(fields[0]).toString('base64url') !== parts[1]) return undefined;
  const expiresAt = Number(fields[3]);
  if (expiresAt <= Math.floor(nowMs / 1000)) return undefined;
  return { organizationId: fields[1] as string, emailId: fields[2] as string, expiresAt };
}

/** Whether the token's MAC is the one this secret gives for this recipient (constant time). */
export function verifyUnsubscribeToken(secret: Buffer, token: string, recipient: string): boolean {
  const parts = TOKEN.exec(token);
  if (!parts) return false;
  const expected = Buffer.from(mac(secret, parts[1] as string, recipient));
  const given = Buffer.from(parts[2] as string);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
