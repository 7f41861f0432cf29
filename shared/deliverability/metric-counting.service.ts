/**
 * The table's stream → deliverability counters (metric-counts.ts says what counts). A batch's records
 * are summed per organization, environment and bucket and added in transactions of at most 100 items
 * (metric-counter.store.ts), in the records' order, with any counters a caller counts alongside
 * (`CountedAlongside`: the email list's); when one fails, the answer names its first record, so Lambda
 * resumes there and the records before it — counted — are not read again.
 */
import { createHash } from 'node:crypto';
import type { Environment } from '#core/environment.ts';
import { errorLogFields } from '#core/log-fields.ts';
import { logger } from '#core/logger.ts';
import { addToCounters, MAX_COUNTERS_PER_WRITE } from '#deliverability/metric-counter.store.ts';
import {
  type CountedChange,
  type CountedEmail,
  countsOfEvent,
  countsOfHandOver,
  type MetricCounts,
  sumByBucket,
} from '#deliverability/metric-counts.ts';
import { evaluateSendingGuard } from '#deliverability/sending-guard.service.ts';
import { batchGetAll } from '#dynamo/batch.ts';
import { emailOfCollectionKey, keys, METRIC_SHARDS } from '#dynamo/keys.ts';
import type { StreamChange } from '#dynamo/stream-change.ts';
import type { TransactItems } from '#dynamo/writes.ts';
import { deliveredEntriesAdded } from '#platform/delivered-events.ts';
import { ITEM_TYPES } from '#platform/table.ts';

/**
 * Other counters moved by the same records, written in the same transaction (so exactly once too):
 * `counterOf` names the counter a change moves (none: undefined), `updatesOf` the updates of a run's
 * changes; `seed` (a byte of the run's token) picks their shard.
 */
export interface CountedAlongside {
  counterOf(change: StreamChange): string | undefined;
  updatesOf(changes: readonly StreamChange[], seed: number): TransactItems;
}

/** DynamoDB's most items in one transaction. */
const MAX_TRANSACTION_ITEMS = 100;

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const listLength = (value: unknown): number => (Array.isArray(value) ? value.length : 0);

function countedEmail(image: Record<string, unknown>): CountedEmail {
  return {
    environment: (text(image.environment) ?? 'live') as Environment,
    recipients: listLength(image.to) + listLength(image.cc) + listLength(image.bcc),
    suppressedAtHandOver: listLength(image.suppressed_recipients),
  };
}

/**
 * The counts of one change, given the emails of the batch's event items: an email's hand-over (its
 * recipients sent to), the `delivered` events a change of an email added (the email is its own image),
 * a counted event item.
 */
function countedOf(change: StreamChange, emails: Map<string, CountedEmail>): CountedChange[] {
  const image = change.newImage ?? {};
  const owner = emailOfCollectionKey(text(image.PK) ?? '');
  if (!owner || change.eventName === 'REMOVE') return [];
  if (image.type === ITEM_TYPES.email) {
    const email = countedEmail(image);
    const counted = (time: string, counts: Partial<MetricCounts> | undefined): CountedChange[] =>
      counts ? [{ organizationId: owner.organizationId, environment: email.environment, time, counts }] : [];
    const handedOver =
      image.ses_message_id && !change.oldImage?.ses_message_id
        ? counted(text(image.sent_at) ?? new Date().toISOString(), countsOfHandOver(email))
        : [];
    const delivered = deliveredEntriesAdded(change.oldImage, image).flatMap((entry) =>
      counted(entry.at, countsOfEvent({ type: 'delivered', recipient: entry.rcpt ?? null }, email)),
    );
    return [...handedOver, ...delivered];
  }
  if (image.type !== ITEM_TYPES.emailEvent || change.eventName !== 'INSERT') return [];
  const email = emails.get(`${owner.organizationId}|${owner.emailId}`);
  const time = text(image.created_at);
  if (!email || !time) return [];
  const counts = countsOfEvent(
    { type: text(image.event_type) ?? '', recipient: text(image.recipient) ?? null, detail: text(image.detail) },
    email,
  );
  return counts ? [{ organizationId: owner.organizationId, environment: email.environment, time, counts }] : [];
}

