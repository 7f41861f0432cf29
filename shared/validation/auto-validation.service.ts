/**
 * POST /emails/validate and /emails/validate/batch, and the auto-validation of recipients at send
 * time (docs/api.md, "Address validation"). One validator per function
 * instance: its per-domain DNS cache lasts across requests.
 */
import type { AutoValidationThreshold } from '#accounts/organization.ts';
import { findSuppressedAddresses } from '#suppressions/suppressions.service.ts';
import { createAddressValidator } from '#validation/address-validation.service.ts';
import type { ValidationResult, Verdict } from '#validation/address-verdict.ts';

const validator = createAddressValidator({ findSuppressed: findSuppressedAddresses });

export const validateAddress = (organizationId: string, email: string): Promise<ValidationResult> =>
  validator.validate(email, organizationId);

export const validateAddresses = (organizationId: string, emails: readonly string[]): Promise<ValidationResult[]> =>
  validator.validateMany(emails, organizationId);

/** Verdicts each threshold refuses: `managed` is the recommended level, today equal to `medium`. */
const REFUSED: Record<AutoValidationThreshold, ReadonlySet<Verdict>> = {
  off: new Set(),
  managed: new Set(['undeliverable']),
  medium: new Set(['undeliverable']),
  high: new Set(['undeliverable', 'risky']),
};

/** A readable sentence for a refused recipient: `undeliverable (no_mx_record)`. */
export const refusalReason = (result: ValidationResult) =>
  `Failed auto-validation: ${result.verdict}${result.reason.length > 0 ? ` (${result.reason.join(', ')})` : ''}${
    result.did_you_mean ? `; did you mean ${result.did_you_mean}?` : ''
  }`;

/**
 * The recipients the organization's threshold refuses (by position in `addresses`), with the result
 * that refused each; nothing is looked up when the threshold is `off`.
 */
export async function refusedRecipients(
  organizationId: string,
  threshold: AutoValidationThreshold,
  addresses: readonly string[],
): Promise<Map<number, ValidationResult>> {
  const refused = new Map<number, ValidationResult>();
  if (REFUSED[threshold].size === 0 || addresses.length === 0) return refused;
  const results = await validateAddresses(organizationId, addresses);
  results.forEach((result, index) => {
    if (REFUSED[threshold].has(result.verdict)) refused.set(index, result);
  });
  return refused;
}
