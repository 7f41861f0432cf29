/**
 * Which organizations drive the account's bounce or complaint rate (the operator's question when
 * SES's reputation alarms fire): the last 24 hours of the hourly sender directories, summed per
 * organization — 24 Queries whatever the number of organizations or emails.
 */
import type { Environment } from '#core/environment.ts';
import { readHourDirectory } from '#deliverability/metric-counter.store.ts';
import { emptyCounts, METRIC_COUNTS, type MetricCounts, ratesOf } from '#deliverability/metric-counts.ts';
import { windowHours } from '#deliverability/sending-guard.ts';

export const TOP_SENDER_ORDERS = ['bounce_rate', 'complaint_rate', 'bounced', 'complained', 'sent'] as const;
export type TopSenderOrder = (typeof TOP_SENDER_ORDERS)[number];

export async function topSenders(environment: Environment, by: TopSenderOrder, limit: number, now = Date.now()) {
  const window = windowHours(now);
  const first = Date.parse(`${window.first.slice(2)}:00:00Z`);
  const hours = Array.from(
    { length: 24 },
    (_, index) => `H#${new Date(first + index * 3_600_000).toISOString().slice(0, 13)}`,
  );
  const directories = await Promise.all(hours.map((hour) => readHourDirectory(environment, hour)));
  const sums = new Map<string, MetricCounts>();
  for (const { organizationId, counts } of directories.flat()) {
    const sum = sums.get(organizationId) ?? emptyCounts();
    for (const name of METRIC_COUNTS) sum[name] += counts[name];
    sums.set(organizationId, sum);
  }
  const rows = [...sums].map(([organizationId, counts]) => ({
    organization_id: organizationId,
    sent: counts.sent,
    bounced: counts.bounced,
    complained: counts.complained,
    ...ratesOf(counts),
  }));
  rows.sort((a, b) => b[by] - a[by] || b.sent - a.sent);
  return { environment, window: { from: hours[0], to: hours.at(-1) }, by, organizations: rows.slice(0, limit) };
}
