/**
 * The pure parts of unsubscribe and tracking: the signed tokens (shared/unsubscribe/unsubscribe-token.ts),
 * the List-Unsubscribe headers and field (shared/unsubscribe/list-unsubscribe.ts), the tracking switches
 * (shared/unsubscribe/tracking.ts) and the configuration set each combination goes through.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { configurationSetFor, TRACKING_COMBINATIONS } from '#platform/ses-configuration-sets.ts';
import { listUnsubscribeField, listUnsubscribeHeaders } from '#unsubscribe/list-unsubscribe.ts';
import { resolveTracking } from '#unsubscribe/tracking.ts';
import {
  readUnsubscribeToken,
  signUnsubscribeToken,
  UNSUBSCRIBE_TOKEN_DAYS,
  verifyUnsubscribeToken,
} from '#unsubscribe/unsubscribe-token.ts';

const secret = randomBytes(32);
const reference = {
  organizationId: 'org_3kT9aBcDeFgHiJkLmNoP',
  emailId: '019ab2c4-5d6e-7f80-9a1b-2c3d4e5f6a7b',
  recipient: 'Jane@Example.com',
};
const now = Date.UTC(2026, 10, 27, 12, 0, 0);
const DAY_MS = 24 * 60 * 60 * 1000;

describe('unsubscribe tokens', () => {
  const token = signUnsubscribeToken(secret, reference, now);

  it('name the organization and email, not the recipient, and verify for that recipient only', () => {
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(token.toLowerCase()).not.toContain('jane');
    expect(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString()).not.toContain('@');
    expect(readUnsubscribeToken(token, now)).toEqual({
      organizationId: reference.organizationId,
      emailId: reference.emailId,
      expiresAt: now / 1000 + UNSUBSCRIBE_TOKEN_DAYS * 86_400,
    });
    expect(verifyUnsubscribeToken(secret, token, 'jane@example.com')).toBe(true);
    expect(verifyUnsubscribeToken(secret, token, 'john@example.com')).toBe(false);
    expect(verifyUnsubscribeToken(randomBytes(32), token, 'jane@example.com')).toBe(false);
  });

  it(`expire after ${UNSUBSCRIBE_TOKEN_DAYS} days`, () => {
    expect(readUnsubscribeToken(token, now + (UNSUBSCRIBE_TOKEN_DAYS * DAY_MS - 1000))).toBeDefined();
    expect(readUnsubscribeToken(token, now + UNSUBSCRIBE_TOKEN_DAYS * DAY_MS)).toBeUndefined();
  });

  it('refuse any change: to the payload, the MAC, or another spelling of the same payload', () => {
    const [payload, mac] = token.split('.') as [string, string];
    const flip = (text: string, at: number) => text.slice(0, at) + (text[at] === 'A' ? 'B' : 'A') + text.slice(at + 1);
    expect(verifyUnsubscribeToken(secret, `${payload}.${flip(mac, 5)}`, 'jane@example.com')).toBe(false);
    const other = signUnsubscribeToken(secret, { ...reference, emailId: '019ab2c4-5d6e-7f80-9a1b-2c3d4e5f6a7c' }, now);
    const swapped = `${other.split('.')[0]}.${mac}`;
    expect(readUnsubscribeToken(swapped, now)).toBeDefined();
    expect(verifyUnsubscribeToken(secret, swapped, 'jane@example.com')).toBe(false);
    for (const malformed of [
      '',
      '.',
      'abc',
      `${payload}.`,
      `${payload}.${mac}.x`,
      `${payload}=.${mac}`,
      `${'A'.repeat(300)}.${mac}`,
    ]) {
      expect(readUnsubscribeToken(malformed, now), malformed).toBeUndefined();
    }
    const garbage = `${Buffer.from('org_x:not-a-uuid:99').toString('base64url')}.${mac}`;
    expect(readUnsubscribeToken(garbage, now)).toBeUndefined();
  });
});

describe('List-Unsubscribe headers', () => {
  it('point at Postbox’s link with the one-click header, or carry the sender’s URIs as given', () => {
    expect(listUnsubscribeHeaders(undefined, undefined)).toEqual({});
    expect(listUnsubscribeHeaders(true, 'https://api.example.com/unsubscribe/t.k')).toEqual({
      'List-Unsubscribe': '<https://api.example.com/unsubscribe/t.k>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(() => listUnsubscribeHeaders(true, undefined)).toThrow();
    expect(listUnsubscribeHeaders({ url: 'https://x.example/u', mailto: 'mailto:u@x.example' }, undefined)).toEqual({
      'List-Unsubscribe': '<https://x.example/u>, <mailto:u@x.example>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(listUnsubscribeHeaders({ mailto: 'mailto:u@x.example?subject=stop' }, undefined)).toEqual({
      'List-Unsubscribe': '<mailto:u@x.example?subject=stop>',
    });
  });

  it('take true or {url, mailto} and nothing else', () => {
    expect(listUnsubscribeField.safeParse(true).success).toBe(true);
    expect(listUnsubscribeField.safeParse({ url: 'https://x.example/u' }).success).toBe(true);
    expect(listUnsubscribeField.safeParse({ mailto: 'mailto:u%40x@x.example' }).success).toBe(false);
    for (const bad of [
      false,
      'true',
      {},
      { url: 'http://x.example/u' },
      { url: 'https://x.example/a,b' },
      { url: 'https://x.example/<b>' },
      { url: 'https://user@x.example/' },
      { url: 'not a url' },
      { mailto: 'u@x.example' },
      { mailto: 'mailto:' },
      { url: 'https://x.example/u', other: 1 },
    ]) {
      expect(listUnsubscribeField.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});

describe('tracking switches', () => {
  it('take each switch from the send, else from the organization', () => {
    const defaults = { opens: true, clicks: false };
    expect(resolveTracking(undefined, defaults)).toEqual(defaults);
    expect(resolveTracking({ clicks: true }, defaults)).toEqual({ opens: true, clicks: true });
    expect(resolveTracking({ opens: false }, defaults)).toEqual({ opens: false, clicks: false });
  });

  it('pick one configuration set per combination, within SES’s 64 characters', () => {
    const long = 'p'.repeat(64);
    const names = TRACKING_COMBINATIONS.map((tracking) => configurationSetFor(long, tracking));
    expect(new Set(names).size).toBe(4);
    for (const name of names) expect(name.length).toBeLessThanOrEqual(64);
    expect(names[0]).toBe(long);
    expect(names[3]?.endsWith('-opens-clicks')).toBe(true);
  });
});
