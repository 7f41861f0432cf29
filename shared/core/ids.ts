import { createHash, randomBytes } from 'node:crypto';

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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Whether a path parameter can be an email id (a lower-case UUID); anything else is a 404 without a read. */
export const isUuid = (value: string): boolean => UUID.test(value);

/**
 * The same UUID (version 8, "custom") for the same parts, every time: ids of facts that can be
 * reported twice (an SES notification, a hand-over event), so writing one twice writes the same item.
 */
export function deterministicId(parts: readonly string[]): string {
  const bytes = createHash('sha256').update(parts.join('\u0000')).digest().subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x80; // version 8
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80; // RFC 9562 variant
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
