import { randomBytes } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Uniform random base62 string (rejection sampling, so no character is favoured). */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += BASE62.charAt(byte % 62);
    }
  }
  return out;
}

export function encodeBase62(value: number, width: number): string {
  let out = '';
  let rest = value;
  while (rest > 0) {
    out = BASE62.charAt(rest % 62) + out;
    rest = Math.floor(rest / 62);
  }
  return out.padStart(width, '0');
}

/** Opaque resource id such as `org_3kT9...`. */
export function newId(prefix: string): string {
  return `${prefix}_${randomBase62(20)}`;
}

export const nowIso = (): string => new Date().toISOString();

/**
 * Whether a path parameter can be an id of ours. Anything else is reported as not found
 * without touching the table (and can never make an oversized key).
 */
export function isResourceId(prefix: string, value: string): boolean {
  return new RegExp(`^${prefix}_[0-9A-Za-z]{1,64}$`).test(value);
}
