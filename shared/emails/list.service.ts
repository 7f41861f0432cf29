import { getOrganization } from '#accounts/organization.store.ts';
import type { Environment } from '#core/environment.ts';
import { validationError } from '#core/errors.ts';
import { type Pagination, paginationFor } from '#core/pages.ts';
import { emailIdOfListSortKey, statusesOutOfStatusIndex } from '#dynamo/keys.ts';
import { EMAIL_STATUSES, type EmailStatus, type ListedEmail } from '#emails/email.ts';
import {
  countListPartition,
  getListedEmails,
  type ListPartition,
  listPartitions,
  queryListPartition,
  readEmailCounts,
  type SortKeyRange,
} from '#emails/email-index.store.ts';
import { type EmailListItem, toListItem } from '#emails/email-view.ts';
import { planDateCount } from '#emails/list-date-count.ts';
import type { EmailListQuery } from '#emails/list-query.ts';
import { emailDayCountsSince, readEmailDayCounts } from '#emails/usage.store.ts';

/**
 * Deepest entry a page that holds emails may reach (page × limit): a page reads every entry before
 * it. A page past the end of the list holds none and is answered from the totals, however deep.
 */
export const MAX_LIST_DEPTH = 10_000;

const tooDeep = () =>
  validationError([
    {
      field: 'page',
      message: `page × limit may be at most ${MAX_LIST_DEPTH} for a page that holds emails: narrow the date range (from_date, to_date) to reach older emails`,
    },
  ]);
/**
 * Most emails a post-filtered list (`to`/`tag` with `status`, or `to` and `tag`) examines: each is
 * read whole (bodies included, up to 380 KB), so the bound keeps the request within its 10 s.
 */
export const MAX_FILTERED_CANDIDATES = 1000;
const MAX_QUERY_LIMIT = 1000;

/** Sort-key bounds for `<created_at>#<id>` keys: both inclusive, every id of the last millisecond included. */
export function sortKeyRange(fromIso: string | undefined, toIso: string | undefined): SortKeyRange {
  return {
    ...(fromIso ? { from: fromIso } : {}),
    // '~' sorts after every character of a UUID.
    ...(toIso ? { to: `${toIso}#~` } : {}),
  };
}

export interface SortedEntry<T> {
  sortKey: string;
  item: T;
}

/** One page of one sorted source, newest first; no `cursor` when the source is exhausted. */
export type FetchPage<T> = (
  limit: number,
  cursor?: Record<string, unknown>,
) => Promise<{ entries: SortedEntry<T>[]; cursor?: Record<string, unknown> }>;

/**
 * Several sources sorted newest first (descending sort key), merged: `take(n)` answers the next n
 * entries, each source read in pages only as far as the merge needs. A round asks each source for its
 * share of what is missing (plus a margin: shards by hash hold about equal shares of any time range);
 * a source whose page runs out before the merge is done is read again for a share of what is still
 * missing. So the reads cost about the entries taken plus a margin per source, whatever the sources
 * hold beyond.
 */
export function newestFirstMerge<T>(sources: readonly FetchPage<T>[]) {
  const states = sources.map((fetch) => ({
    fetch,
    buffer: [] as SortedEntry<T>[],
    next: 0,
    cursor: undefined as Record<string, unknown> | undefined,
    done: false,
  }));
  return async function take(wanted: number): Promise<SortedEntry<T>[]> {
    const out: SortedEntry<T>[] = [];
    while (out.length < wanted) {
      const empty = states.filter((state) => state.next >= state.buffer.length && !state.done);
      if (empty.length > 0) {
        const open = states.filter((state) => !state.done).length;
        const limit = Math.min(MAX_QUERY_LIMIT, Math.ceil(((wanted - out.length) * 1.25) / open) + 4);
        await Promise.all(
          empty.map(async (state) => {
            const page = await state.fetch(limit, state.cursor);
            state.buffer = page.entries;
            state.next = 0;
            state.cursor = page.cursor;
            state.done = page.cursor === undefined;
          }),
        );
        continue;
      }
      let best: (typeof states)[number] | undefined;
      for (const state of states) {
        const head = state.buffer[state.next];
        if (head && (!best || head.sortKey > (best.buffer[best.next] as SortedEntry<T>).sortKey)) best = state;
      }
      if (!best) break;
      out.push(best.buffer[best.next] as SortedEntry<T>);
      best.next += 1;
    }
    return out;
  };
}

