/**
 * API key format: `pb_<env>_` + 32 random base62 characters + a 6-character base62 CRC32
 * of everything before it. The checksum lets the auth middleware refuse a mistyped or
 * made-up key without touching the database; the hash is what the table stores.
 */
import { createHash } from 'node:crypto';
import type { ApiKeyPermission } from '#core/api-key-permission.ts';
import type { Environment } from '#core/environment.ts';
import { encodeBase62, randomBase62 } from '#core/ids.ts';

const RANDOM_LENGTH = 32;
const CHECKSUM_LENGTH = 6;
/** Characters kept in clear for display (docs/api.md, "API keys"). */
export const DISPLAY_PREFIX_LENGTH = 12;
const KEY_PATTERN = new RegExp(`^pb_(live|test)_([0-9A-Za-z]{${RANDOM_LENGTH + CHECKSUM_LENGTH}})$`);

/**
 * CRC-32 (IEEE 802.3), the checksum GitHub-style tokens use. Written out because
 * `zlib.crc32` only exists from Node 20.15, and Postbox supports every Node 20.
 */
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

export function crc32(text: string): number {
  let crc = 0xffffffff;
  for (const byte of Buffer.from(text, 'utf8')) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

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

/** A key as stored (never its secret). */
export interface ApiKey {
  id: string;
  organizationId: string;
  name: string;
  environment: Environment;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  rateLimitPerSecond: number | null;
  permission: ApiKeyPermission;
  /** A sending key's domains; null: not limited to domains. */
  domainIds: string[] | null;
}
