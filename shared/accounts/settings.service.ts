/** Organization settings service: the auto-validation threshold. */

import { getOrganization, updateOrganizationAttribute } from '#accounts/organization.store.ts';
import type { AutoValidationThreshold } from '#accounts/organization.ts';
import { notFound } from '#core/errors.ts';

export async function getAutoValidationThreshold(organizationId: string): Promise<AutoValidationThreshold> {
  const organization = await getOrganization(organizationId);
  if (!organization) throw notFound('Organization');
  return organization.autoValidationThreshold;
}

export async function setAutoValidationThreshold(
  organizationId: string,
  threshold: AutoValidationThreshold,
): Promise<AutoValidationThreshold> {
  if (!(await updateOrganizationAttribute(organizationId, 'auto_validation_threshold', threshold))) {
    throw notFound('Organization');
  }
  return threshold;
}
