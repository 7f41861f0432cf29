/**
 * API key format: `pb_<env>_` + 32 random base62 characters + a 6-character base62 CRC32
 * of everything before it. The checksum lets the auth middleware refuse a mistyped or
 * made-up key without touching the database; the hash is what the table stores.
 */
import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { encodeBase62, randomBase62 } from './ids.ts';

export type Environment = 'live' | 'test';
export const ENVIRONMENTS: readonly Environment[] = ['live', 'test'];

const RANDOM_LENGTH = 32;
const CHECKSUM_LENGTH = 6;
/** Characters kept in clear for display, per the spec. */
export const DISPLAY_PREFIX_LENGTH = 12;
const KEY_PATTERN = new RegExp(`^pb_(live|test)_([0-9A-Za-z]{${RANDOM_LENGTH + CHECKSUM_LENGTH}})$`);

function checksum(body: string): string {
  return encodeBase62(crc32(body), CHECKSUM_LENGTH);
}

export function generateApiKey(environment: Environment): string {
  const body = `pb_${environment}_${randomBase62(RANDOM_LENGTH)}`;
  return body + checksum(body);
}

/** The environment of a well-formed key whose checksum matches, else undefined. */
export function parseApiKey(key: string): { environment: Environment } | undefined {
  const match = KEY_PATTERN.exec(key);
  if (!match) return undefined;
  const body = key.slice(0, -CHECKSUM_LENGTH);
  if (checksum(body) !== key.slice(-CHECKSUM_LENGTH)) return undefined;
  return { environment: match[1] as Environment };
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export function displayPrefix(key: string): string {
  return key.slice(0, DISPLAY_PREFIX_LENGTH);
}
