/**
 * The scheduler's look at immediate emails, which have no due entry: an email sent now is found, if it
 * is still queued SWEEP_AFTER_MS later, through its `queued` status entry (GSI4) — per organization and
 * environment that sent in those hours (the registry, active-senders.store.ts), over the span since the
 * last run (the mark). One it finds gets a due entry then, so it is looked at once here. This saves every
 * immediate email the due entry's two index writes. docs/data-model.md, "The due index (GSI2)", D7.
 */
import { getOrganization } from '#accounts/organization.store.ts';
import { forEachLimited } from '#core/concurrency.ts';
import type { Environment } from '#core/environment.ts';
import { batchGetAll } from '#dynamo/batch.ts';
import { emailIdOfListSortKey, keys } from '#dynamo/keys.ts';
import { listPartitions, readListPartition } from '#emails/email-index.store.ts';
import { sortKeyRange } from '#emails/list.service.ts';
import { hourOf, readActiveSenders, readSweepMark } from '#emails/schedule/active-senders.store.ts';
import { type DueEntry, type HandOverState, handOverStates } from '#emails/schedule/due-index.store.ts';
import { SWEEP_AFTER_MS } from '#emails/schedule/due-times.ts';
import { DUE_INDEX_ATTRIBUTES } from '#platform/table.ts';

/** How far back the first run of a deployment looks (later runs go on from the mark). */
export const FIRST_LOOKBACK_MS = 30 * 60_000;
/** Most time one run looks through: a scheduler that was stopped catches up over several runs. */
export const MAX_SPAN_MS = 3_600_000;
const HOUR_MS = 3_600_000;
/** Concurrent index queries. */
const CONCURRENCY = 16;

const iso = (ms: number) => new Date(ms).toISOString();

/** Who may have immediate emails created between `from` and `to`: the registry of those hours. */
async function sendersBetween(from: number, to: number, organizationId?: string) {
  if (organizationId) {
    return (['live', 'test'] as const).map((environment) => ({ organizationId, environment }));
  }
  const hours: string[] = [];
  for (let at = Math.floor(from / HOUR_MS) * HOUR_MS; at < to; at += HOUR_MS) hours.push(hourOf(at));
  const found = new Map<string, { organizationId: string; environment: Environment }>();
  for (const hour of hours) {
    for (const sender of await readActiveSenders(hour))
      found.set(`${sender.organizationId}|${sender.environment}`, sender);
  }
  return [...found.values()];
}

/**
 * The immediate emails created in [from, to) that are still queued, not scheduled and without a due
 * entry, as due entries (no sort key: none in the index yet) due at created_at + SWEEP_AFTER_MS; and
 * `through`, where the next run goes on. `organizationId` narrows it to one organization (tests), with
 * a mark of its own starting at the organization's creation.
 */
export async function findUnindexedDue(
  now: number,
  organizationId?: string,
): Promise<{ entries: DueEntry[]; handOvers?: Map<string, HandOverState>; through: number }> {
  const until = now - SWEEP_AFTER_MS;
  let from = await readSweepMark(organizationId);
  if (from === undefined) {
    const organization = organizationId ? await getOrganization(organizationId) : undefined;
    from = organization ? Date.parse(organization.createdAt) : until - FIRST_LOOKBACK_MS;
  }
  const to = Math.min(until, from + MAX_SPAN_MS);
  if (to <= from) return { entries: [], through: from };

  const senders = await sendersBetween(from, to, organizationId);
  const found: Array<{ organizationId: string; emailId: string }> = [];
  // Their `queued` entries (GSI4, keys only) created in [from, to).
  const partitions = senders.flatMap((sender) =>
    listPartitions(sender.organizationId, [sender.environment], { status: 'queued' }).map((partition) => ({
      organizationId: sender.organizationId,
      partition,
    })),
  );
  const range = sortKeyRange(iso(from), iso(to - 1));
  await forEachLimited(partitions, CONCURRENCY, async ({ organizationId: org, partition }) => {
    for (const item of await readListPartition(partition, range)) {
      found.push({ organizationId: org, emailId: emailIdOfListSortKey(String(item[partition.sortKeyName])) });
    }
  });
  if (found.length === 0) return { entries: [], through: to };

  const emails = await batchGetAll(
    found.map((email) => keys.email(email.organizationId, email.emailId)),
    {
      // What a due entry holds, whether it has one, and the hand-over state the scheduler decides with
      // (readHandOvers' attributes): read once.
      attributes: [...DUE_INDEX_ATTRIBUTES, 'GSI2PK', 'ses_message_id', 'sent_at'],
      consistent: true,
    },
  );
  const unindexed = emails.filter((email) => email.status === 'queued' && !email.scheduled_at && !email.GSI2PK);
  const entries = unindexed.map(
    (email): DueEntry => ({
      organization_id: String(email.organization_id),
      id: String(email.id),
      environment: email.environment as Environment,
      status: 'queued',
      scheduled_at: null,
      created_at: String(email.created_at),
      ...(typeof email.sweeps === 'number' ? { sweeps: email.sweeps } : {}),
      deadline: iso(Date.parse(String(email.created_at)) + SWEEP_AFTER_MS),
    }),
  );
  return { entries, handOvers: handOverStates(unindexed), through: to };
}
