/**
 * The pure parts of dashboard sign-in: password rules and scrypt hashes, session tokens,
 * CSRF tokens and the sign-in backoff policy. No I/O, so they are unit-tested directly.
 *
 * A password hash is `scrypt$N$r$p$<salt base64>$<key base64>` (node:crypto scrypt, random
 * 16-byte salt, 64-byte key). The parameters are read back from the hash, so they can be
 * raised later without invalidating stored hashes.
 */
import { createHash, createHmac, randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

export const SCRYPT_PARAMS = { N: 16384, r: 8, p: 1 } as const;
const SALT_BYTES = 16;
const KEY_BYTES = 64;
export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 256;

function scryptAsync(password: string, salt: Buffer, length: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, length, { ...options, maxmem: 64 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** Passwords are compared in Unicode NFC, so the same password typed on another device matches. */
const canonical = (password: string) => password.normalize('NFC');

/** Why a password is refused, or undefined when it is acceptable (length counted in characters). */
export function passwordProblem(password: string): string | undefined {
  const length = [...canonical(password)].length;
  if (length < MIN_PASSWORD_LENGTH) return `The password must be at least ${MIN_PASSWORD_LENGTH} characters`;
  if (length > MAX_PASSWORD_LENGTH) return `The password must be at most ${MAX_PASSWORD_LENGTH} characters`;
  return undefined;
}

export async function hashPassword(password: string): Promise<string> {
  const { N, r, p } = SCRYPT_PARAMS;
  const salt = randomBytes(SALT_BYTES);
  const key = await scryptAsync(canonical(password), salt, KEY_BYTES, { N, r, p });
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

const HASH_FORMAT = /^scrypt\$(\d+)\$(\d+)\$(\d+)\$([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+)$/;

/**
 * Whether `password` matches `stored`, compared in constant time. A malformed hash, or one
 * with parameters outside sane bounds (which could make scrypt very slow), never matches.
 */
export async function verifyPasswordHash(password: string, stored: string): Promise<boolean> {
  const match = HASH_FORMAT.exec(stored);
  if (!match) return false;
  const [N, r, p] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (N < 2 || N > 2 ** 20 || (N & (N - 1)) !== 0 || r < 1 || r > 32 || p < 1 || p > 16) return false;
  const salt = Buffer.from(match[4] as string, 'base64');
  const expected = Buffer.from(match[5] as string, 'base64');
  if (expected.length < 16) return false;
  const actual = await scryptAsync(canonical(password), salt, expected.length, { N, r, p });
  return timingSafeEqual(actual, expected);
}

let dummyHash: Promise<string> | undefined;
/**
 * A hash of a random password nobody knows, checked when the email is unknown so that an
 * unknown email costs the same scrypt work as a known one (timing does not reveal members).
 */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(24).toString('base64'));
  return dummyHash;
}

/** A new session token (32 random bytes, base64url): given to the browser, never stored. */
export function generateSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The stored form of a session token: SHA-256, hex. */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new per-session CSRF secret (32 random bytes, base64url). */
export function generateCsrfSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** The CSRF token of every form of a session: HMAC-SHA256 of a fixed label under the session's secret. */
export function csrfTokenFor(session: { csrfSecret: string }): string {
  return createHmac('sha256', Buffer.from(session.csrfSecret, 'base64url'))
    .update('postbox-csrf-v1')
    .digest('base64url');
}

/** Whether a submitted CSRF token is the session's (constant-time; anything malformed is refused). */
export function checkCsrfToken(session: { csrfSecret: string }, token: unknown): boolean {
  if (typeof token !== 'string' || token === '') return false;
  const expected = Buffer.from(csrfTokenFor(session));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Failed sign-ins allowed within the window before attempts are refused for a while. */
export const SIGN_IN_FAILURES_BEFORE_LOCK = 5;
/** The counter is kept until this long after the last failure (or after the lock ends). */
export const SIGN_IN_FAILURE_WINDOW_SECONDS = 15 * 60;
export const SIGN_IN_FIRST_LOCK_SECONDS = 30;
export const SIGN_IN_MAX_LOCK_SECONDS = 15 * 60;

/**
 * How long sign-in stays refused after the `failures`-th failure in a row: nothing before the
 * 5th, then 30 s, doubling with every further failure, at most 15 minutes.
 */
export function lockSecondsAfter(failures: number): number {
  if (failures < SIGN_IN_FAILURES_BEFORE_LOCK) return 0;
  const doublings = Math.min(failures - SIGN_IN_FAILURES_BEFORE_LOCK, 10);
  return Math.min(SIGN_IN_FIRST_LOCK_SECONDS * 2 ** doublings, SIGN_IN_MAX_LOCK_SECONDS);
}
