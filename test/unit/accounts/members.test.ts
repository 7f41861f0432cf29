import { describe, expect, it } from 'vitest';
import {
  checkCsrfToken,
  csrfTokenFor,
  dummyPasswordHash,
  generateCsrfSecret,
  generateSessionToken,
  hashPassword,
  hashSessionToken,
  lockSecondsAfter,
  passwordProblem,
  verifyPasswordHash,
} from '#accounts/member-credentials.ts';

describe('password hashes', () => {
  it('stores scrypt$N$r$p$salt$hash with a random 16-byte salt and a 64-byte key', async () => {
    const hash = await hashPassword('correct horse battery');
    const parts = hash.split('$');
    expect(parts.slice(0, 4)).toEqual(['scrypt', '16384', '8', '1']);
    expect(Buffer.from(parts[4] as string, 'base64')).toHaveLength(16);
    expect(Buffer.from(parts[5] as string, 'base64')).toHaveLength(64);
    expect(hash).not.toContain('correct horse');
    // A fresh salt each time: the same password never gives the same hash.
    expect(await hashPassword('correct horse battery')).not.toBe(hash);
  });

  it('verifies the right password and refuses any other', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(await verifyPasswordHash('correct horse battery', hash)).toBe(true);
    expect(await verifyPasswordHash('correct horse batterY', hash)).toBe(false);
    expect(await verifyPasswordHash('', hash)).toBe(false);
  });

  it('compares in Unicode NFC', async () => {
    const hash = await hashPassword('caf\u00e9-password-1');
    expect(await verifyPasswordHash('cafe\u0301-password-1', hash)).toBe(true);
  });

  it('never matches a malformed hash or one with extreme parameters', async () => {
    const hash = await hashPassword('correct horse battery');
    const [, , r, p, salt, key] = hash.split('$');
    expect(await verifyPasswordHash('correct horse battery', 'plain')).toBe(false);
    expect(await verifyPasswordHash('correct horse battery', `scrypt$${2 ** 24}$${r}$${p}$${salt}$${key}`)).toBe(false);
    expect(await verifyPasswordHash('correct horse battery', `scrypt$16000$${r}$${p}$${salt}$${key}`)).toBe(false);
    expect(await verifyPasswordHash('correct horse battery', `scrypt$16384$${r}$${p}$${salt}$AAAA`)).toBe(false);
  });

  it('has a dummy hash (for unknown emails) that nothing matches', async () => {
    const dummy = await dummyPasswordHash();
    expect(dummy).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(await dummyPasswordHash()).toBe(dummy);
    expect(await verifyPasswordHash('', dummy)).toBe(false);
  });

  it('accepts passwords of 12 to 256 characters', () => {
    expect(passwordProblem('a'.repeat(11))).toMatch(/at least 12/);
    expect(passwordProblem('a'.repeat(12))).toBeUndefined();
    expect(passwordProblem('\u{1F600}'.repeat(12))).toBeUndefined(); // characters, not UTF-16 units
    expect(passwordProblem('a'.repeat(256))).toBeUndefined();
    expect(passwordProblem('a'.repeat(257))).toMatch(/at most 256/);
  });
});

describe('session tokens', () => {
  it('are 32 random bytes in base64url, stored as their SHA-256 hex', () => {
    const token = generateSessionToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(generateSessionToken()).not.toBe(token);
    expect(hashSessionToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashSessionToken(token)).not.toContain(token);
  });
});

describe('CSRF tokens', () => {
  it("accepts the session's token and refuses another session's, a changed or a missing one", () => {
    const session = { csrfSecret: generateCsrfSecret() };
    const other = { csrfSecret: generateCsrfSecret() };
    const token = csrfTokenFor(session);
    expect(csrfTokenFor(session)).toBe(token);
    expect(checkCsrfToken(session, token)).toBe(true);
    expect(checkCsrfToken(other, token)).toBe(false);
    expect(checkCsrfToken(session, `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`)).toBe(false);
    expect(checkCsrfToken(session, token.slice(1))).toBe(false);
    expect(checkCsrfToken(session, '')).toBe(false);
    expect(checkCsrfToken(session, undefined)).toBe(false);
    expect(checkCsrfToken(session, [token])).toBe(false);
  });

  it('does not reveal the secret', () => {
    const session = { csrfSecret: generateCsrfSecret() };
    expect(csrfTokenFor(session)).not.toContain(session.csrfSecret);
  });
});

describe('sign-in backoff', () => {
  it('locks from the 5th failure, 30 s doubling per failure, at most 15 minutes', () => {
    expect([1, 2, 3, 4].map(lockSecondsAfter)).toEqual([0, 0, 0, 0]);
    expect([5, 6, 7, 8, 9, 10].map(lockSecondsAfter)).toEqual([30, 60, 120, 240, 480, 900]);
    expect(lockSecondsAfter(1000)).toBe(900);
  });
});
