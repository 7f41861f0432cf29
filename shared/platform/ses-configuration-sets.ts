/**
 * The SES configuration sets emails go through, one per combination of the tracking switches
 * (shared/unsubscribe/tracking.ts). SES adds the open pixel, and rewrites links for click tracking, only
 * in a set whose event destination publishes Open and Click events; so the base set publishes
 * neither and the others add what their name says. Read by the CDK stack (which creates all four,
 * each publishing to the SES events topic) and by the send consumer (which picks one per email).
 */

export interface TrackingSwitches {
  opens: boolean;
  clicks: boolean;
}

/** Every combination, the base set's (no tracking) first. */
export const TRACKING_COMBINATIONS: readonly TrackingSwitches[] = [
  { opens: false, clicks: false },
  { opens: true, clicks: false },
  { opens: false, clicks: true },
  { opens: true, clicks: true },
];

/** SES: letters, digits, `-` and `_`, at most 64 characters. */
const MAX_NAME_LENGTH = 64;

/** The set for these switches: the base name, with `-opens`, `-clicks` or `-opens-clicks` when tracking. */
export function configurationSetFor(base: string, tracking: TrackingSwitches): string {
  const suffix = `${tracking.opens ? '-opens' : ''}${tracking.clicks ? '-clicks' : ''}`;
  return suffix === '' ? base : base.slice(0, MAX_NAME_LENGTH - suffix.length) + suffix;
}
