/**
 * The due index (GSI2, sparse): emails with a deadline for the scheduler. An entry is written
 * with the email (putEmail), left where it is by the hand-over (recordSent,
 * recordHandOverReportedBySes) and removed in the same write that takes the status out of `queued`
 * (applyEmailEvents, recordFailed); this module reads the due entries of a shard (and the hand-over
 * times of those handed over) and moves or removes one deadline. Every write is conditioned on the entry the scheduler read (GSI2SK), so a
 * concurrent run, a consumer or a cancel that changed the email in between always wins.
 */
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Environment } from '#core/environment.ts';
import { batchGetAll } from '#dynamo/batch.ts';
import { db, tableName } from '#dynamo/client.ts';
import { keys } from '#dynamo/keys.ts';
import { conditionalWrite } from '#dynamo/writes.ts';

export interface DueEntry {
  organization_id: string;
  id: string;
  environment: Environment;
  status: string;
  /** Not projected (the hand-over would rewrite the entry): filled by readHandOvers. */
  ses_message_id?: string;
  scheduled_at: string | null;
  created_at: string;
  sweeps?: number;
  /** GSI2SK as read; absent for an immediate email found without a due entry (unindexed-sweep.service.ts). */
  sortKey?: string;
  /** The deadline part of the sort key (ISO). */
  deadline: string;
}

/**
 * Entries of `shard` whose deadline is at or before `now`, oldest deadline first, at most `limit`.
 * `more`: entries may be left for the next run. Only the attributes the scheduler needs are
 * returned (GSI2 projects only DUE_INDEX_ATTRIBUTES, so an entry is small).
 * `organizationId` narrows the run to one organization (a filter: tests use it).
 */
export async function queryDueEntries(
  shard: number,
  now: number,
  limit: number,
  organizationId?: string,
): Promise<{ entries: DueEntry[]; more: boolean }> {
  const bound = keys.dueUpTo(shard, now);
  const entries: DueEntry[] = [];
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: tableName,
        IndexName: keys.dueIndex,
        KeyConditionExpression: 'GSI2PK = :pk AND GSI2SK < :below',
        ProjectionExpression: 'organization_id, id, environment, #status, scheduled_at, created_at, sweeps, GSI2SK',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':pk': bound.GSI2PK,
          ':below': bound.GSI2SKBelow,
          ...(organizationId ? { ':org': organizationId } : {}),
        },
        ...(organizationId ? { FilterExpression: 'organization_id = :org' } : {}),
        Limit: limit - entries.length,
        ExclusiveStartKey: cursor,
      }),
    );
    for (const item of page.Items ?? []) {
      const { GSI2SK, ...rest } = item as Omit<DueEntry, 'sortKey' | 'deadline'> & { GSI2SK: string };
      entries.push({ ...rest, sortKey: GSI2SK, deadline: GSI2SK.split('#')[0] ?? '' });
    }
    cursor = page.LastEvaluatedKey;
  } while (cursor && entries.length < limit);
  return { entries, more: cursor !== undefined };
}

/** An email's hand-over as the scheduler reads it: its status, SES id and time when handed over. */
export interface HandOverState {
  status: string;
  ses_message_id?: string;
  sent_at?: string;
}

/**
 * The hand-over state of each entry's email (`ses_message_id`, `sent_at`, which the index does not
 * project, so that the hand-over writes the email alone, not its entry): one consistent BatchGetItem
 * per 100. Entries come due only when released, swept or late, so this read is on the rare path. Keyed
 * by email id; an email no longer there is missing.
 */
export async function readHandOvers(entries: readonly DueEntry[]): Promise<Map<string, HandOverState>> {
  if (entries.length === 0) return new Map();
  const items = await batchGetAll(
    entries.map((entry) => keys.email(entry.organization_id, entry.id)),
    { attributes: ['id', 'status', 'ses_message_id', 'sent_at'], consistent: true },
  );
  return handOverStates(items);
}

/** The hand-over states of email items read with (at least) id, status, ses_message_id and sent_at. */
export function handOverStates(items: readonly Record<string, unknown>[]): Map<string, HandOverState> {
  return new Map(
    items.map((item) => [
      String(item.id),
      {
        status: String(item.status),
        ...(typeof item.ses_message_id === 'string' ? { ses_message_id: item.ses_message_id } : {}),
        ...(typeof item.sent_at === 'string' ? { sent_at: item.sent_at } : {}),
      },
    ]),
  );
}

/**
 * Moves the entry's deadline (and counts a sweep) if the email is still queued, not with SES (or,
 * `handedOver`, with SES: a finish, or the wait for its outcome deadline), and the entry is the one read. False when something else
 * changed it first.
 */
export async function moveDeadline(
  entry: DueEntry,
  nextDeadline: string,
  countSweep: boolean,
  handedOver = false,
): Promise<boolean> {
  const next = keys.dueEntry(entry.id, nextDeadline);
  // An email found without a due entry gets one only if none was written meanwhile.
  const seen = entry.sortKey === undefined ? 'attribute_not_exists(GSI2SK)' : 'GSI2SK = :seen';
  return conditionalWrite(
    new UpdateCommand({
      TableName: tableName,
      Key: keys.email(entry.organization_id, entry.id),
      UpdateExpression: `SET GSI2PK = :pk, GSI2SK = :next${countSweep ? ' ADD sweeps :one' : ''}`,
      ConditionExpression: `${seen} AND #status = :queued AND ${
        handedOver ? 'attribute_exists(ses_message_id)' : 'attribute_not_exists(ses_message_id)'
      }`,
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':pk': next.GSI2PK,
        ':next': next.GSI2SK,
        ...(entry.sortKey === undefined ? {} : { ':seen': entry.sortKey }),
        ':queued': 'queued',
        ...(countSweep ? { ':one': 1 } : {}),
      },
    }),
  );
}

/** Removes the entry of an email that needs nothing more (final); an email without one needs nothing. */
export async function removeDueEntry(entry: DueEntry): Promise<void> {
  if (entry.sortKey === undefined) return;
  await conditionalWrite(
    new UpdateCommand({
      TableName: tableName,
      Key: keys.email(entry.organization_id, entry.id),
      UpdateExpression: 'REMOVE GSI2PK, GSI2SK',
      ConditionExpression: 'GSI2SK = :seen',
      ExpressionAttributeValues: { ':seen': entry.sortKey },
    }),
  );
}
