/**
 * The sending guard at work: judged by the metrics counter after it counts anything of an
 * organization's environment where the guard is on (so the send path only reads the pause the guard
 * stored on the organization); resumed, tuned and switched by operators (npm run admin); shown by
 * GET /settings/sending.
 */
import type { Caller } from '#accounts/caller.ts';
import type { Organization } from '#accounts/organization.ts';
import type { Environment } from '#core/environment.ts';
import { ApiError } from '#core/errors.ts';
import { logger } from '#core/logger.ts';
import { readCounters } from '#deliverability/metric-counter.store.ts';
import { ratesOf } from '#deliverability/metric-counts.ts';
import {
  type GuardState,
  pauseEnvironment,
  readGuardState,
  resumeEnvironment,
  setGuardSettings,
} from '#deliverability/sending-guard.store.ts';
import {
  effectiveGuard,
  type GuardResume,
  type GuardSettings,
  judge,
  judgedCounts,
  type WindowCounts,
  windowHours,
} from '#deliverability/sending-guard.ts';

/** The counts the guard judges now, given (or together with) the environment's state. */
async function judgedWindow(
  organizationId: string,
  environment: Environment,
  now: number,
  knownState?: GuardState,
): Promise<{ state: GuardState | undefined; counts: WindowCounts }> {
  const window = windowHours(now);
  const [state, hours] = await Promise.all([
    knownState ?? readGuardState(organizationId, environment),
    readCounters(organizationId, environment, window.first, window.last),
  ]);
  return { state, counts: judgedCounts(hours.counts, window, state?.resumed) };
}

/** Judges an environment after its counts moved; pauses it when its rates cross the line. */
export async function evaluateSendingGuard(organizationId: string, environment: Environment): Promise<void> {
  const now = Date.now();
  // The state first: an environment whose guard is off (test, by default) or already paused costs
  // no read of its counters.
  const state = await readGuardState(organizationId, environment);
  const guard = effectiveGuard(environment, state?.settings);
  if (!state || state.paused || !guard.enabled) return;
  const { counts } = await judgedWindow(organizationId, environment, now, state);
  const pause = judge(counts, guard, new Date(now).toISOString());
  if (!pause) return;
  if (await pauseEnvironment(organizationId, environment, pause)) {
    logger.warn('the sending guard paused an environment', {
      organization_id: organizationId,
      environment,
      bounce_rate: pause.bounce_rate,
      complaint_rate: pause.complaint_rate,
      sent: pause.sent,
    });
  }
}

/** 403 SENDING_PAUSED when the caller's environment is paused (the organization as the send read it). */
export function checkNotPaused(
  organization: Pick<Organization, 'sendingPaused'> | undefined,
  environment: Environment,
) {
  const pause = organization?.sendingPaused?.[environment];
  if (!pause) return;
  throw new ApiError(
    'SENDING_PAUSED',
    `Sending from the ${environment} environment is paused since ${pause.paused_at}: ${pause.reason}. Emails already queued are still delivered; an operator resumes sending.`,
    {
      details: [
        { field: 'bounce_rate_24h', message: String(pause.bounce_rate) },
        { field: 'complaint_rate_24h', message: String(pause.complaint_rate) },
      ],
    },
  );
}

/** GET /settings/sending: the caller's environment, paused or active, its 24-hour rates and thresholds. */
export async function sendingStatus(caller: Caller) {
  const { organizationId, environment } = caller;
  const { state, counts } = await judgedWindow(organizationId, environment, Date.now());
  const rates = ratesOf(counts);
  const { enabled, ...thresholds } = effectiveGuard(environment, state?.settings);
  return {
    environment,
    enabled,
    status: state?.paused ? ('paused' as const) : ('active' as const),
    paused_at: state?.paused?.paused_at ?? null,
    paused_reason: state?.paused?.reason ?? null,
    sent_24h: counts.sent,
    bounce_rate_24h: rates.bounce_rate,
    complaint_rate_24h: rates.complaint_rate,
    thresholds,
  };
}

/** Resumes an environment: the guard then judges only what is sent from now on. */
export async function resumeSending(organizationId: string, environment: Environment): Promise<boolean> {
  const now = Date.now();
  const { hour } = { hour: windowHours(now).last };
  const { counts } = await readCounters(organizationId, environment, hour, hour);
  const inHour = counts.get(hour);
  const resume: GuardResume = {
    resumed_at: new Date(now).toISOString(),
    hour,
    counted: { sent: inHour?.sent ?? 0, bounced: inHour?.bounced ?? 0, complained: inHour?.complained ?? 0 },
  };
  return resumeEnvironment(organizationId, environment, resume);
}

/**
 * Sets an environment's guard (thresholds as fractions: 0.04 = 4%; `enabled` switches it). Switching it
 * on or off starts its window afresh, as a resume does: switched on, it judges only what is sent from
 * then on (a test suite's earlier complaints do not pause it at once); switched off, a pause it held
 * ends. The settings it runs with afterwards; undefined when there is no such organization.
 */
export async function setSendingGuard(organizationId: string, environment: Environment, settings: GuardSettings) {
  const before = await readGuardState(organizationId, environment);
  if (!before) return undefined;
  if (!(await setGuardSettings(organizationId, environment, settings))) return undefined;
  const switched =
    settings.enabled !== undefined && settings.enabled !== effectiveGuard(environment, before.settings).enabled;
  if (switched) await resumeSending(organizationId, environment);
  return effectiveGuard(environment, { ...before.settings, ...settings });
}
