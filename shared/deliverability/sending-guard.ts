/**
 * The sending guard, pure: over an environment's last 24 hours (or since its last resume), with at
 * least `min_volume` sent, a bounce or complaint rate at its threshold (below SES's review levels)
 * pauses that environment's sending. On for live and off for test by default: test sends never touch
 * SES's reputation, and a test suite that simulates complaints must not pause itself.
 * Thresholds, defaults and resuming: docs/api.md, "Metrics" (The sending guard).
 */
import type { SendingPause } from '#accounts/organization.ts';
import type { Environment } from '#core/environment.ts';
import type { MetricCounts } from '#deliverability/metric-counts.ts';
import { ratesOf } from '#deliverability/metric-counts.ts';

export interface GuardThresholds {
  bounce_rate: number;
  complaint_rate: number;
  min_volume: number;
}

export const DEFAULT_GUARD: GuardThresholds = { bounce_rate: 0.04, complaint_rate: 0.0008, min_volume: 100 };
/** Whether the guard judges an environment unless an operator said otherwise. */
export const GUARD_ENABLED_BY_DEFAULT: Readonly<Record<Environment, boolean>> = { live: true, test: false };

/** An environment's guard as an operator set it (set-sending-guard): what is unset takes the default. */
export type GuardSettings = Partial<GuardThresholds> & { enabled?: boolean };

/** The guard an environment runs with: its settings over the defaults. */
export function effectiveGuard(
  environment: Environment,
  settings: GuardSettings | undefined,
): GuardThresholds & { enabled: boolean } {
  return {
    bounce_rate: settings?.bounce_rate ?? DEFAULT_GUARD.bounce_rate,
    complaint_rate: settings?.complaint_rate ?? DEFAULT_GUARD.complaint_rate,
    min_volume: settings?.min_volume ?? DEFAULT_GUARD.min_volume,
    enabled: settings?.enabled ?? GUARD_ENABLED_BY_DEFAULT[environment],
  };
}
/** SES's own review levels, shown beside the guard's. */
export const SES_REVIEW_LEVELS = { bounce_rate: 0.05, complaint_rate: 0.001 } as const;

export type { SendingPause };

/** When an environment was last resumed, and what its hour had counted by then (not judged again). */
export interface GuardResume {
  resumed_at: string;
  /** The hour bucket of the resume (`H#…`). */
  hour: string;
  counted: Pick<MetricCounts, 'sent' | 'bounced' | 'complained'>;
}

export type WindowCounts = Pick<MetricCounts, 'sent' | 'bounced' | 'complained'>;

/** The hour buckets of the rolling 24 hours ending at `now` (the current hour and the 23 before it). */
export function windowHours(now: number): { first: string; last: string } {
  const hour = (ms: number) => `H#${new Date(ms).toISOString().slice(0, 13)}`;
  return { first: hour(now - 23 * 3_600_000), last: hour(now) };
}

/**
 * The window's counts that the guard judges: hours from the later of the window's start and the last
 * resume's hour, less what that hour had counted at the resume.
 */
export function judgedCounts(
  hours: ReadonlyMap<string, WindowCounts>,
  window: { first: string; last: string },
  resume: GuardResume | undefined,
): WindowCounts {
  const from = resume && resume.hour > window.first ? resume.hour : window.first;
  const total: WindowCounts = { sent: 0, bounced: 0, complained: 0 };
  for (const [hour, counts] of hours) {
    if (hour < from || hour > window.last) continue;
    total.sent += counts.sent;
    total.bounced += counts.bounced;
    total.complained += counts.complained;
  }
  if (resume && resume.hour >= from) {
    total.sent = Math.max(total.sent - resume.counted.sent, 0);
    total.bounced = Math.max(total.bounced - resume.counted.bounced, 0);
    total.complained = Math.max(total.complained - resume.counted.complained, 0);
  }
  return total;
}

/** The pause these counts call for, or undefined. */
export function judge(counts: WindowCounts, guard: GuardThresholds, now: string): SendingPause | undefined {
  if (counts.sent < guard.min_volume) return undefined;
  const rates = ratesOf(counts);
  const percent = (rate: number) => `${(rate * 100).toFixed(2).replace(/\.?0+$/, '')}%`;
  const reasons = [
    ...(rates.bounce_rate >= guard.bounce_rate
      ? [`bounce rate ${percent(rates.bounce_rate)} ≥ ${percent(guard.bounce_rate)}`]
      : []),
    ...(rates.complaint_rate >= guard.complaint_rate
      ? [`complaint rate ${percent(rates.complaint_rate)} ≥ ${percent(guard.complaint_rate)}`]
      : []),
  ];
  if (reasons.length === 0) return undefined;
  return {
    paused_at: now,
    reason: `${reasons.join(' and ')} over the last 24 hours (${counts.sent} sent)`,
    ...rates,
    sent: counts.sent,
  };
}