/** The first `wanted` entries of several sources sorted newest first (newestFirstMerge). */
export function readNewestFirst<T>(sources: readonly FetchPage<T>[], wanted: number): Promise<SortedEntry<T>[]> {
  return newestFirstMerge(sources)(wanted);
}

function fetcherOf(partition: ListPartition, range: SortKeyRange): FetchPage<Record<string, unknown>> {
  return async (limit, cursor) => {
    const page = await queryListPartition(partition, range, limit, cursor);
    return {
      entries: page.items.map((item) => ({ sortKey: String(item[partition.sortKeyName]), item })),
      ...(page.cursor ? { cursor: page.cursor } : {}),
    };
  };
}

async function countAll(partitions: readonly ListPartition[], range: SortKeyRange): Promise<number> {
  const counts = await Promise.all(partitions.map((partition) => countListPartition(partition, range)));
  return counts.reduce((sum, count) => sum + count, 0);
}

/**
 * Emails created between `fromIso` and `toIso` (inclusive; either open): the UTC days the range holds
 * whole from the day counters (readEmailDayCounts: one Query per month), the rest — part-days at the
 * ends, days before the counters began (emailDayCountsSince) — counted through the list partitions.
 * A range open at its start is the lifetime total (the list's counters) less what came after it.
 * So the cost grows with the months between the range's start (or end) and now and the emails of two
 * part-days, not with the emails inside it; days are bounded by the organization's creation. Without
 * the marker (no send by this version yet) all is counted through the index.
 */
async function countCreatedBetween(
  organizationId: string,
  environments: readonly Environment[],
  partitions: readonly ListPartition[],
  fromIso: string | undefined,
  toIso: string | undefined,
): Promise<number> {
  if (fromIso === undefined && toIso !== undefined) {
    // Everything up to `to` is the lifetime total less what came after it: as cheap as `to` is recent.
    const after = new Date(Date.parse(toIso) + 1).toISOString();
    const [lifetime, later] = await Promise.all([
      readEmailCounts(organizationId, environments),
      countCreatedBetween(organizationId, environments, partitions, after, undefined),
    ]);
    return lifetime.total - later;
  }
  const [since, organization] = await Promise.all([emailDayCountsSince(), getOrganization(organizationId)]);
  if (!since || !organization) return countAll(partitions, sortKeyRange(fromIso, toIso));
  const plan = planDateCount(
    {
      ...(fromIso ? { from: Date.parse(fromIso) } : {}),
      ...(toIso ? { to: Date.parse(toIso) } : {}),
    },
    since,
    Date.parse(organization.createdAt),
    Date.now(),
  );
  const iso = (ms: number | undefined) => (ms === undefined ? undefined : new Date(ms).toISOString());
  const counts = await Promise.all([
    ...(plan.days.length > 0
      ? environments.map(async (environment) => {
          const days = await readEmailDayCounts(organizationId, environment, plan.days);
          return [...days.values()].reduce((sum, count) => sum + count, 0);
        })
      : []),
    ...plan.indexRanges.map((part) => countAll(partitions, sortKeyRange(iso(part.from), iso(part.to)))),
  ]);
  return counts.reduce((sum, count) => sum + count, 0);
}

export type { EmailListItem };

const hasTag = (email: ListedEmail, tag: string) => {
  const colon = tag.indexOf(':');
  return email.tags?.[tag.slice(0, colon)] === tag.slice(colon + 1);
};

