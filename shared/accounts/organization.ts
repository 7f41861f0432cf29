/** An organization and its settings, as the services use them (stored by organization.store.ts). */
export const AUTO_VALIDATION_THRESHOLDS = ['off', 'managed', 'medium', 'high'] as const;
export type AutoValidationThreshold = (typeof AUTO_VALIDATION_THRESHOLDS)[number];
export const DEFAULT_AUTO_VALIDATION_THRESHOLD: AutoValidationThreshold = 'off';

/** Open and click tracking, on or off (an organization's defaults; an email's switches). */
export interface TrackingSettings {
  opens: boolean;
  clicks: boolean;
}
export const DEFAULT_TRACKING: TrackingSettings = { opens: false, clicks: false };

/**
 * Why and when an environment's sending was paused by the sending guard (shared/deliverability/
 * sending-guard.ts): stored on the organization, so the send path sees it in the read it already does.
 */
export interface SendingPause {
  paused_at: string;
  reason: string;
  bounce_rate: number;
  complaint_rate: number;
  sent: number;
}

export interface Organization {
  id: string;
  name: string;
  createdAt: string;
  /** Requests per second; absent means the deployment default. */
  rateLimitPerSecond?: number;
  autoValidationThreshold: AutoValidationThreshold;
  /** What a send tracks unless it says (`tracking` on send and batch). */
  trackingDefaults: TrackingSettings;
  /** One of its domains receives (or received) email: its sent emails are threaded (`threaded`). */
  receivesEmail: boolean;
  /** Sending limits in recipients (sending-limit.ts); absent means the default. */
  dailyRecipientLimitLive?: number;
  monthlyRecipientLimitLive?: number;
  dailyRecipientLimitTest?: number;
  /** Environments the sending guard paused (send and batch answer 403 SENDING_PAUSED). */
  sendingPaused?: Partial<Record<'live' | 'test', SendingPause>>;
}

/** The organization attributes holding sending limits. */
export type SendingLimitAttribute =
  | 'daily_recipient_limit_live'
  | 'monthly_recipient_limit_live'
  | 'daily_recipient_limit_test';
