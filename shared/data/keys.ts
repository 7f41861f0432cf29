/**
 * Every DynamoDB key of the single table is built here and nowhere else.
 * docs/data-model.md lists each entity and access pattern with the key it uses.
 *
 * Partition keys carry the organization id wherever the organization is known before the
 * read. The API-key item is the exception: it is found by the hash of the presented key,
 * before anyone knows the organization.
 */
import type { IndexName } from '../table.ts';

export interface PrimaryKey {
  PK: string;
  SK: string;
}

export const keys = {
  organization: (organizationId: string): PrimaryKey => ({ PK: `ORG#${organizationId}`, SK: 'ORG' }),

  /** Looked up by the SHA-256 hash of the full key, with a consistent read. */
  apiKey: (keyHash: string): PrimaryKey => ({ PK: `APIKEY#${keyHash}`, SK: 'APIKEY' }),
  /** GSI1: an organization's keys, oldest first. */
  apiKeysOfOrganization: (organizationId: string, createdAt?: string, keyId?: string) => ({
    GSI1PK: `ORG#${organizationId}#APIKEYS`,
    ...(createdAt && keyId ? { GSI1SK: `${createdAt}#${keyId}` } : {}),
  }),
  /** GSI1: find one key by its id (for revocation) within its organization. */
  apiKeysIndex: 'GSI1' as IndexName,

  /**
   * One item per organization (or source IP) per one-second window. The window is part of
   * the partition key so that no single key takes every write of a busy organization, and
   * items expire through TTL a minute later.
   */
  rateLimitWindow: (scope: 'org' | 'ip', id: string, windowEpochSecond: number): PrimaryKey => ({
    PK: `RATE#${scope === 'org' ? 'ORG' : 'IP'}#${id}#${windowEpochSecond}`,
    SK: 'RATE',
  }),
} as const;
