import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  SIGN_IN_TOKEN_SECONDS,
  signInTokenAccepted,
  signSignInToken,
  verifySignInToken,
} from '#accounts/sign-in-token.service.ts';

const secret = randomBytes(32);
const now = Date.UTC(2026, 0, 1, 12);

describe('the sign-in form token', () => {
  it('is v1.<expires>.<nonce>.<HMAC>, cookie-safe, and verifies under its secret until it expires', () => {
    const token = signSignInToken(secret, now);
    expect(token).toMatch(/^v1\.\d+\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/);
    expect(token.split('.')[1]).toBe(String(now / 1000 + SIGN_IN_TOKEN_SECONDS));
    expect(verifySignInToken(secret, token, now)).toBe(true);
    expect(verifySignInToken(secret, token, now + (SIGN_IN_TOKEN_SECONDS - 1) * 1000)).toBe(true);
    expect(verifySignInToken(secret, token, now + SIGN_IN_TOKEN_SECONDS * 1000)).toBe(false);
    expect(signSignInToken(secret, now)).not.toBe(token);
  });

  it('refuses another secret, a changed part, a bad MAC and anything malformed', () => {
    const token = signSignInToken(secret, now);
    const [version, expires, nonce, mac] = token.split('.') as [string, string, string, string];
    expect(verifySignInToken(randomBytes(32), token, now)).toBe(false);
    expect(verifySignInToken(secret, [version, String(Number(expires) + 3600), nonce, mac].join('.'), now)).toBe(false);
    expect(verifySignInToken(secret, [version, expires, `${nonce.slice(1)}A`, mac].join('.'), now)).toBe(false);
    expect(verifySignInToken(secret, [version, expires, nonce, 'A'.repeat(43)].join('.'), now)).toBe(false);
    expect(verifySignInToken(secret, ['v2', expires, nonce, mac].join('.'), now)).toBe(false);
    for (const malformed of ['', 'x', randomBytes(32).toString('base64url'), `${token}.x`, `${token}A`, ` ${token}`]) {
      expect(verifySignInToken(secret, malformed, now), malformed).toBe(false);
    }
  });

  it('is accepted only when the cookie and the field hold the same valid token', () => {
    const token = signSignInToken(secret, now);
    const other = signSignInToken(secret, now);
    expect(signInTokenAccepted(secret, token, token, now)).toBe(true);
    expect(signInTokenAccepted(secret, token, other, now)).toBe(false);
    expect(signInTokenAccepted(secret, undefined, token, now)).toBe(false);
    expect(signInTokenAccepted(secret, token, undefined, now)).toBe(false);
    const planted = randomBytes(32).toString('base64url');
    expect(signInTokenAccepted(secret, planted, planted, now)).toBe(false);
    const expired = signSignInToken(secret, now - SIGN_IN_TOKEN_SECONDS * 1000);
    expect(signInTokenAccepted(secret, expired, expired, now)).toBe(false);
  });
});
