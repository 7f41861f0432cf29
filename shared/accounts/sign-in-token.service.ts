/**
 * The sign-in form's login-CSRF token. There is no session yet to tie it to, so it is a signed
 * double-submit token (`v1.<expires>.<nonce>.<HMAC-SHA256>` under a server secret, the same value in an
 * HttpOnly cookie and in the form): a value an attacker makes up, or plants as both, is refused. The
 * rules: docs/dashboard.md, "Members, sessions and forms" (CSRF); the secret: docs/data-model.md, M8.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { serverSecret } from '#accounts/server-secret.store.ts';

/** The token lives as long as a sign-in form may stay open (the cookie's Max-Age too). */
export const SIGN_IN_TOKEN_SECONDS = 60 * 60;
/** The name of its signing secret (shared/accounts/server-secret.store.ts). */
export const SIGN_IN_SECRET_NAME = 'sign-in-form';
const VERSION = 'v1';
const TOKEN_FORMAT = /^v1\.(\d{1,12})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

const mac = (secret: Buffer, payload: string) => createHmac('sha256', secret).update(payload).digest('base64url');

/** A token expiring `SIGN_IN_TOKEN_SECONDS` after `nowMs` (pure; the nonce is 16 random bytes). */
export function signSignInToken(
  secret: Buffer,
  nowMs: number = Date.now(),
  nonce: string = randomBytes(16).toString('base64url'),
): string {
  const payload = `${VERSION}.${Math.floor(nowMs / 1000) + SIGN_IN_TOKEN_SECONDS}.${nonce}`;
  return `${payload}.${mac(secret, payload)}`;
}

/** Whether `token` is well formed, signed under `secret` and not expired at `nowMs` (pure). */
export function verifySignInToken(secret: Buffer, token: string, nowMs: number = Date.now()): boolean {
  const match = TOKEN_FORMAT.exec(token);
  if (!match) return false;
  const expected = Buffer.from(mac(secret, token.slice(0, token.lastIndexOf('.'))));
  const given = Buffer.from(match[3] as string);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  return Number(match[1]) > Math.floor(nowMs / 1000);
}

/** The form's token must equal the cookie's (double submit) and be one of ours, unexpired. */
export function signInTokenAccepted(
  secret: Buffer,
  cookieToken: string | undefined,
  formToken: string | undefined,
  nowMs: number = Date.now(),
): boolean {
  if (!cookieToken || !formToken) return false;
  const a = Buffer.from(cookieToken);
  const b = Buffer.from(formToken);
  if (a.length !== b.length || !timingSafeEqual(a, b)) return false;
  return verifySignInToken(secret, formToken, nowMs);
}

/** The signing secret: read (or created) once per module (shared/accounts/server-secret.store.ts). */
const signInTokenSecret = () => serverSecret(SIGN_IN_SECRET_NAME);

/** A new token for a sign-in form. */
export async function issueSignInToken(): Promise<string> {
  return signSignInToken(await signInTokenSecret());
}

/** Whether a sign-in post carries a token this deployment issued, the same in its cookie and field. */
export async function checkSignInToken(cookieToken: string | undefined, formToken: string | undefined) {
  if (!cookieToken || !formToken) return false;
  return signInTokenAccepted(await signInTokenSecret(), cookieToken, formToken);
}