/** `callerEnvironment`: the environment of the calling key, listed when the query names none. */
export async function listEmails(
  organizationId: string,
  query: EmailListQuery,
  callerEnvironment: Environment,
): Promise<{ items: EmailListItem[]; pagination: Pagination }> {
  const environments = [query.environment ?? callerEnvironment];
  const range = sortKeyRange(query.from_date, query.to_date);
  const offset = (query.page - 1) * query.limit;
  const wanted = offset + query.limit;
  const result = (emails: ListedEmail[], total: number) => ({
    items: emails.map(toListItem),
    pagination: paginationFor(query, total),
  });
  // Beyond the window: an empty page with the totals past the end, a 400 for a page with emails.
  const deepPage = (total: number) => {
    if (offset >= total) return result([], total);
    throw tooDeep();
  };

  if (query.to !== undefined || query.tag !== undefined) {
    const by = query.to !== undefined ? { to: query.to } : { tag: query.tag as string };
    const sources = listPartitions(organizationId, environments, by).map((partition) => fetcherOf(partition, range));
    const emailIdOf = (entry: SortedEntry<Record<string, unknown>>) => String(entry.item.email_id);
    const postFilter = query.status !== undefined || (query.to !== undefined && query.tag !== undefined);
    if (!postFilter) {
      const partitions = listPartitions(organizationId, environments, by);
      if (wanted > MAX_LIST_DEPTH) return deepPage(await countAll(partitions, range));
      const [total, entries] = await Promise.all([countAll(partitions, range), readNewestFirst(sources, wanted)]);
      return result(await getListedEmails(organizationId, entries.slice(offset).map(emailIdOf)), total);
    }
    // The extra filter needs each email's status/tags: read them all (bounded), then filter.
    const entries = await readNewestFirst(sources, MAX_FILTERED_CANDIDATES + 1);
    if (entries.length > MAX_FILTERED_CANDIDATES) {
      throw validationError([
        {
          field: query.to !== undefined ? 'to' : 'tag',
          message: `More than ${MAX_FILTERED_CANDIDATES} emails match in this date range, too many to filter further: narrow the date range (from_date, to_date)`,
        },
      ]);
    }
    const emails = await getListedEmails(organizationId, entries.map(emailIdOf));
    const matching = emails.filter(
      (email) =>
        (query.status === undefined || email.status === query.status) &&
        (query.tag === undefined || hasTag(email, query.tag)),
    );
    return result(matching.slice(offset, wanted), matching.length);
  }

  const status = query.status;
  const partitions = listPartitions(organizationId, environments, status ? { status } : {});
  const sources = partitions.map((partition) => fetcherOf(partition, range));
  // The indexes hold keys only: a page's emails are read from the table (one BatchGetItem).
  const page = async (): Promise<ListedEmail[]> => {
    if (status && statusesOutOfStatusIndex.has(status)) {
      return (await readWithStatus(organizationId, sources, status, wanted)).slice(offset);
    }
    const entries = await readNewestFirst(sources, wanted);
    return getListedEmails(organizationId, entries.slice(offset).map(emailIdOfEntry));
  };
  if (range.from !== undefined || range.to !== undefined) {
    // By status the entries of the range are counted; without, the days it holds whole come from counters.
    const count = () =>
      status
        ? countWithStatus(organizationId, environments, status, range, query)
        : countCreatedBetween(organizationId, environments, partitions, query.from_date, query.to_date);
    if (wanted > MAX_LIST_DEPTH) return deepPage(await count());
    const [total, emails] = await Promise.all([count(), page()]);
    return result(emails, total);
  }
  const counts = await readEmailCounts(organizationId, environments);
  const counted = status ? counts[status] : counts.total;
  // Past the end: the counters say so, nothing else is read. The counters follow the emails through the
  // stream (≤ 2 s later), so the first page is always read, and a total never says less than a page shows.
  if ((offset > 0 && offset >= counted) || wanted > MAX_LIST_DEPTH) return deepPage(counted);
  const emails = await page();
  return result(emails, Math.max(counted, offset + emails.length));
}

