import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { crc32, displayPrefix, generateApiKey, hashApiKey, parseApiKey } from '#accounts/api-key.ts';

describe('API key format', () => {
  it('is pb_<env>_ + 32 random base62 + 6 checksum characters', () => {
    for (const environment of ['live', 'test'] as const) {
      const key = generateApiKey(environment);
      expect(key).toMatch(new RegExp(`^pb_${environment}_[0-9A-Za-z]{38}$`));
      expect(parseApiKey(key)).toEqual({ environment });
    }
  });

  it('keeps 12 characters for display', () => {
    const key = generateApiKey('live');
    expect(displayPrefix(key)).toHaveLength(12);
    expect(key.startsWith(displayPrefix(key))).toBe(true);
  });

  it('never repeats a key', () => {
    const keys = new Set(Array.from({ length: 2000 }, () => generateApiKey('test')));
    expect(keys.size).toBe(2000);
  });

  it('rejects any single-character change (the checksum catches typos)', () => {
    const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
    fc.assert(
      fc.property(fc.constantFrom('live', 'test'), fc.nat(37), fc.nat(61), (environment, position, shift) => {
        const key = generateApiKey(environment as 'live' | 'test');
        const index = 8 + position;
        const original = key.charAt(index);
        const replacement = alphabet.charAt((alphabet.indexOf(original) + 1 + shift) % 62);
        fc.pre(replacement !== original);
        return parseApiKey(key.slice(0, index) + replacement + key.slice(index + 1)) === undefined;
      }),
      { numRuns: 500 },
    );
  });

  it('rejects other shapes', () => {
    const good = generateApiKey('live');
    for (const bad of [
      '',
      'pb_live_',
      good.slice(0, -1),
      `${good}0`,
      good.replace('pb_live_', 'pb_prod_'),
      ` ${good}`,
    ]) {
      expect(parseApiKey(bad)).toBeUndefined();
    }
  });

  it('computes the standard CRC-32', () => {
    expect(crc32('123456789')).toBe(0xcbf43926);
    expect(crc32('')).toBe(0);
    expect(crc32('The quick brown fox jumps over the lazy dog')).toBe(0x414fa339);
  });

  it('hashes with SHA-256 (hex)', () => {
    expect(hashApiKey('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
