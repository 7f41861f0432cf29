/**
 * The sending limit: how many recipients (to + cc + bcc) an organization may send to per environment,
 * in a UTC calendar day and a calendar month. A calendar day rather than a rolling 24 hours, so the
 * reset is one fixed instant a caller can be told. Pure: the caller reads the usage (usage.store.ts) and
 * the organization's limits, and this module decides. Rules: docs/api.md, "Emails" (Sending limit).
 */

import type { Organization } from '#accounts/organization.ts';
import type { Environment } from '#core/environment.ts';
import { ApiError, type ErrorDetail } from '#core/errors.ts';

export interface SendingLimits {
  /** Recipients per UTC calendar day. */
  daily: number;
  /** Recipients per UTC calendar month; null = no monthly limit. */
  monthly: number | null;
}

export const DEFAULT_SENDING_LIMITS: Readonly<Record<Environment, Readonly<SendingLimits>>> = {
  live: { daily: 50_000, monthly: 1_000_000 },
  test: { daily: 1_000, monthly: null },
};

/** The largest limit the operator may set (any value works with sharded counters; this catches typos). */
export const MAX_SENDING_LIMIT = 1_000_000_000;

/** The organization's own limits (absent = the defaults above). `Organization` satisfies this. */
export type SendingLimitSettings = Partial<
  Pick<Organization, 'dailyRecipientLimitLive' | 'monthlyRecipientLimitLive' | 'dailyRecipientLimitTest'>
>;

/** Recipients already counted in the current day and month. */
export interface Usage {
  day: number;
  month: number;
}

/** The effective limits of an organization in one environment. */
export function sendingLimitsFor(settings: SendingLimitSettings, environment: Environment): SendingLimits {
  const defaults = DEFAULT_SENDING_LIMITS[environment];
  if (environment === 'live') {
    return {
      daily: settings.dailyRecipientLimitLive ?? defaults.daily,
      monthly: settings.monthlyRecipientLimitLive ?? defaults.monthly,
    };
  }
  return { daily: settings.dailyRecipientLimitTest ?? defaults.daily, monthly: defaults.monthly };
}

export interface UsagePeriods {
  /** `yyyy-mm-dd` of the UTC day containing `now`. */
  day: string;
  /** `yyyy-mm` of the UTC month containing `now`. */
  month: string;
  /** When the day counter resets: the next 00:00:00.000Z. */
  dayResetsAt: Date;
  /** When the month counter resets: 00:00:00.000Z on the 1st of the next month. */
  monthResetsAt: Date;
}

export function usagePeriods(now: Date | number): UsagePeriods {
  const at = new Date(now);
  const year = at.getUTCFullYear();
  const month = at.getUTCMonth();
  const date = at.getUTCDate();
  const iso = at.toISOString();
  return {
    day: iso.slice(0, 10),
    month: iso.slice(0, 7),
    dayResetsAt: new Date(Date.UTC(year, month, date + 1)),
    monthResetsAt: new Date(Date.UTC(year, month + 1, 1)),
  };
}

/**
 * Throws 429 LIMIT_EXCEEDED when sending to `recipients` more recipients would take the day's
 * or the month's count over its limit (reaching the limit exactly is allowed). `details` has
 * one entry per limit crossed, naming the limit, the amount used and when it resets.
 */
export function checkSendingLimit(
  settings: SendingLimitSettings,
  environment: Environment,
  recipients: number,
  usage: Usage,
  now: Date | number,
): void {
  const limits = sendingLimitsFor(settings, environment);
  const periods = usagePeriods(now);
  const details: ErrorDetail[] = [];
  if (usage.day + recipients > limits.daily) {
    details.push({
      field: 'daily_limit',
      message: `${limits.daily} recipients per UTC day (${environment}); ${usage.day} used; resets at ${periods.dayResetsAt.toISOString()}`,
    });
  }
  if (limits.monthly !== null && usage.month + recipients > limits.monthly) {
    details.push({
      field: 'monthly_limit',
      message: `${limits.monthly} recipients per calendar month (${environment}); ${usage.month} used; resets at ${periods.monthResetsAt.toISOString()}`,
    });
  }
  if (details.length === 0) return;
  const which =
    details.length === 2
      ? 'daily and monthly limits'
      : details[0]?.field === 'daily_limit'
        ? 'daily limit'
        : 'monthly limit';
  throw new ApiError(
    'LIMIT_EXCEEDED',
    `Sending to ${recipients} more recipient${recipients === 1 ? '' : 's'} would exceed the ${which} of this organization's ${environment} environment`,
    { details },
  );
}
