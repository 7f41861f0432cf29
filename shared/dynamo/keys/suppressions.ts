/**
 * Keys of suppressed addresses and of the sharded item counts of an organization's lists
 * (dynamo/counted-list.ts; suppressions are the one counted list).
 */
import { SUPPRESSION_SORT_KEY } from '#platform/table.ts';
import type { PrimaryKey } from './primary-key.ts';

export type CountedList = 'suppressions';
export const COUNTER_SHARDS = 10;

export const suppressionKeys = {
  /**
   * A suppressed address: its own partition (so bounce storms spread their writes and the
   * send path can BatchGetItem exact addresses), listed newest first through GSI1.
   */
  suppression: (organizationId: string, normalizedEmail: string): PrimaryKey => ({
    PK: `SUPP#${organizationId}#${normalizedEmail}`,
    SK: SUPPRESSION_SORT_KEY,
  }),
  suppressionsList: (organizationId: string, createdAt?: string, suppressionId?: string) => ({
    GSI1PK: `ORG#${organizationId}#SUPPRESSIONS`,
    ...(createdAt && suppressionId ? { GSI1SK: `${createdAt}#${suppressionId}` } : {}),
  }),
  suppressionsListIndex: 'GSI1' as const,
  /** Pointer from a suppression id to its address, for DELETE /suppressions/:id. */
  suppressionPointer: (organizationId: string, suppressionId: string): PrimaryKey => ({
    PK: `ORG#${organizationId}`,
    SK: `SUPPRESSION#${suppressionId}`,
  }),

  /**
   * Item counts of an organization's lists, updated in the same transaction as each write.
   * Each count is spread over COUNTER_SHARDS items (a random one per write) so concurrent
   * transactions rarely touch the same item; a read sums them with one Query.
   */
  counterShard: (organizationId: string, list: CountedList, shard: number): PrimaryKey => ({
    PK: `ORG#${organizationId}`,
    SK: `COUNT#${list}#${shard}`,
  }),
  counterShardsPrefix: (organizationId: string, list: CountedList) => ({
    PK: `ORG#${organizationId}`,
    SKPrefix: `COUNT#${list}#`,
  }),
} as const;

/** The organization of a suppression's key (`SUPP#<org>#<address>`). */
export function organizationOfSuppressionKey(partitionKey: string): string | undefined {
  return /^SUPP#([^#]+)#/.exec(partitionKey)?.[1];
}