/** The email id of a list entry (sort keys are `<created_at>#<id>`). */
const emailIdOfEntry = (entry: SortedEntry<unknown>) => emailIdOfListSortKey(entry.sortKey);

/**
 * The first `wanted` emails with a status the status index leaves out (`delivered`, where most emails
 * end), read from the list by time: its entries newest first, their emails fetched and filtered, round
 * after round. The filter mostly matches, so this reads about `wanted` emails; an organization whose
 * emails mostly have other statuses is refused once more than max(1,000, wanted) others were skipped.
 */
async function readWithStatus(
  organizationId: string,
  sources: readonly FetchPage<Record<string, unknown>>[],
  status: EmailStatus,
  wanted: number,
): Promise<ListedEmail[]> {
  const take = newestFirstMerge(sources);
  const matching: ListedEmail[] = [];
  let examined = 0;
  while (matching.length < wanted) {
    const entries = await take(Math.min(MAX_QUERY_LIMIT, Math.ceil((wanted - matching.length) * 1.25) + 4));
    if (entries.length === 0) break;
    examined += entries.length;
    const emails = await getListedEmails(organizationId, entries.map(emailIdOfEntry));
    matching.push(...emails.filter((email) => email.status === status));
    if (matching.length < wanted && examined - matching.length > Math.max(MAX_FILTERED_CANDIDATES, wanted)) {
      throw validationError([
        {
          field: 'status',
          message: `More than ${Math.max(MAX_FILTERED_CANDIDATES, wanted)} emails with other statuses come before this page: narrow the date range (from_date, to_date)`,
        },
      ]);
    }
  }
  return matching.slice(0, wanted);
}

/**
 * How many emails of the range have `status`: the status index's entries of the range counted; for a
 * status it leaves out, every email of the range less those of the statuses it holds.
 */
async function countWithStatus(
  organizationId: string,
  environments: readonly Environment[],
  status: EmailStatus,
  range: SortKeyRange,
  query: EmailListQuery,
): Promise<number> {
  if (!statusesOutOfStatusIndex.has(status)) {
    return countAll(listPartitions(organizationId, environments, { status }), range);
  }
  const others = EMAIL_STATUSES.filter((other) => !statusesOutOfStatusIndex.has(other));
  const [all, ...indexed] = await Promise.all([
    countCreatedBetween(
      organizationId,
      environments,
      listPartitions(organizationId, environments, {}),
      query.from_date,
      query.to_date,
    ),
    ...others.map((other) => countAll(listPartitions(organizationId, environments, { status: other }), range)),
  ]);
  return Math.max(
    0,
    indexed.reduce((rest, count) => rest - count, all),
  );
}

/**
 * The environment of the organization's most recent email, or undefined when it has sent none:
 * the newest entry of each shard of each environment's list by time (GSI3, newest first, `Limit 1`):
 * 8 Queries in parallel, half a read unit each, whatever the volume.
 */
export async function latestEmailEnvironment(organizationId: string): Promise<Environment | undefined> {
  const environments: readonly Environment[] = ['live', 'test'];
  const newest = await Promise.all(
    environments.flatMap((environment) =>
      listPartitions(organizationId, [environment], {}).map(async (partition) => {
        const [entry] = (await queryListPartition(partition, {}, 1)).items;
        return { environment, sortKey: entry ? String(entry[partition.sortKeyName]) : '' };
      }),
    ),
  );
  // Sort keys are `<created_at>#<id>`: the greatest is the most recent email.
  const latest = newest.reduce((best, entry) => (entry.sortKey > best.sortKey ? entry : best));
  return latest.sortKey === '' ? undefined : latest.environment;
}
