/** A suppression: an address that must not receive email from an organization, and why. */
export const SUPPRESSION_REASONS = ['hard_bounce', 'soft_bounce', 'complaint', 'unsubscribe', 'manual'] as const;
export type SuppressionReason = (typeof SUPPRESSION_REASONS)[number];
export type SuppressionSource = 'automatic' | 'manual';

export interface Suppression {
  id: string;
  email: string;
  reason: SuppressionReason;
  source: SuppressionSource;
  created_at: string;
}
