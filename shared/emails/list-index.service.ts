/**
 * The table's stream → the email list's `to`/tag pointers and counters, and the deliverability counters
 * (one reader of the stream for all counting). Pointers are written first (idempotent puts and deletes);
 * the counters then in deliverability's transactions, one update per run of records and organization
 * and environment, so a send writes neither and a retried batch counts nothing twice. The lag this
 * allows (≤ 2 s): docs/api.md, "List emails"; docs/data-model.md, L1–L2.
 */
import type { Environment } from '#core/environment.ts';
import { errorLogFields } from '#core/log-fields.ts';
import { logger } from '#core/logger.ts';
import { type CountedAlongside, countChanges } from '#deliverability/metric-counting.service.ts';
import type { StreamChange } from '#dynamo/stream-change.ts';
import type { EmailStatus } from '#emails/email.ts';
import {
  type EmailCountMoves,
  emailCounterUpdate,
  type PointedEmail,
  type PointerWrite,
  writePointers,
} from '#emails/email-index.store.ts';
import { ITEM_TYPES } from '#platform/table.ts';

const isEmail = (image: Record<string, unknown> | undefined) => image?.type === ITEM_TYPES.email;
const statusOf = (image: Record<string, unknown> | undefined) => image?.status as EmailStatus | undefined;

/** The counter moves of one change of an email item: an insert, a status change, a removal (a take-back). */
export function countMovesOf(
  change: StreamChange,
): { organizationId: string; environment: Environment; moves: EmailCountMoves } | undefined {
  const image = change.newImage ?? change.oldImage;
  if (!isEmail(image) || !image) return undefined;
  const before = change.eventName === 'INSERT' ? undefined : statusOf(change.oldImage);
  const after = change.eventName === 'REMOVE' ? undefined : statusOf(change.newImage);
  if (before === after) return undefined;
  const moves: EmailCountMoves = {};
  if (before === undefined) moves.total = 1;
  if (after === undefined) moves.total = -1;
  if (before) moves[before] = (moves[before] ?? 0) - 1;
  if (after) moves[after] = (moves[after] ?? 0) + 1;
  return {
    organizationId: String(image.organization_id),
    environment: String(image.environment) as Environment,
    moves,
  };
}

/** The pointer writes of a batch's changes, in order: an inserted email's put, a removed one's delete. */
export function pointerWritesOf(changes: readonly StreamChange[]): PointerWrite[] {
  return changes.flatMap((change): PointerWrite[] => {
    if (change.eventName === 'INSERT' && isEmail(change.newImage)) {
      return [{ put: true, email: change.newImage as unknown as PointedEmail }];
    }
    if (change.eventName === 'REMOVE' && isEmail(change.oldImage)) {
      return [{ put: false, email: change.oldImage as unknown as PointedEmail }];
    }
    return [];
  });
}

/** The email counters, counted alongside the deliverability counters (the same transaction per run). */
const emailCounters: CountedAlongside = {
  counterOf(change) {
    const moved = countMovesOf(change);
    return moved ? `${moved.organizationId}|${moved.environment}` : undefined;
  },
  updatesOf(changes, seed) {
    const sums = new Map<string, { organizationId: string; environment: Environment; moves: EmailCountMoves }>();
    for (const change of changes) {
      const moved = countMovesOf(change);
      if (!moved) continue;
      const key = `${moved.organizationId}|${moved.environment}`;
      const sum = sums.get(key) ?? { organizationId: moved.organizationId, environment: moved.environment, moves: {} };
      for (const [name, by] of Object.entries(moved.moves) as Array<[keyof EmailCountMoves, number]>) {
        sum.moves[name] = (sum.moves[name] ?? 0) + by;
      }
      sums.set(key, sum);
    }
    return [...sums.values()].map((sum) => emailCounterUpdate(sum.organizationId, sum.environment, seed, sum.moves));
  },
};

/**
 * Indexes and counts a batch of the stream's changes; answers the id of the first change not counted
 * (Lambda resumes there), or undefined when all were.
 */
export async function indexAndCountChanges(changes: readonly StreamChange[]): Promise<string | undefined> {
  const pointers = pointerWritesOf(changes);
  try {
    await writePointers(pointers);
  } catch (error) {
    // Nothing of the batch is counted yet: it is read again from its first record.
    logger.error('email list pointers not written; the stream resumes at this batch', {
      pointers: pointers.length,
      ...errorLogFields(error),
    });
    return changes[0]?.id;
  }
  return countChanges(changes, emailCounters);
}
