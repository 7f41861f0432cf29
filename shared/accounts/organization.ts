/** An organization and its settings, as the services use them (stored by organization.store.ts). */
export const AUTO_VALIDATION_THRESHOLDS = ['off', 'managed', 'medium', 'high'] as const;
export type AutoValidationThreshold = (typeof AUTO_VALIDATION_THRESHOLDS)[number];
export const DEFAULT_AUTO_VALIDATION_THRESHOLD: AutoValidationThreshold = 'off';

export interface Organization {
  id: string;
  name: string;
  createdAt: string;
  /** Requests per second; absent means the deployment default. */
  rateLimitPerSecond?: number;
  autoValidationThreshold: AutoValidationThreshold;
  /** Sending limits in recipients (shared/emails/sending-limit.ts); absent means the default. */
  dailyRecipientLimitLive?: number;
  monthlyRecipientLimitLive?: number;
  dailyRecipientLimitTest?: number;
}

/** The organization attributes holding sending limits. */
export type SendingLimitAttribute =
  | 'daily_recipient_limit_live'
  | 'monthly_recipient_limit_live'
  | 'daily_recipient_limit_test';
