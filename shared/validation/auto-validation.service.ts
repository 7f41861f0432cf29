/**
 * POST /emails/validate and /emails/validate/batch, and the auto-validation of recipients at send
 * time (docs/api.md, "Address validation"). One validator per function
 * instance: its per-domain DNS cache lasts across requests.
 */
import type { AutoValidationThreshold } from '#accounts/organization.ts';
import { findSuppressedAddresses } from '#suppressions/suppressions.service.ts';
import { createAddressValidator } from '#validation/address-validation.service.ts';
import type { ValidationResult } from '#validation/address-verdict.ts';
import { REFUSED } from '#validation/auto-validation.ts';

export { refusalReason } from '#validation/auto-validation.ts';

const validator = createAddressValidator({ findSuppressed: findSuppressedAddresses });

export const validateAddress = (organizationId: string, email: string): Promise<ValidationResult> =>
  validator.validate(email, organizationId);

export const validateAddresses = (organizationId: string, emails: readonly string[]): Promise<ValidationResult[]> =>
  validator.validateMany(emails, organizationId);

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
