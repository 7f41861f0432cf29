/**
 * refusedRecipients (auto-validation.service.ts), its module imported only when the organization's
 * threshold refuses something: with it come the address validator, its DNS resolver and the
 * disposable-domain list, which a send with auto-validation off (the default) never needs, so they
 * stay out of the send and batch functions' cold starts (docs/decisions.md, Bundles).
 */
import type { AutoValidationThreshold } from '#accounts/organization.ts';
import { onDemand } from '#core/on-demand.ts';
import type { ValidationResult } from '#validation/address-verdict.ts';
import type * as AutoValidation from '#validation/auto-validation.service.ts';
import { REFUSED } from '#validation/auto-validation.ts';

export { refusalReason } from '#validation/auto-validation.ts';

/** The service, imported once per instance (its validator's DNS cache with it). */
const autoValidation = onDemand<typeof AutoValidation>(() => import('#validation/auto-validation.service.ts'));

/** refusedRecipients: nothing loaded or looked up when the threshold refuses nothing (`off`) or there is no address. */
export async function refusedRecipients(
  organizationId: string,
  threshold: AutoValidationThreshold,
  addresses: readonly string[],
): Promise<Map<number, ValidationResult>> {
  if (REFUSED[threshold].size === 0 || addresses.length === 0) return new Map();
  return (await autoValidation()).refusedRecipients(organizationId, threshold, addresses);
}
