/**
 * Dashboard members, sign-in and sessions: the service functions behind the admin CLI and
 * the dashboard's sign-in pages. Passwords are scrypt hashes (member-credentials.ts); a
 * session token is handed to the browser once and stored only as its SHA-256 hash.
 */
import {
  clearSignInFailures,
  deleteSessionByHash,
  deleteSessionsOfMember,
  findMemberByEmail,
  findSessionByHash,
  insertMember,
  type MemberRecord,
  putSession,
  readSignInFailures,
  recordSignInFailure,
  type SessionRecord,
  updateMemberPassword,
} from '#accounts/member.store.ts';
import {
  dummyPasswordHash,
  generateCsrfSecret,
  generateSessionToken,
  hashPassword,
  hashSessionToken,
  lockSecondsAfter,
  passwordProblem,
  SIGN_IN_FAILURE_WINDOW_SECONDS,
  SIGN_IN_MAX_LOCK_SECONDS,
  verifyPasswordHash,
} from '#accounts/member-credentials.ts';
import { normalizeEmailAddress } from '#core/email-address.ts';
import { ApiError, notFound } from '#core/errors.ts';
import { newId } from '#core/ids.ts';

export { checkCsrfToken, csrfTokenFor } from '#accounts/member-credentials.ts';

/** A member as the rest of the code sees it: never the password hash. */
export interface Member {
  id: string;
  organizationId: string;
  email: string;
  createdAt: string;
  passwordChangedAt: string;
}

export type Session = SessionRecord;

/** How long a session lasts from sign-in (no sliding renewal). */
export const SESSION_LIFETIME_SECONDS = 12 * 60 * 60;

const publicMember = ({ passwordHash: _hash, ...member }: MemberRecord): Member => member;

function requireEmail(email: string): string {
  const checked = normalizeEmailAddress(email);
  if (!checked.ok) {
    throw new ApiError('VALIDATION_ERROR', `The email ${checked.reason}`, {
      details: [{ field: 'email', message: checked.reason }],
    });
  }
  return checked.address;
}

function requirePassword(password: string): void {
  const problem = passwordProblem(password);
  if (problem) {
    throw new ApiError('VALIDATION_ERROR', problem, { details: [{ field: 'password', message: problem }] });
  }
}

/** Creates a member of an organization; the email must not belong to any member yet. */
export async function createMember(organizationId: string, email: string, password: string): Promise<Member> {
  const address = requireEmail(email);
  requirePassword(password);
  const now = new Date().toISOString();
  const member: MemberRecord = {
    id: newId('mem'),
    organizationId,
    email: address,
    passwordHash: await hashPassword(password),
    createdAt: now,
    passwordChangedAt: now,
  };
  const outcome = await insertMember(member);
  if (outcome === 'organization_missing') throw notFound('Organization');
  if (outcome === 'email_taken') throw new ApiError('CONFLICT', `A member with the email ${address} already exists`);
  return publicMember(member);
}

/**
 * Sets a member's password (operator action): lifts any sign-in lock of that email and ends
 * every session the member has (whoever knew the old password is signed out).
 */
export async function resetMemberPassword(email: string, newPassword: string): Promise<Member> {
  const address = requireEmail(email);
  requirePassword(newPassword);
  const updated = await updateMemberPassword(address, await hashPassword(newPassword), new Date().toISOString());
  if (!updated) throw notFound('Member');
  await Promise.all([clearSignInFailures(address), deleteSessionsOfMember(address)]);
  return publicMember(updated);
}

export type SignInResult =
  | { outcome: 'signed_in'; member: Member }
  | { outcome: 'invalid' }
  | { outcome: 'locked'; retryAfterSeconds: number };

/**
 * Checks an email and password. Unknown emails cost the same scrypt work (a dummy hash) and
 * are counted the same way, so neither timing nor the backoff tells whether a member exists.
 * After 5 failures of an email in a row (each within 15 minutes of the last) attempts are
 * refused without checking the password for 30 s, doubling per further failure up to 15
 * minutes; a success clears the count.
 */
export async function verifyMemberPassword(
  email: string,
  password: string,
  now: number = Date.now(),
): Promise<SignInResult> {
  const checked = normalizeEmailAddress(email);
  const nowSeconds = Math.floor(now / 1000);
  if (!checked.ok || typeof password !== 'string' || password.length > 4 * 256) {
    await verifyPasswordHash('', await dummyPasswordHash());
    return { outcome: 'invalid' };
  }
  const address = checked.address;
  const [failures, member] = await Promise.all([readSignInFailures(address, nowSeconds), findMemberByEmail(address)]);
  if (failures && failures.lockedUntil > nowSeconds) {
    return { outcome: 'locked', retryAfterSeconds: failures.lockedUntil - nowSeconds };
  }
  const matches = await verifyPasswordHash(password, member?.passwordHash ?? (await dummyPasswordHash()));
  if (member && matches) {
    if (failures) await clearSignInFailures(address);
    return { outcome: 'signed_in', member: publicMember(member) };
  }
  const counted = await recordSignInFailure(
    address,
    nowSeconds,
    SIGN_IN_FAILURE_WINDOW_SECONDS,
    SIGN_IN_MAX_LOCK_SECONDS,
    lockSecondsAfter,
  );
  if (counted.lockedUntil > nowSeconds) {
    return { outcome: 'locked', retryAfterSeconds: counted.lockedUntil - nowSeconds };
  }
  return { outcome: 'invalid' };
}

/**
 * Starts a session; the token goes to the browser (cookie) and is never readable again. Undefined
 * when the member's password changed since `member` was read (the sign-in checked an old password).
 */
export async function createSession(
  member: Pick<Member, 'id' | 'organizationId' | 'email' | 'passwordChangedAt'>,
  now: number = Date.now(),
): Promise<{ token: string; session: Session } | undefined> {
  const token = generateSessionToken();
  const session: Session = {
    organizationId: member.organizationId,
    memberId: member.id,
    memberEmail: member.email,
    csrfSecret: generateCsrfSecret(),
    createdAt: new Date(now).toISOString(),
    expiresAt: Math.floor(now / 1000) + SESSION_LIFETIME_SECONDS,
  };
  if (!(await putSession(hashSessionToken(token), session, member.passwordChangedAt))) return undefined;
  return { token, session };
}

export type SignInOutcome = { outcome: 'signed_in'; token: string } | Exclude<SignInResult, { outcome: 'signed_in' }>;

/** The dashboard's sign-in: the password check (with its backoff), then a new session. */
export async function signIn(email: string, password: string): Promise<SignInOutcome> {
  const result = await verifyMemberPassword(email, password);
  if (result.outcome !== 'signed_in') return result;
  const started = await createSession(result.member);
  return started ? { outcome: 'signed_in', token: started.token } : { outcome: 'invalid' };
}

const SESSION_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The session of a token, or undefined when there is none or it has expired. */
export async function getSession(token: string, now: number = Date.now()): Promise<Session | undefined> {
  if (typeof token !== 'string' || !SESSION_TOKEN.test(token)) return undefined;
  const session = await findSessionByHash(hashSessionToken(token));
  if (!session || session.expiresAt <= Math.floor(now / 1000)) return undefined;
  return session;
}

/** Sign-out: the token no longer finds a session. */
export async function deleteSession(token: string, session: Pick<Session, 'memberEmail'>): Promise<void> {
  if (typeof token !== 'string' || !SESSION_TOKEN.test(token)) return;
  await deleteSessionByHash(hashSessionToken(token), session.memberEmail);
}
