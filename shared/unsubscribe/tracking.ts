/**
 * Open and click tracking (docs/api.md, "Unsubscribe links and tracking"), pure: the
 * request's `tracking` field, and the switches an email is sent with — each the request's value, or
 * else the organization's default (GET/PUT /api/v1/settings/tracking; both off unless set). In AWS the
 * switches pick the SES configuration set the email goes through (shared/platform/ses-configuration-sets.ts:
 * SES adds the open pixel and rewrites links only in sets publishing Open and Click events); locally the
 * outcome simulator produces `opened`/`clicked` only for emails that asked for them.
 */
import * as z from 'zod';
import { DEFAULT_TRACKING, type TrackingSettings } from '#accounts/organization.ts';

export const trackingField = z
  .strictObject({
    opens: z.boolean().optional().meta({ description: 'Track opens (a pixel SES adds to the html)' }),
    clicks: z.boolean().optional().meta({ description: 'Track clicks (SES rewrites the html’s links)' }),
  })
  .meta({
    id: 'TrackingRequest',
    description: 'Each switch left out takes the organization’s default (GET /settings/tracking)',
  });

export type TrackingRequest = z.output<typeof trackingField>;

/** The switches an email is sent with. */
export function resolveTracking(request: TrackingRequest | undefined, defaults: TrackingSettings): TrackingSettings {
  return { opens: request?.opens ?? defaults.opens, clicks: request?.clicks ?? defaults.clicks };
}

/** The switches an email was accepted with; emails from before tracking had switches track nothing. */
export const trackingOfEmail = (email: { tracking?: TrackingSettings | undefined }): TrackingSettings =>
  email.tracking ?? DEFAULT_TRACKING;
