/** Keys of the API's own request bookkeeping: Idempotency-Keys and rate-limit windows. */
import type { PrimaryKey } from './primary-key.ts';

/**
 * Who a rate-limit window counts: an organization (API), a source IP (unauthenticated requests),
 * a dashboard member (page views), a source IP's dashboard sign-in posts, a source IP's unsubscribe
 * requests (mailbox providers post one-click unsubscribes from few addresses: a window of their own),
 * an organization's webhook tests (each an outbound POST: a small window of their own).
 */
export type RateLimitScope = 'org' | 'ip' | 'member' | 'signin' | 'unsubscribe' | 'webhook-test';

export const httpKeys = {
  /** An Idempotency-Key of an organization, by the SHA-256 hash (hex) of the key; expires through TTL. */
  idempotency: (organizationId: string, keyHash: string): PrimaryKey => ({
    PK: `IDEMPOTENCY#${organizationId}#${keyHash}`,
    SK: 'IDEMPOTENCY',
  }),
  /**
   * One item per organization (or source IP) per one-second window. The window is part of
   * the partition key so that no single key takes every write of a busy organization, and
   * items expire through TTL a minute later.
   */
  rateLimitWindow: (scope: RateLimitScope, id: string, windowEpochSecond: number): PrimaryKey => ({
    PK: `RATE#${scope.toUpperCase()}#${id}#${windowEpochSecond}`,
    SK: 'RATE',
  }),
} as const;
