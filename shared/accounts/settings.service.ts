/** Organization settings service: the auto-validation threshold, the tracking defaults. */

import { getOrganization, updateOrganizationAttribute, updateTrackingDefaults } from '#accounts/organization.store.ts';
import type { AutoValidationThreshold, TrackingSettings } from '#accounts/organization.ts';
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

export async function getTrackingDefaults(organizationId: string): Promise<TrackingSettings> {
  const organization = await getOrganization(organizationId);
  if (!organization) throw notFound('Organization');
  return organization.trackingDefaults;
}

export async function setTrackingDefaults(
  organizationId: string,
  tracking: TrackingSettings,
): Promise<TrackingSettings> {
  if (!(await updateTrackingDefaults(organizationId, tracking))) throw notFound('Organization');
  return tracking;
}
