/**
 * GET /inbound: newest first, filtered by envelope recipient, sender and dates. `total_count` is summed
 * from day counters for the days a range holds whole and counted from the records for the part-days at
 * its ends (at most two days read); a filtered list counts its filter's pointers. No S3: the list never
 * presigns. Costs: docs/data-model.md, "Received messages".
 */
import { config } from '#core/config.ts';
import { type Pagination, paginationFor } from '#core/pages.ts';
import type { InboundListQuery } from '#inbound/inbound.contract.ts';
import {
  countInRange,
  dayCounts,
  type IdRange,
  type InboundListSource,
  newestPointedIds,
  newestRecords,
  recordsByIds,
} from '#inbound/inbound.store.ts';
import { inboundIdBound, inboundSummary } from '#inbound/inbound-message.ts';

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const idRange = (low: number, high: number): IdRange => ({
  low: inboundIdBound(low, false),
  high: inboundIdBound(high, true),
});

/** How many records of the organization lie in [low, high] (ms): whole days from counters, the ends read. */
async function countRecords(organizationId: string, low: number, high: number, nowSeconds: number): Promise<number> {
  const firstWhole = Math.ceil(low / DAY_MS) * DAY_MS;
  const lastWholeEnd = Math.floor((high + 1) / DAY_MS) * DAY_MS - 1;
  const records: InboundListSource = { kind: 'records' };
  if (firstWhole > lastWholeEnd) return countInRange(organizationId, records, idRange(low, high), nowSeconds);
  const [days, before, after] = await Promise.all([
    dayCounts(organizationId, dayOf(firstWhole), dayOf(lastWholeEnd)),
    low < firstWhole ? countInRange(organizationId, records, idRange(low, firstWhole - 1), nowSeconds) : 0,
    high > lastWholeEnd ? countInRange(organizationId, records, idRange(lastWholeEnd + 1, high), nowSeconds) : 0,
  ]);
  return days + before + after;
}

function listSource(query: InboundListQuery): InboundListSource {
  if (query.to !== undefined)
    return { kind: 'to', address: query.to, ...(query.from !== undefined ? { from: query.from } : {}) };
  if (query.from !== undefined) return { kind: 'from', address: query.from };
  return { kind: 'records' };
}

export async function listInbound(
  organizationId: string,
  query: InboundListQuery,
): Promise<{ items: ReturnType<typeof inboundSummary>[]; pagination: Pagination }> {
  const now = Date.now();
  const nowSeconds = Math.floor(now / 1000);
  // Nothing older than the retention is kept, nothing is received after now: the range's bounds.
  const low = Math.max(query.from_date ? Date.parse(query.from_date) : 0, now - config.inboundRetentionDays * DAY_MS);
  const high = Math.min(query.to_date ? Date.parse(query.to_date) : now, now);
  const source = listSource(query);
  const range = idRange(low, high);
  const total =
    low > high
      ? 0
      : source.kind === 'records'
        ? await countRecords(organizationId, low, high, nowSeconds)
        : await countInRange(organizationId, source, range, nowSeconds);
  const pagination = paginationFor(query, total);
  const offset = (query.page - 1) * query.limit;
  if (offset >= total) return { items: [], pagination };
  const wanted = offset + query.limit;
  const records =
    source.kind === 'records'
      ? (await newestRecords(organizationId, range, wanted, nowSeconds)).slice(offset)
      : await recordsByIds(
          organizationId,
          (await newestPointedIds(organizationId, source, range, wanted, nowSeconds)).slice(offset),
        );
  return { items: records.map(inboundSummary), pagination };
}