/** The emails the batch's events belong to (one BatchGetItem per 100). */
async function emailsOfEvents(changes: readonly StreamChange[]): Promise<Map<string, CountedEmail>> {
  const owners = new Map<string, { organizationId: string; emailId: string }>();
  for (const change of changes) {
    if (change.newImage?.type !== ITEM_TYPES.emailEvent) continue;
    const owner = emailOfCollectionKey(text(change.newImage.PK) ?? '');
    if (owner) owners.set(`${owner.organizationId}|${owner.emailId}`, owner);
  }
  if (owners.size === 0) return new Map();
  const items = await batchGetAll(
    [...owners.values()].map((owner) => keys.email(owner.organizationId, owner.emailId)),
    { attributes: ['PK', 'environment', 'to', 'cc', 'bcc'] },
  );
  const emails = new Map<string, CountedEmail>();
  for (const item of items) {
    const owner = emailOfCollectionKey(text(item.PK) ?? '');
    if (owner) emails.set(`${owner.organizationId}|${owner.emailId}`, countedEmail(item));
  }
  return emails;
}

/**
 * Counts the changes; answers the id of the first change not counted (its write failed), or undefined
 * when all were.
 */
export async function countChanges(
  changes: readonly StreamChange[],
  alongside?: CountedAlongside,
): Promise<string | undefined> {
  const emails = await emailsOfEvents(changes);
  // Consecutive runs of changes whose counters fit one transaction (an hour's counter is 2 items with
  // its directory entry; a counter alongside 1 item).
  const runs: Array<{ changes: StreamChange[]; counted: CountedChange[]; others: Set<string> }> = [];
  let run: (typeof runs)[number] = { changes: [], counted: [], others: new Set() };
  for (const change of changes) {
    const counted = countedOf(change, emails);
    const other = alongside?.counterOf(change);
    const next = [...run.counted, ...counted];
    const buckets = sumByBucket(next);
    const items = buckets.size * 2 + run.others.size + (other && !run.others.has(other) ? 1 : 0);
    if (buckets.size > MAX_COUNTERS_PER_WRITE || items > MAX_TRANSACTION_ITEMS) {
      runs.push(run);
      run = { changes: [], counted: [], others: new Set() };
    }
    run.changes.push(change);
    run.counted.push(...counted);
    if (other) run.others.add(other);
  }
  runs.push(run);
  const judged = new Set<string>();
  for (const { changes: ran, counted, others } of runs) {
    if (counted.length === 0 && others.size === 0) continue;
    const token = createHash('sha256')
      .update(ran.map((change) => change.id).join('\n'))
      .digest('base64url')
      .slice(0, 36);
    const tokenBytes = Buffer.from(token, 'base64url');
    const shard = tokenBytes.readUInt8(0) % METRIC_SHARDS;
    const additions = [...sumByBucket(counted)].map(([key, counts]) => {
      const [organizationId = '', environment = '', bucket = ''] = key.split('|');
      return { organizationId, environment, bucket, counts };
    });
    const otherUpdates = others.size > 0 && alongside ? alongside.updatesOf(ran, tokenBytes.readUInt8(1)) : [];
    try {
      await addToCounters(additions, shard, token, otherUpdates);
    } catch (error) {
      logger.error('counters not written; the stream resumes at this run', {
        changes: ran.length,
        counters: additions.length + otherUpdates.length,
        ...errorLogFields(error),
      });
      return ran[0]?.id;
    }
    // Every environment whose counts moved: a bounce raises its rate, and a send can bring it to the
    // minimum volume (one read of the organization and one Query per environment and batch).
    for (const change of counted) judged.add(`${change.organizationId}|${change.environment}`);
  }
  // The sending guard judges those environments again. A failure here is logged, not retried with
  // the batch (the counts stand; the environment's next counts judge it again).
  await Promise.all(
    [...judged].map(async (key) => {
      const [organizationId = '', environment = 'live'] = key.split('|');
      await evaluateSendingGuard(organizationId, environment as Environment).catch((error: unknown) => {
        logger.error('the sending guard could not judge an environment', {
          organization_id: organizationId,
          environment,
          ...errorLogFields(error),
        });
      });
    }),
  );
  return undefined;
}
