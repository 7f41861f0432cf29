/**
 * The sending guard at work: judged by the metrics counter after it counts anything of an
 * organization's environment (so the send path only reads the pause the guard stored on the
 * organization); resumed and tuned by operators (npm run admin); shown by GET /settings/sending.
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
  setGuardThresholds,
} from '#deliverability/sending-guard.store.ts';
import {
  DEFAULT_GUARD,
  type GuardResume,
  type GuardThresholds,
  judge,
  judgedCounts,
  windowHours,
} from '#deliverability/sending-guard.ts';

const thresholdsOf = (state: GuardState | undefined): GuardThresholds => ({ ...DEFAULT_GUARD, ...state?.guard });

/** The counts the guard judges now, and the state they were judged with. */
async function judgedWindow(organizationId: string, environment: Environment, now: number) {
  const window = windowHours(now);
  const [state, hours] = await Promise.all([
    readGuardState(organizationId, environment),
    readCounters(organizationId, environment, window.first, window.last),
  ]);
  return { state, counts: judgedCounts(hours.counts, window, state?.resumed) };
}

/** Judges an environment after its counts moved; pauses it when its rates cross the line. */
export async function evaluateSendingGuard(organizationId: string, environment: Environment): Promise<void> {
  const now = Date.now();
  const { state, counts } = await judgedWindow(organizationId, environment, now);
  if (!state || state.paused) return;
  const pause = judge(counts, thresholdsOf(state), new Date(now).toISOString());
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
  const { state, counts } = await judgedWindow(caller.organizationId, caller.environment, Date.now());
  const rates = ratesOf(counts);
  return {
    environment: caller.environment,
    status: state?.paused ? ('paused' as const) : ('active' as const),
    paused_at: state?.paused?.paused_at ?? null,
    paused_reason: state?.paused?.reason ?? null,
    sent_24h: counts.sent,
    bounce_rate_24h: rates.bounce_rate,
    complaint_rate_24h: rates.complaint_rate,
    thresholds: thresholdsOf(state),
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

/** Sets an organization's thresholds (rates as fractions: 0.04 = 4%). */
export function setSendingGuard(organizationId: string, thresholds: Partial<GuardThresholds>): Promise<boolean> {
  return setGuardThresholds(organizationId, thresholds);
}
