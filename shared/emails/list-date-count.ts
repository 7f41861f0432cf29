/**
 * How a date-filtered email list counts its `total_count` without reading the range: the UTC days the
 * range holds whole are summed from the day counters (usage.store.ts `emails_<dd>`), and only what is
 * left — the part-days at its ends, and days before the counters began — is counted through the list
 * index. Pure: list.service.ts reads what the plan names.
 */

const DAY_MS = 86_400_000;

/** An inclusive range of `created_at` instants (epoch ms) to count through the index; open ends undefined. */
export interface IndexCountRange {
  from?: number;
  to?: number;
}

export interface DateCountPlan {
  /** UTC days (`yyyy-mm-dd`) whose counters hold their emails, each wholly inside the range. */
  days: string[];
  /** What is left: at most two ranges, before and after those days (all of the range when no day is whole). */
  indexRanges: IndexCountRange[];
}

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const startOfDay = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;
const endOfDay = (ms: number) => startOfDay(ms) + DAY_MS - 1;

/**
 * `from`/`to`: the filter's inclusive bounds (epoch ms; undefined: open). `countedSince`: the first day
 * whose emails are all counted (`yyyy-mm-dd`). `firstDay`/`lastDay` (epoch ms): no email was created
 * before the first or after the last (the organization's creation, now), whose days bound the plan.
 */
export function planDateCount(
  range: IndexCountRange,
  countedSince: string,
  firstDay: number,
  lastDay: number,
): DateCountPlan {
  // No email predates its organization, so the day counter of its creation day holds all of that day.
  const organizationDay = startOfDay(firstDay);
  const low = Math.max(range.from ?? organizationDay, organizationDay, Date.parse(`${countedSince}T00:00:00.000Z`));
  const firstWhole = startOfDay(low) === low ? low : startOfDay(low) + DAY_MS;
  // No email is created after `lastDay`, so its day counts whole once the range reaches its end.
  const lastEnd = endOfDay(lastDay);
  const lastWholeEnd = range.to === undefined ? lastEnd : Math.min(endOfDay(range.to + 1 - DAY_MS), lastEnd);
  if (firstWhole > lastWholeEnd) return { days: [], indexRanges: [range] };
  const days: string[] = [];
  for (let day = firstWhole; day < lastWholeEnd; day += DAY_MS) days.push(dayOf(day));
  const indexRanges: IndexCountRange[] = [];
  if (range.from === undefined ? firstWhole > organizationDay : range.from < firstWhole) {
    indexRanges.push({ ...(range.from !== undefined ? { from: range.from } : {}), to: firstWhole - 1 });
  }
  if (range.to !== undefined && range.to > lastWholeEnd && lastWholeEnd < lastEnd) {
    indexRanges.push({ from: lastWholeEnd + 1, to: range.to });
  }
  return { days, indexRanges };
}
